namespace Sing.Contracts
{
    /// <summary>A contract's message union (generated): the tag says which message it is.</summary>
    public interface IMessage
    {
        int Tag { get; }
    }
}

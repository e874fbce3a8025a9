namespace Sing.Contracts
{
    /// <summary>A contract's message union (generated): the tag says which message it is.</summary>
    public interface IMessage
    {
        int Tag { get; }

        /// <summary>Writes this message's arguments (those of its tag) into transport form.</summary>
        void Pack(ref WireMessage wire);

        /// <summary>Reads the tag and its arguments back; linear values arrive as handles in transit.</summary>
        void Unpack(ref WireMessage wire);
    }
}

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

        /// <summary>Reads the tag and its arguments from a message that arrived inline; false (nothing read) for a
        /// message with block or endpoint arguments, which is read through <see cref="Unpack"/>.</summary>
        bool TryUnpackInline(ref InlineMessage message);
    }
}

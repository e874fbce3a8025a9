namespace System.Security.Cryptography
{
    /// <summary>An incremental hash function (the algorithms behind the public types): append data, finish into a
    /// digest, copy a state (HMAC keeps its keyed inner and outer starting states and restarts from copies).
    /// Plain C# with no corelib-only dependency: Tests/Sing.CoreLib.Tests compiles these files and compares them
    /// with the host's implementations.</summary>
    internal abstract class HashProvider
    {
        /// <summary>The digest's length in bytes.</summary>
        public abstract int HashSizeInBytes { get; }

        /// <summary>The compression function's block length in bytes (HMAC pads keys to it).</summary>
        public abstract int BlockSizeInBytes { get; }

        /// <summary>Starts a new message.</summary>
        public abstract void Reset();

        public abstract void Append(ReadOnlySpan<byte> data);

        /// <summary>Pads the message, writes the digest to the first <see cref="HashSizeInBytes"/> bytes of
        /// <paramref name="destination"/> and starts a new message.</summary>
        public abstract void Finish(Span<byte> destination);

        /// <summary>Takes the state (chaining value, buffered bytes, length) of <paramref name="other"/>, a
        /// provider of the same algorithm.</summary>
        public abstract void CopyStateFrom(HashProvider other);

        /// <summary>A new provider of the same algorithm, at the start of a message.</summary>
        public abstract HashProvider CreateNew();

        /// <summary>Overwrites the state with zeros (keyed states should not linger in the heap).</summary>
        public abstract void Clear();
    }
}

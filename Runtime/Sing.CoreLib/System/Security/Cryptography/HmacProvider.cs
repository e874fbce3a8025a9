namespace System.Security.Cryptography
{
    /// <summary>HMAC (RFC 2104) over any <see cref="HashProvider"/>: H((K0 ^ opad) || H((K0 ^ ipad) || message)),
    /// K0 the key zero-padded to the block length, or its hash padded when it is longer than a block. The keyed
    /// inner and outer states are computed once; each message restarts from copies of them, so PBKDF2's many
    /// iterations cost two compressions each for short inputs. Plain C#, no corelib-only dependency.</summary>
    internal sealed class HmacProvider
    {
        private readonly HashProvider _innerStart;
        private readonly HashProvider _outerStart;
        private readonly HashProvider _inner;
        private readonly HashProvider _outer;
        private readonly byte[] _innerDigest;

        public HmacProvider(HashProvider hash, ReadOnlySpan<byte> key)
        {
            int blockSize = hash.BlockSizeInBytes;
            var paddedKey = new byte[blockSize];
            if (key.Length > blockSize)
            {
                hash.Reset();
                hash.Append(key);
                hash.Finish(paddedKey);
            }
            else
            {
                key.CopyTo(paddedKey);
            }
            var pad = new byte[blockSize];
            for (int i = 0; i < blockSize; i++) pad[i] = (byte)(paddedKey[i] ^ 0x36);
            _innerStart = hash.CreateNew();
            _innerStart.Append(pad);
            for (int i = 0; i < blockSize; i++) pad[i] = (byte)(paddedKey[i] ^ 0x5c);
            _outerStart = hash.CreateNew();
            _outerStart.Append(pad);
            paddedKey.AsSpan().Clear();
            pad.AsSpan().Clear();
            hash.Clear();
            _inner = hash.CreateNew();
            _outer = hash.CreateNew();
            _innerDigest = new byte[hash.HashSizeInBytes];
            Begin();
        }

        public int HashSizeInBytes => _innerDigest.Length;

        /// <summary>Starts a new message under the same key.</summary>
        public void Begin() => _inner.CopyStateFrom(_innerStart);

        public void Append(ReadOnlySpan<byte> data) => _inner.Append(data);

        /// <summary>Writes the MAC of the message to the first <see cref="HashSizeInBytes"/> bytes of
        /// <paramref name="destination"/> (which may overlap what was appended) and starts a new message.</summary>
        public void Finish(Span<byte> destination)
        {
            _inner.Finish(_innerDigest);
            _outer.CopyStateFrom(_outerStart);
            _outer.Append(_innerDigest);
            _outer.Finish(destination);
            Begin();
        }

        /// <summary>The MAC of <paramref name="message"/> (which may be <paramref name="destination"/> itself).</summary>
        public void Compute(ReadOnlySpan<byte> message, Span<byte> destination)
        {
            Begin();
            _inner.Append(message);
            Finish(destination);
        }

        /// <summary>Overwrites every keyed state with zeros.</summary>
        public void Clear()
        {
            _innerStart.Clear();
            _outerStart.Clear();
            _inner.Clear();
            _outer.Clear();
            _innerDigest.AsSpan().Clear();
        }
    }
}

namespace System.Security.Cryptography
{
    /// <summary>SHA-1 as FIPS 180-4 defines it (§4.1.1 functions, §4.2.1 constants, §5.3.1 initial value, §6.1.2
    /// computation). Broken for collisions; here only because PBKDF2 accepts <c>HashAlgorithmName.SHA1</c> (RFC 6070's
    /// test vectors use it; HMAC-SHA1 as a PRF is not affected by the collision attacks). Plain C#, no corelib-only
    /// dependency (compiled by the host tests too).</summary>
    internal sealed class Sha1Provider : HashProvider
    {
        public const int HashSize = 20;
        public const int BlockSize = 64;

        private readonly uint[] _h = new uint[5];
        private readonly uint[] _w = new uint[80];
        private readonly byte[] _buffer = new byte[BlockSize];
        private int _buffered;
        private ulong _length;

        public Sha1Provider() => Reset();

        public override int HashSizeInBytes => HashSize;

        public override int BlockSizeInBytes => BlockSize;

        public override void Reset()
        {
            _h[0] = 0x67452301; _h[1] = 0xefcdab89; _h[2] = 0x98badcfe; _h[3] = 0x10325476; _h[4] = 0xc3d2e1f0;
            _buffered = 0;
            _length = 0;
        }

        public override void Append(ReadOnlySpan<byte> data)
        {
            _length += (ulong)data.Length;
            if (_buffered > 0)
            {
                int take = Math.Min(BlockSize - _buffered, data.Length);
                data.Slice(0, take).CopyTo(_buffer.AsSpan(_buffered));
                _buffered += take;
                data = data.Slice(take);
                if (_buffered < BlockSize) return;
                Compress(_buffer);
                _buffered = 0;
            }
            while (data.Length >= BlockSize)
            {
                Compress(data.Slice(0, BlockSize));
                data = data.Slice(BlockSize);
            }
            data.CopyTo(_buffer);
            _buffered = data.Length;
        }

        public override void Finish(Span<byte> destination)
        {
            if (destination.Length < HashSize) throw new ArgumentException("Destination is too short.", nameof(destination));
            ulong bits = _length * 8;
            _buffer[_buffered++] = 0x80;
            if (_buffered > BlockSize - 8)
            {
                _buffer.AsSpan(_buffered).Clear();
                Compress(_buffer);
                _buffered = 0;
            }
            _buffer.AsSpan(_buffered, BlockSize - 8 - _buffered).Clear();
            for (int i = 0; i < 8; i++) _buffer[BlockSize - 1 - i] = (byte)(bits >> (8 * i));
            Compress(_buffer);
            for (int i = 0; i < 5; i++)
            {
                uint word = _h[i];
                destination[4 * i] = (byte)(word >> 24);
                destination[4 * i + 1] = (byte)(word >> 16);
                destination[4 * i + 2] = (byte)(word >> 8);
                destination[4 * i + 3] = (byte)word;
            }
            Reset();
        }

        public override void CopyStateFrom(HashProvider other)
        {
            var source = (Sha1Provider)other;
            source._h.AsSpan().CopyTo(_h);
            source._buffer.AsSpan().CopyTo(_buffer);
            _buffered = source._buffered;
            _length = source._length;
        }

        public override HashProvider CreateNew() => new Sha1Provider();

        public override void Clear()
        {
            _h.AsSpan().Clear();
            _w.AsSpan().Clear();
            _buffer.AsSpan().Clear();
            Reset();
        }

        private static uint Rotl(uint x, int n) => (x << n) | (x >> (32 - n));

        private void Compress(ReadOnlySpan<byte> block)
        {
            uint[] w = _w;
            for (int t = 0; t < 16; t++)
                w[t] = (uint)block[4 * t] << 24 | (uint)block[4 * t + 1] << 16 | (uint)block[4 * t + 2] << 8 | block[4 * t + 3];
            for (int t = 16; t < 80; t++) w[t] = Rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
            uint a = _h[0], b = _h[1], c = _h[2], d = _h[3], e = _h[4];
            for (int t = 0; t < 80; t++)
            {
                uint f, k;
                if (t < 20) { f = (b & c) | (~b & d); k = 0x5a827999; }
                else if (t < 40) { f = b ^ c ^ d; k = 0x6ed9eba1; }
                else if (t < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8f1bbcdc; }
                else { f = b ^ c ^ d; k = 0xca62c1d6; }
                uint temp = Rotl(a, 5) + f + e + k + w[t];
                e = d;
                d = c;
                c = Rotl(b, 30);
                b = a;
                a = temp;
            }
            _h[0] += a; _h[1] += b; _h[2] += c; _h[3] += d; _h[4] += e;
        }
    }
}

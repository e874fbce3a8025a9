namespace System.Security.Cryptography
{
    /// <summary>SHA-512 and SHA-384 as FIPS 180-4 defines them (§4.1.3 functions, §4.2.3 constants, §5.1.2 padding,
    /// §5.3.4/§5.3.5 initial values, §6.4 computation): 128-byte blocks, big-endian 64-bit words, a 128-bit message
    /// length in bits; SHA-384 is SHA-512 from another initial value, truncated to 48 bytes. Used by PBKDF2 for those
    /// hash names. Plain C#, no corelib-only dependency (compiled by the host tests too).</summary>
    internal sealed class Sha512Provider : HashProvider
    {
        public const int BlockSize = 128;

        // The first 64 bits of the fractional parts of the cube roots of the first 80 primes (§4.2.3).
        private static readonly ulong[] s_k =
        {
            0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
            0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
            0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
            0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
            0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
            0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
            0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
            0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
            0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
            0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
            0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
            0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
            0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
            0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
            0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
            0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
        };

        private readonly bool _is384;
        private readonly ulong[] _h = new ulong[8];
        private readonly ulong[] _w = new ulong[80];
        private readonly byte[] _buffer = new byte[BlockSize];
        private int _buffered;
        private ulong _length;

        /// <summary>SHA-512, or SHA-384 when <paramref name="is384"/>.</summary>
        public Sha512Provider(bool is384)
        {
            _is384 = is384;
            Reset();
        }

        public override int HashSizeInBytes => _is384 ? 48 : 64;

        public override int BlockSizeInBytes => BlockSize;

        public override void Reset()
        {
            if (_is384)
            {
                // The first 64 bits of the fractional parts of the square roots of the 9th to 16th primes (§5.3.4).
                _h[0] = 0xcbbb9d5dc1059ed8; _h[1] = 0x629a292a367cd507; _h[2] = 0x9159015a3070dd17; _h[3] = 0x152fecd8f70e5939;
                _h[4] = 0x67332667ffc00b31; _h[5] = 0x8eb44a8768581511; _h[6] = 0xdb0c2e0d64f98fa7; _h[7] = 0x47b5481dbefa4fa4;
            }
            else
            {
                // The first 64 bits of the fractional parts of the square roots of the first 8 primes (§5.3.5).
                _h[0] = 0x6a09e667f3bcc908; _h[1] = 0xbb67ae8584caa73b; _h[2] = 0x3c6ef372fe94f82b; _h[3] = 0xa54ff53a5f1d36f1;
                _h[4] = 0x510e527fade682d1; _h[5] = 0x9b05688c2b3e6c1f; _h[6] = 0x1f83d9abfb41bd6b; _h[7] = 0x5be0cd19137e2179;
            }
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
            int size = HashSizeInBytes;
            if (destination.Length < size) throw new ArgumentException("Destination is too short.", nameof(destination));
            // Padding (§5.1.2): a 1 bit, zeros up to 112 bytes into a block, the length in bits as 128 big-endian
            // bits (the upper 64 are the bits of the byte count shifted out).
            ulong bitsLow = _length << 3, bitsHigh = _length >> 61;
            _buffer[_buffered++] = 0x80;
            if (_buffered > BlockSize - 16)
            {
                _buffer.AsSpan(_buffered).Clear();
                Compress(_buffer);
                _buffered = 0;
            }
            _buffer.AsSpan(_buffered, BlockSize - 16 - _buffered).Clear();
            for (int i = 0; i < 8; i++)
            {
                _buffer[BlockSize - 1 - i] = (byte)(bitsLow >> (8 * i));
                _buffer[BlockSize - 9 - i] = (byte)(bitsHigh >> (8 * i));
            }
            Compress(_buffer);
            for (int i = 0; i < size; i++) destination[i] = (byte)(_h[i / 8] >> (56 - 8 * (i % 8)));
            Reset();
        }

        public override void CopyStateFrom(HashProvider other)
        {
            var source = (Sha512Provider)other;
            source._h.AsSpan().CopyTo(_h);
            source._buffer.AsSpan().CopyTo(_buffer);
            _buffered = source._buffered;
            _length = source._length;
        }

        public override HashProvider CreateNew() => new Sha512Provider(_is384);

        public override void Clear()
        {
            _h.AsSpan().Clear();
            _w.AsSpan().Clear();
            _buffer.AsSpan().Clear();
            Reset();
        }

        private static ulong Rotr(ulong x, int n) => (x >> n) | (x << (64 - n));

        // One block of the hash computation (§6.4.2).
        private void Compress(ReadOnlySpan<byte> block)
        {
            ulong[] w = _w;
            for (int t = 0; t < 16; t++)
            {
                ulong word = 0;
                for (int i = 0; i < 8; i++) word = word << 8 | block[8 * t + i];
                w[t] = word;
            }
            for (int t = 16; t < 80; t++)
            {
                ulong x = w[t - 15], y = w[t - 2];
                ulong sigma0 = Rotr(x, 1) ^ Rotr(x, 8) ^ (x >> 7);
                ulong sigma1 = Rotr(y, 19) ^ Rotr(y, 61) ^ (y >> 6);
                w[t] = sigma1 + w[t - 7] + sigma0 + w[t - 16];
            }
            ulong a = _h[0], b = _h[1], c = _h[2], d = _h[3], e = _h[4], f = _h[5], g = _h[6], h = _h[7];
            ulong[] k = s_k;
            for (int t = 0; t < 80; t++)
            {
                ulong t1 = h + (Rotr(e, 14) ^ Rotr(e, 18) ^ Rotr(e, 41)) + ((e & f) ^ (~e & g)) + k[t] + w[t];
                ulong t2 = (Rotr(a, 28) ^ Rotr(a, 34) ^ Rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
                h = g;
                g = f;
                f = e;
                e = d + t1;
                d = c;
                c = b;
                b = a;
                a = t1 + t2;
            }
            _h[0] += a; _h[1] += b; _h[2] += c; _h[3] += d;
            _h[4] += e; _h[5] += f; _h[6] += g; _h[7] += h;
        }
    }
}

namespace System.Security.Cryptography
{
    /// <summary>SHA-256 as FIPS 180-4 defines it (§4.1.2 functions, §4.2.2 constants, §5.1.1 padding, §5.3.3 initial
    /// value, §6.2.2 computation): 64-byte blocks, big-endian words, a 64-bit message length in bits. Plain C#, no
    /// corelib-only dependency (compiled by the host tests too).</summary>
    internal sealed class Sha256Provider : HashProvider
    {
        public const int HashSize = 32;
        public const int BlockSize = 64;

        // The first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2).
        private static readonly uint[] s_k =
        {
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
        };

        private readonly uint[] _h = new uint[8];
        private readonly byte[] _buffer = new byte[BlockSize];
        private int _buffered;
        private ulong _length;

        public Sha256Provider() => Reset();

        public override int HashSizeInBytes => HashSize;

        public override int BlockSizeInBytes => BlockSize;

        /// <summary>SHA-256 of <paramref name="source"/> into the first 32 bytes of <paramref name="destination"/>.</summary>
        public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            var provider = new Sha256Provider();
            provider.Append(source);
            provider.Finish(destination);
        }

        public override void Reset()
        {
            // The first 32 bits of the fractional parts of the square roots of the first 8 primes (§5.3.3).
            _h[0] = 0x6a09e667; _h[1] = 0xbb67ae85; _h[2] = 0x3c6ef372; _h[3] = 0xa54ff53a;
            _h[4] = 0x510e527f; _h[5] = 0x9b05688c; _h[6] = 0x1f83d9ab; _h[7] = 0x5be0cd19;
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
            // Padding (§5.1.1): a 1 bit, zeros up to 56 bytes into a block, the length in bits as 64 big-endian bits.
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
            for (int i = 0; i < 8; i++)
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
            var source = (Sha256Provider)other;
            source._h.AsSpan().CopyTo(_h);
            source._buffer.AsSpan().CopyTo(_buffer);
            _buffered = source._buffered;
            _length = source._length;
        }

        public override HashProvider CreateNew() => new Sha256Provider();

        public override void Clear()
        {
            _h.AsSpan().Clear();
            _buffer.AsSpan().Clear();
            Reset();
        }

        private static uint Rotr(uint x, int n) => (x >> n) | (x << (32 - n));

        // One block of the hash computation (§6.2.2). The 64 rounds go eight at a time, each of the eight naming the
        // working variables in turn instead of shifting them along (what §6.2.2 step 3's eight assignments amount to),
        // and the schedule lives on the stack: about a third of the instructions of the plain loop (the kernel hashes
        // every image it starts, Kernel/Security/ImageIntegrity.cs; a login runs 80,000 blocks).
        private void Compress(ReadOnlySpan<byte> block)
        {
            Span<uint> w = stackalloc uint[64];
            for (int t = 0; t < 16; t++)
                w[t] = (uint)block[4 * t] << 24 | (uint)block[4 * t + 1] << 16 | (uint)block[4 * t + 2] << 8 | block[4 * t + 3];
            for (int t = 16; t < 64; t++)
            {
                uint x = w[t - 15], y = w[t - 2];
                uint sigma0 = Rotr(x, 7) ^ Rotr(x, 18) ^ (x >> 3);
                uint sigma1 = Rotr(y, 17) ^ Rotr(y, 19) ^ (y >> 10);
                w[t] = sigma1 + w[t - 7] + sigma0 + w[t - 16];
            }
            uint[] hash = _h;
            uint a = hash[0], b = hash[1], c = hash[2], d = hash[3], e = hash[4], f = hash[5], g = hash[6], h = hash[7];
            uint[] k = s_k;
            for (int t = 0; t < 64; t += 8)
            {
                Round(a, b, c, ref d, e, f, g, ref h, k[t] + w[t]);
                Round(h, a, b, ref c, d, e, f, ref g, k[t + 1] + w[t + 1]);
                Round(g, h, a, ref b, c, d, e, ref f, k[t + 2] + w[t + 2]);
                Round(f, g, h, ref a, b, c, d, ref e, k[t + 3] + w[t + 3]);
                Round(e, f, g, ref h, a, b, c, ref d, k[t + 4] + w[t + 4]);
                Round(d, e, f, ref g, h, a, b, ref c, k[t + 5] + w[t + 5]);
                Round(c, d, e, ref f, g, h, a, ref b, k[t + 6] + w[t + 6]);
                Round(b, c, d, ref e, f, g, h, ref a, k[t + 7] + w[t + 7]);
            }
            hash[0] += a; hash[1] += b; hash[2] += c; hash[3] += d;
            hash[4] += e; hash[5] += f; hash[6] += g; hash[7] += h;
        }

        /// <summary>One round: T1 from e, f, g, h and the round's K + W; d becomes d + T1 (the next e) and h becomes
        /// T1 + T2 (the next a). Ch and Maj in their three-operation forms.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Round(uint a, uint b, uint c, ref uint d, uint e, uint f, uint g, ref uint h, uint kw)
        {
            uint t1 = h + (Rotr(e, 6) ^ Rotr(e, 11) ^ Rotr(e, 25)) + (g ^ (e & (f ^ g))) + kw;
            uint t2 = (Rotr(a, 2) ^ Rotr(a, 13) ^ Rotr(a, 22)) + ((a & b) | (c & (a | b)));
            d += t1;
            h = t1 + t2;
        }
    }
}

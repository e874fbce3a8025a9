namespace System.Security.Cryptography
{
    /// <summary>PBKDF2 (RFC 8018 §5.2) with HMAC as the pseudo-random function: block i of the output is
    /// U1 ^ U2 ^ ... ^ Uc with U1 = PRF(P, S || INT(i)) and Uj = PRF(P, Uj-1), the last block truncated.
    /// Plain C#, no corelib-only dependency.</summary>
    internal static class Pbkdf2Provider
    {
        /// <summary>Fills <paramref name="destination"/> with the derived key. The caller has checked the
        /// arguments (iterations &gt; 0).</summary>
        public static void Derive(HashProvider hash, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int iterations, Span<byte> destination)
        {
            if (destination.IsEmpty) return;
            var prf = new HmacProvider(hash, password);
            int hashSize = prf.HashSizeInBytes;
            var u = new byte[hashSize];
            var t = new byte[hashSize];
            var counter = new byte[4];
            uint blockIndex = 1;
            for (int offset = 0; offset < destination.Length; offset += hashSize, blockIndex++)
            {
                counter[0] = (byte)(blockIndex >> 24);
                counter[1] = (byte)(blockIndex >> 16);
                counter[2] = (byte)(blockIndex >> 8);
                counter[3] = (byte)blockIndex;
                prf.Begin();
                prf.Append(salt);
                prf.Append(counter);
                prf.Finish(u);
                u.AsSpan().CopyTo(t);
                for (int i = 1; i < iterations; i++)
                {
                    prf.Compute(u, u);
                    for (int j = 0; j < hashSize; j++) t[j] ^= u[j];
                }
                int length = Math.Min(hashSize, destination.Length - offset);
                t.AsSpan(0, length).CopyTo(destination.Slice(offset));
            }
            prf.Clear();
            u.AsSpan().Clear();
            t.AsSpan().Clear();
        }
    }
}

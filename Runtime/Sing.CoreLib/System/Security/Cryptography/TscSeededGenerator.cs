using System.Threading;

namespace System.Security.Cryptography
{
    /// <summary>The random generator for CPUs without RDRAND: SHA-256 in counter mode over a 32-byte key seeded from
    /// time-stamp counter samples, with fresh TSC readings in every block and a key ratchet after every request.
    ///
    /// WEAK, and only a fallback: the TSC is predictable to anyone who can estimate when the machine booted and how
    /// fast the counter runs, and the jitter between consecutive reads (cache misses, interrupts, a hypervisor's
    /// exits) adds only a few unpredictable bits per sample at best, fewer under an emulator whose TSC follows the
    /// host's clock. So the seed may carry far fewer than 256 bits of entropy. The output is fine for salts and nonces
    /// that only need to be unique, not for long-term secret keys an attacker might search for; there is no kernel
    /// entropy pool (interrupt timing, device noise) to do better yet.
    ///
    /// The timestamp source is a parameter, so the host tests can run this plain C# (no corelib-only dependency).</summary>
    internal sealed class TscSeededGenerator
    {
        private readonly Func<ulong> _timestamp;
        private long _counter;
        // The 32-byte key; replaced whole (never written in place) so concurrent callers read either the old key or
        // the new one, and the counter (incremented atomically) keeps their blocks apart.
        private byte[] _key;

        public TscSeededGenerator(Func<ulong> timestamp)
        {
            _timestamp = timestamp;
            _key = Seed();
        }

        public void Fill(Span<byte> destination)
        {
            if (destination.IsEmpty) return;
            byte[] key = _key;
            // Each block: SHA-256(key || request counter || TSC || block number).
            var input = new byte[56];
            var block = new byte[Sha256Provider.HashSize];
            key.AsSpan().CopyTo(input);
            Write(input, 32, (ulong)Interlocked.Increment(ref _counter));
            ulong blockNumber = 0;
            for (int offset = 0; offset < destination.Length; offset += block.Length)
            {
                Write(input, 40, _timestamp());
                Write(input, 48, blockNumber++);
                Sha256Provider.HashData(input, block);
                int length = Math.Min(block.Length, destination.Length - offset);
                block.AsSpan(0, length).CopyTo(destination.Slice(offset));
            }
            // Ratchet: the next key is a one-way function of this one and fresh timing, so a key read later cannot
            // recompute what was handed out before.
            Write(input, 40, _timestamp());
            Write(input, 48, ulong.MaxValue);
            var next = new byte[Sha256Provider.HashSize];
            Sha256Provider.HashData(input, next);
            _key = next;
            input.AsSpan().Clear();
            block.AsSpan().Clear();
        }

        // The first key: SHA-256 of 64 TSC samples, each taken after a hash computation whose duration varies a little
        // with the caches, the pipeline and interrupts.
        private byte[] Seed()
        {
            var samples = new byte[64 * 8];
            var scratch = new byte[Sha256Provider.HashSize];
            for (int i = 0; i < 64; i++)
            {
                Write(samples, 8 * i, _timestamp());
                Sha256Provider.HashData(samples.AsSpan(0, 8 * (i + 1)), scratch);
            }
            var key = new byte[Sha256Provider.HashSize];
            Sha256Provider.HashData(samples, key);
            samples.AsSpan().Clear();
            return key;
        }

        internal static void Write(byte[] buffer, int offset, ulong value)
        {
            for (int i = 0; i < 8; i++) buffer[offset + i] = (byte)(value >> (8 * i));
        }
    }
}

using System.Runtime;
using System.Runtime.CompilerServices;
using System.Threading;
using Internal.Runtime.GC;

namespace System.Security.Cryptography
{
    /// <summary>Where <see cref="RandomNumberGenerator"/>'s bytes come from. On a CPU with RDRAND (CPUID leaf 1, ECX
    /// bit 30) every 32 bytes are SHA-256(four RDRAND values || time-stamp counter || a call counter): the hash mixes
    /// the TSC into the hardware's output, so the result is no worse than RDRAND and differs between calls even if
    /// RDRAND were stuck. RDRAND is retried up to 10 times while it reports no data (CF = 0, as Intel advises); a
    /// unit that still gives none is treated as broken (CryptographicException), never silently replaced.
    /// CPUID, RDRAND and RDTSC are unprivileged instructions, so this works the same in the kernel and in ring-0
    /// and ring-3 SIPs (Native/runtime.asm: sing_runtime_cpuid1_ecx, sing_runtime_rdrand64, sing_runtime_rdtsc).
    /// Without RDRAND (QEMU's default TCG CPU, old processors) the bytes come from <see cref="TscSeededGenerator"/>,
    /// which is WEAK (its comment says why).</summary>
    internal static class EntropySource
    {
        private const int RdrandUnknown = 0, RdrandPresent = 1, RdrandAbsent = 2;

        private static int s_rdrand;
        private static long s_counter;
        private static TscSeededGenerator s_generator;

        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("sing_runtime_cpuid1_ecx")]
        private static extern uint CpuidLeaf1Ecx();

        // A 64-bit RDRAND value, retried up to 10 times; 0 when none came.
        [MethodImpl(MethodImplOptions.InternalCall)]
        [RuntimeImport("sing_runtime_rdrand64")]
        private static extern ulong Rdrand64();

        public static void Fill(Span<byte> destination)
        {
            if (destination.IsEmpty) return;
            if (HasRdrand()) FillFromRdrand(destination);
            else (s_generator ??= new TscSeededGenerator(() => Timestamp.Read())).Fill(destination);
        }

        private static bool HasRdrand()
        {
            int state = s_rdrand;
            if (state == RdrandUnknown)
            {
                state = (CpuidLeaf1Ecx() & (1u << 30)) != 0 ? RdrandPresent : RdrandAbsent;
                s_rdrand = state;
            }
            return state == RdrandPresent;
        }

        private static ulong ReadRdrand()
        {
            ulong value = Rdrand64();
            // A genuine 0 has probability 2^-64; ten failed attempts twice in a row is a broken unit.
            if (value == 0) value = Rdrand64();
            if (value == 0) throw new CryptographicException("The processor's random number generator (RDRAND) returned no data.");
            return value;
        }

        private static void FillFromRdrand(Span<byte> destination)
        {
            var input = new byte[48];
            var block = new byte[Sha256Provider.HashSize];
            for (int offset = 0; offset < destination.Length; offset += block.Length)
            {
                for (int i = 0; i < 4; i++) Write(input, 8 * i, ReadRdrand());
                Write(input, 32, Timestamp.Read());
                Write(input, 40, (ulong)Interlocked.Increment(ref s_counter));
                Sha256Provider.HashData(input, block);
                int length = Math.Min(block.Length, destination.Length - offset);
                block.AsSpan(0, length).CopyTo(destination.Slice(offset));
            }
            input.AsSpan().Clear();
            block.AsSpan().Clear();
        }

        private static void Write(byte[] buffer, int offset, ulong value) => TscSeededGenerator.Write(buffer, offset, value);
    }
}

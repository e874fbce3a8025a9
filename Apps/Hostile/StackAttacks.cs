using Singularity.V1;

namespace Sing.Apps.Hostile
{
    /// <summary>Attacks on the kernel's stack room: a SIP runs kernel code (its ABI calls, the timer interrupt) on its
    /// own stack, so it recurses to the bottom and makes the kernel work there. Neither returns: the kernel must end
    /// this SIP alone (stack overflow) and go on.</summary>
    internal static class StackAttacks
    {
        private static long s_sink;

        /// <summary>Recursion with an ABI call at every level, until the stack runs out (in SIP or in kernel code).</summary>
        public static int DeepAbiCalls(int depth)
        {
            long a = depth, b = depth * 3, c = depth ^ 0x55;
            if ((depth & 1) == 0) Threads.Yield();
            else s_sink += Names.Enumerate("/hostile/").Length;
            int r = DeepAbiCalls(depth + 1);
            return (int)(r + a + b + c);
        }

        private static int s_huge = 100_000_000, s_negative = -1;

        /// <summary>stackalloc of 100 MB (a verified program may stackalloc into a span): the allocation walks down
        /// into the guard page below the 64 KiB stack, which ends this SIP; nothing past the stack is written.</summary>
        public static int HugeStackAlloc()
        {
            int n = s_huge;
            System.Span<byte> s = stackalloc byte[n];
            s[0] = 1;
            s[n - 1] = 2;
            return s[0] + s[n - 1];
        }

        /// <summary>A negative count: as a native unsigned size it is gigabytes, which end the SIP the same way.</summary>
        public static int NegativeStackAlloc()
        {
            int n = s_negative;
            System.Span<int> s = stackalloc int[n];
            return s.Length;
        }

        private struct B64 { public long A, B, C, D, E, F, G, H; }
        private struct B512 { public B64 A, B, C, D, E, F, G, H; }
        private struct B4K { public B512 A, B, C, D, E, F, G, H; }
        private struct B16K { public B4K A, B, C, D; }

        /// <summary>Recursion with a 16 KiB frame at every level (four pages: more than the guard page below the stack).
        /// The stack probe in each prolog reads every page of the new frame from the top, so the recursion meets the
        /// guard and ends this SIP; without it a frame would step over the guard and write below the stack.</summary>
        public static int LargeFrames(int depth)
        {
            B16K frame = default;
            Fill(ref frame, depth);   // by reference: the frame must be memory, not registers
            int r = LargeFrames(depth + 1);
            return (int)(r + frame.A.A.A.A + frame.D.H.H.H);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void Fill(ref B16K frame, int depth)
        {
            frame.A.A.A.A = depth;
            frame.D.H.H.H = depth * 3;
            s_sink += frame.B.C.D.E;
        }

        /// <summary>Recursion that spins at every level, so that timer interrupts arrive at every depth, the bottom
        /// included.</summary>
        public static int DeepSpin(int depth)
        {
            long a = depth, b = depth * 7;
            for (int i = 0; i < 2000; i++) s_sink += i ^ depth;
            int r = DeepSpin(depth + 1);
            return (int)(r + a + b);
        }
    }
}

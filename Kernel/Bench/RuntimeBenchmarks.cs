using System;
using Sing.Kernel.Arch;

namespace Sing.Kernel.Bench
{
    /// <summary>Costs of the managed runtime in the kernel's object space: allocation, collection pauses by live-heap
    /// size, virtual/interface/generic virtual/delegate calls, and exception throw+catch.</summary>
    internal static unsafe class RuntimeBenchmarks
    {
        public static Benchmark[] All()
        {
            Prepare();
            return Rows();
        }

        private static Benchmark[] Rows() => new[]
        {
            new Benchmark("AllocSmallObject", 100_000, &AllocSmallObject),
            new Benchmark("AllocSmallArray", 100_000, &AllocSmallArray),
            new Benchmark("VirtualCall", 1_000_000, &VirtualCall),
            new Benchmark("InterfaceCall", 1_000_000, &InterfaceCall),
            new Benchmark("GVMCall", 1_000_000, &GenericVirtualCall),
            new Benchmark("DelegateCall", 1_000_000, &DelegateCall),
            new Benchmark("ThrowCatch", 2_000, &ThrowCatch),
            // One PBKDF2-HMAC-SHA256 iteration (a login's password check is 20,000 of them: Apps/Accounts/README.md).
            new Benchmark("Pbkdf2Sha256.Iteration", 2_000, &Pbkdf2Iteration),
            new Benchmark("GCPause1MiB", 1, &GCPause1MiB),
            new Benchmark("GCPause10MiB", 1, &GCPause10MiB),
            new Benchmark("GCPause50MiB", 1, &GCPause50MiB),
        };

        private sealed class Small
        {
            public long A;
            public object B;
        }

        private abstract class Shape
        {
            public abstract int Sides();
            // A generic virtual method: each call goes through GVMLookupForSlot (a cache hit after the first).
            public virtual int SidesPer<T>(T unit) => Sides();
        }

        private sealed class Square : Shape, ISides
        {
            public override int Sides() => 4;
            public override int SidesPer<T>(T unit) => 4;
            int ISides.Count() => 4;
        }

        // Further implementations, so the compiler (which sees the whole program) cannot turn the measured
        // calls into direct ones.
        private sealed class Triangle : Shape, ISides
        {
            public override int Sides() => 3;
            public override int SidesPer<T>(T unit) => 3;
            int ISides.Count() => 3;
        }

        private sealed class Hexagon : Shape, ISides
        {
            public override int Sides() => 6;
            int ISides.Count() => 6;
        }

        private sealed class Octagon : Shape, ISides
        {
            public override int Sides() => 8;
            int ISides.Count() => 8;
        }

        private sealed class Pentagon : Shape, ISides
        {
            public override int Sides() => 5;
            int ISides.Count() => 5;
        }

        private interface ISides
        {
            int Count();
        }

        private sealed class BenchException : Exception
        {
            public BenchException() : base("bench") { }
        }

        private static object s_sink;
        // Filled at run time (not from static initializers the compiler can see through), so the calls below are
        // real virtual and interface dispatches rather than guarded inlined guesses.
        private static Shape[] s_shapes;
        private static ISides[] s_sides;
        private static int s_pick;

        private static void Prepare()
        {
            s_shapes = new Shape[] { new Triangle(), new Hexagon(), new Square(), new Octagon(), new Pentagon() };
            s_sides = new ISides[] { new Hexagon(), new Square(), new Triangle(), new Octagon(), new Pentagon() };
            s_pick = (int)(Cpu.ReadTsc() % 5);
        }
        private static Func<int, int> s_delegate = x => x + 1;

        private static ulong Pbkdf2Iteration(int n)
        {
            byte[] salt = new byte[16];
            ulong start = Cpu.ReadTsc();
            byte[] key = System.Security.Cryptography.Rfc2898DeriveBytes.Pbkdf2("correct horse", salt, n, System.Security.Cryptography.HashAlgorithmName.SHA256, 32);
            ulong end = Cpu.ReadTsc();
            s_sink = key;
            return end - start;
        }

        private static ulong AllocSmallObject(int n)
        {
            ulong start = Cpu.ReadTsc();
            object last = null;
            for (int i = 0; i < n; i++) last = new Small { A = i, B = last == null ? null : s_sink };
            ulong end = Cpu.ReadTsc();
            s_sink = last;
            return end - start;
        }

        private static ulong AllocSmallArray(int n)
        {
            ulong start = Cpu.ReadTsc();
            int[] last = null;
            for (int i = 0; i < n; i++) last = new int[4];
            ulong end = Cpu.ReadTsc();
            s_sink = last;
            return end - start;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static ulong VirtualCall(int n)
        {
            Shape shape = s_shapes[s_pick];
            int sum = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) sum += shape.Sides();
            ulong end = Cpu.ReadTsc();
            s_sink = sum;
            return end - start;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static ulong InterfaceCall(int n)
        {
            ISides sides = s_sides[s_pick];
            int sum = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) sum += sides.Count();
            ulong end = Cpu.ReadTsc();
            s_sink = sum;
            return end - start;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static ulong GenericVirtualCall(int n)
        {
            Shape shape = s_shapes[s_pick];
            int sum = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) sum += shape.SidesPer(i);
            ulong end = Cpu.ReadTsc();
            s_sink = sum;
            return end - start;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static ulong DelegateCall(int n)
        {
            Func<int, int> f = s_delegate;
            int sum = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++) sum = f(sum);
            ulong end = Cpu.ReadTsc();
            s_sink = sum;
            return end - start;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void Thrower() => throw new BenchException();

        private static ulong ThrowCatch(int n)
        {
            int caught = 0;
            ulong start = Cpu.ReadTsc();
            for (int i = 0; i < n; i++)
            {
                try { Thrower(); }
                catch (BenchException) { caught++; }
            }
            ulong end = Cpu.ReadTsc();
            s_sink = caught;
            return end - start;
        }

        private sealed class Chunk
        {
            public Chunk Next;
            public object[] Items;
        }

        /// <summary>Builds a live graph of about <paramref name="mebibytes"/> MiB (small objects hanging off
        /// reference arrays), collects once, and returns the collection's pause. A collection first clears what earlier
        /// rows and repetitions left, so the pause measured does not depend on whether an automatic collection happened
        /// to run before (which shifts with code layout and timer ticks).</summary>
        private static ulong GCPause(int mebibytes)
        {
            GC.Collect();
            Chunk head = null;
            long target = (long)mebibytes << 20;
            long built = 0;
            while (built < target)
            {
                var chunk = new Chunk { Next = head, Items = new object[256] };
                for (int i = 0; i < chunk.Items.Length; i++) chunk.Items[i] = new Small { A = i };
                built += 256 * 8 + 32 + 256 * 32;
                head = chunk;
            }
            GC.Collect();
            ulong pause = GC.GetStatistics().LastPauseCycles;
            GC.KeepAlive(head);
            head = null;
            return pause;
        }

        private static ulong GCPause1MiB(int n) => GCPause(1);
        private static ulong GCPause10MiB(int n) => GCPause(10);
        private static ulong GCPause50MiB(int n) => GCPause(50);
    }
}

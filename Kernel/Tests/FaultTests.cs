using Sing.Kernel.Console;

namespace Sing.Kernel.Tests
{
    /// <summary>Deliberate faults, one per boot ("test=fault.NAME"). Each prints KTEST-FAULT-EXPECTED, then faults;
    /// the host test asserts the diagnostic the exception handler prints (vector, RIP symbol, CR2) and that
    /// QEMU exited with the panic status.</summary>
    internal static unsafe class FaultTests
    {
        // Read through a static so the compiler cannot fold the faulting operations away.
        private static ulong s_unmappedAddress = 0x00007FFF00000000;
        private static int s_zero;

        public static void Trigger(string name)
        {
            Log.Line($"KTEST-FAULT-EXPECTED {name}");
            if (name == "fault.page_fault") PageFault();
            else if (name == "fault.null_reference") NullReference();
            else if (name == "fault.divide_by_zero") DivideByZero(7);
            else if (name == "fault.invalid_opcode") InvalidOpcode();
            else if (name == "fault.unhandled_exception") Unhandled();
            else if (name == "fault.stack_overflow") Log.Line($"unreachable: {Recurse(1)}");
            Log.Line($"KTEST-ERROR unknown fault test {name}");
            Platform.QemuExit.Exit(Platform.QemuExit.TestsFailed);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void PageFault() => *(ulong*)s_unmappedAddress = 0x5A;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static int NullReference() => *(int*)(ulong)s_zero;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static int DivideByZero(int value) => value / s_zero;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void Unhandled() => throw new System.InvalidOperationException("deliberately unhandled");

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static ulong Recurse(ulong depth)
        {
            // Each frame keeps a buffer live so the boot stack runs out quickly.
            ulong* buffer = stackalloc ulong[64];
            buffer[depth % 64] = depth;
            return Recurse(depth + 1) + buffer[depth % 64];
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall)]
        [System.Runtime.RuntimeImport("sing_ud2")]
        private static extern void InvalidOpcode();
    }
}

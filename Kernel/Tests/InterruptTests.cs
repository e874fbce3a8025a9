using Sing.Kernel.Arch;

namespace Sing.Kernel.Tests
{
    internal static unsafe class InterruptTests
    {
        private static ulong s_breakpointRip;

        public static void BreakpointIsHandled(TestContext t)
        {
            s_breakpointRip = 0;
            Interrupts.SetHandler(Interrupts.Breakpoint, &OnBreakpoint);
            DebugBreak();
            Interrupts.SetHandler(Interrupts.Breakpoint, null);
            t.True(s_breakpointRip != 0, "the #BP handler ran and execution resumed after int3");
        }

        private static bool OnBreakpoint(InterruptFrame* frame)
        {
            s_breakpointRip = frame->Rip;
            return true;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall)]
        [System.Runtime.RuntimeImport("RhDebugBreak")]
        private static extern void DebugBreak();
    }
}

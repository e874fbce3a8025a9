using System;
using System.Runtime;

namespace Internal.Runtime
{
    /// <summary>Fail-fast and native-transition entry points. Throw and rethrow live in ExceptionHandling/.</summary>
    internal static unsafe class ExceptionDispatch
    {
        [RuntimeExport("RhpFallbackFailFast")]
        private static void RhpFallbackFailFast() => RuntimeHost.Fail("the runtime requested a fail-fast", null);

        // Transition frames between managed and native code. The kernel and SIPs have no separate native
        // runtime state to switch, so these are empty.
        [RuntimeExport("RhpReversePInvoke")]
        private static void RhpReversePInvoke(IntPtr frame) { }

        [RuntimeExport("RhpReversePInvokeReturn")]
        private static void RhpReversePInvokeReturn(IntPtr frame) { }

        [RuntimeExport("RhpPInvoke")]
        private static void RhpPInvoke(IntPtr frame) { }

        [RuntimeExport("RhpPInvokeReturn")]
        private static void RhpPInvokeReturn(IntPtr frame) { }
    }

    /// <summary>Block memory helpers called by generated code (struct copies, initblk, span clears).</summary>
    internal static unsafe class MemoryExports
    {
        [RuntimeExport("memmove")]
        private static void* MemMove(byte* destination, byte* source, nuint length)
        {
            Buffer.Memmove(destination, source, length);
            return destination;
        }

        [RuntimeExport("memcpy")]
        private static void* MemCpy(byte* destination, byte* source, nuint length)
        {
            Buffer.Memmove(destination, source, length);
            return destination;
        }

        [RuntimeExport("memset")]
        private static void* MemSet(byte* destination, int value, nuint length)
        {
            Buffer.Fill(destination, (byte)value, length);
            return destination;
        }

        [RuntimeExport("RhSpanHelpers_MemCopy")]
        private static void SpanMemCopy(byte* destination, byte* source, nuint length) => Buffer.Memmove(destination, source, length);

        [RuntimeExport("RhSpanHelpers_MemSet")]
        private static void SpanMemSet(byte* destination, byte value, nuint length) => Buffer.Fill(destination, value, length);

        [RuntimeExport("RhSpanHelpers_MemZero")]
        private static void SpanMemZero(byte* destination, nuint length) => Buffer.Fill(destination, 0, length);
    }
}

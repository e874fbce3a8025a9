using System.Threading;

namespace System.Runtime.CompilerServices
{
    /// <summary>Runs static constructors on first use. The compiler calls these helpers (by name) before accessing
    /// statics of a type whose cctor could not be run at compile time.</summary>
    internal static unsafe class ClassConstructorRunner
    {
        private static object CheckStaticClassConstructionReturnGCStaticBase(ref StaticClassConstructionContext context, object gcStaticBase)
        {
            EnsureClassConstructorRun(ref context);
            return gcStaticBase;
        }

        private static IntPtr CheckStaticClassConstructionReturnNonGCStaticBase(ref StaticClassConstructionContext context, IntPtr nonGcStaticBase)
        {
            EnsureClassConstructorRun(ref context);
            return nonGcStaticBase;
        }

        private const nint Running = 1;

        /// <summary>State machine on the context word: cctor address = pending, 1 = running, 0 = done.
        /// Recursive use from the same cctor (state 1 seen by its own thread) proceeds, as in the CLI spec.</summary>
        private static void EnsureClassConstructorRun(ref StaticClassConstructionContext context)
        {
            IntPtr state = context.cctorMethodAddress;
            if (state == IntPtr.Zero || (nint)state == Running)
                return;
            if (Interlocked.CompareExchange(ref context.cctorMethodAddress, (IntPtr)Running, state) != state)
                return;
            ((delegate*<void>)(void*)state)();
            Interlocked.MemoryBarrier();
            context.cctorMethodAddress = IntPtr.Zero;
        }
    }
}

using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime.ExceptionHandling
{
    /// <summary>Turns CPU faults in managed code into managed exceptions: the host's fault handler checks that the
    /// faulting instruction is managed code (<see cref="IsManagedCode"/>) and redirects the interrupted context to
    /// sing_throw_from_fault, which lands here on the faulting stack with interrupts as they were.</summary>
    public static unsafe class HardwareExceptions
    {
        public const int NullReference = 1;
        public const int DivideByZero = 2;
        public const int Overflow = 3;

        public static bool IsManagedCode(ulong pc) => UnwindTable.Find(pc) != null;

        /// <summary>Address the fault handler makes the interrupted code "call".</summary>
        public static ulong ThrowTrampoline => (ulong)ThrowFromFaultAddress();

        [RuntimeExport("sing_dispatch_hardware_exception")]
        private static void Dispatch(int kind, RegisterContext* faultSite)
        {
            Exception exception = kind switch
            {
                NullReference => new NullReferenceException(),
                DivideByZero => new DivideByZeroException(),
                Overflow => new OverflowException(),
                _ => new InvalidOperationException("unknown hardware exception"),
            };
            ExceptionDispatcher.Dispatch(exception, faultSite);
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_throw_from_fault_address")]
        private static extern void* ThrowFromFaultAddress();
    }
}

using Sing.Kernel.Arch;

namespace Sing.Kernel.Smp
{
    /// <summary>The scheduler's interprocessor interrupts. The boot processor alone has the timer (the PIT); each of its
    /// ticks reaches the others on <see cref="TickVector"/> (one IPI each), so every processor's quantum ends on the same
    /// tick. <see cref="RescheduleVector"/> makes one processor look at its run queues: a thread became ready there while
    /// it was idle, or a termination elsewhere wants its running thread off it. Both are ordinary interrupts: they take
    /// the kernel lock.</summary>
    internal static class ProcessorTicks
    {
        public const byte TickVector = 0xF1;
        public const byte RescheduleVector = 0xF2;

        public static ulong Reschedules;

        public static unsafe void Initialize()
        {
            Interrupts.SetHandler(TickVector, &OnTick);
            Interrupts.SetHandler(RescheduleVector, &OnReschedule);
        }

        /// <summary>The tick to every other processor (interrupts off).</summary>
        public static void SendToOthers()
        {
            int self = Processors.Current;
            for (int i = 0; i < Processors.Count; i++)
                if (i != self) LocalApic.SendInterrupt(Processors.ApicIdOf(i), TickVector);
        }

        /// <summary>Interrupts processor <paramref name="index"/> to look at its run queues (interrupts off).</summary>
        public static void Reschedule(int index)
        {
            Reschedules++;
            LocalApic.SendInterrupt(Processors.ApicIdOf(index), RescheduleVector);
        }

        private static unsafe bool OnTick(InterruptFrame* frame)
        {
            LocalApic.EndOfInterrupt();
            Threading.Scheduler.OnProcessorTick(Timer.Ticks);
            Interrupts.EndIfRequested();   // returning to SIP code is a safe point, as after a device interrupt
            return true;
        }

        private static unsafe bool OnReschedule(InterruptFrame* frame)
        {
            LocalApic.EndOfInterrupt();
            Threading.Scheduler.OnReschedule();
            Interrupts.EndIfRequested();
            return true;
        }
    }
}

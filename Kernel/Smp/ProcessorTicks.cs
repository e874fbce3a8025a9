using Sing.Kernel.Arch;

namespace Sing.Kernel.Smp
{
    /// <summary>The scheduler's ticks on the application processors, and its interprocessor interrupt. The boot
    /// processor's ticks come from the PIT (they also keep the time and wake sleepers); each other processor's local APIC
    /// timer interrupts it on <see cref="TickVector"/> at the same rate, measured against the TSC at start-up, so its
    /// quantum ends without the boot processor's help. Without a usable APIC timer (or with the kernel option
    /// lapic.timer=off) the boot processor forwards each of its ticks instead, one IPI per processor.
    /// <see cref="RescheduleVector"/> makes one processor look at its run queues: a thread became ready there while
    /// it was idle, or a termination elsewhere wants its running thread off it. Both are ordinary interrupts: they take
    /// the kernel lock.</summary>
    internal static class ProcessorTicks
    {
        public const byte TickVector = 0xF1;
        public const byte RescheduleVector = 0xF2;

        public static ulong Reschedules;

        /// <summary>Counts of the local APIC timer (divide by 16) per scheduler tick; 0 when the boot processor forwards
        /// its ticks instead.</summary>
        public static uint TimerCountsPerTick { get; private set; }

        /// <summary>Whether each application processor's own APIC timer gives it its ticks.</summary>
        public static bool LocalTimers => TimerCountsPerTick != 0;

        public static unsafe void Initialize()
        {
            Interrupts.SetHandler(TickVector, &OnTick);
            Interrupts.SetHandler(RescheduleVector, &OnReschedule);
        }

        /// <summary>Starts every application processor's timer (on the boot processor, once the kernel lock is active:
        /// the ticks run the scheduler there). Until then, and if this fails, the boot processor forwards its ticks.</summary>
        public static unsafe void StartTimers()
        {
            if (Boot.KernelOptions.Get("lapic.timer") == "off") return;
            // Two milliseconds of TSC: the count per tick follows, rounded; a timer that barely moved is not used.
            ulong perMillisecond = LocalApic.MeasureTimer(Tsc.Frequency / 500) / 2;
            ulong perTick = perMillisecond * 1000 / Timer.Hz;
            if (perTick < 100 || perTick > uint.MaxValue) return;
            if (!CrossCall.RunOnOthers(&StartTimer, perTick)) return;
            TimerCountsPerTick = (uint)perTick;
        }

        private static ulong StartTimer(ulong counts)
        {
            LocalApic.StartPeriodicTimer(TickVector, (uint)counts);
            return 0;
        }

        /// <summary>The tick to every other processor (interrupts off), when they have no timer of their own.</summary>
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

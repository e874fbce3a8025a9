namespace Sing.Kernel.Arch
{
    /// <summary>The time-stamp counter, calibrated against the periodic timer, for cycle-accurate measurement
    /// (benchmarks report cycles) and for converting cycles to time.</summary>
    internal static class Tsc
    {
        /// <summary>TSC ticks per second, measured at boot.</summary>
        public static ulong Frequency { get; private set; }

        public static ulong CalibrationMilliseconds { get; private set; }

        /// <summary>Counts TSC ticks across whole timer periods. Interrupts must be enabled and the timer running.</summary>
        public static void Calibrate(ulong timerTicks)
        {
            Timer.WaitTicks(1);                   // align to a tick edge
            ulong start = Cpu.ReadTsc();
            Timer.WaitTicks(timerTicks);
            ulong end = Cpu.ReadTsc();
            Frequency = (end - start) * Timer.Hz / timerTicks;
            CalibrationMilliseconds = timerTicks * 1000 / Timer.Hz;
        }

        public static ulong ToMicroseconds(ulong cycles) => Frequency == 0 ? 0 : cycles / (Frequency / 1000000 == 0 ? 1 : Frequency / 1000000);

        public static ulong ToMilliseconds(ulong cycles) => Frequency == 0 ? 0 : cycles * 1000 / Frequency;
    }
}

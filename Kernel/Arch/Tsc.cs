namespace Sing.Kernel.Arch
{
    /// <summary>The time-stamp counter, calibrated against the PIT, for cycle-accurate measurement
    /// (benchmarks report cycles) and for converting cycles to time.</summary>
    internal static class Tsc
    {
        /// <summary>TSC ticks per second, measured at boot.</summary>
        public static ulong Frequency { get; private set; }

        public static ulong CalibrationMilliseconds { get; private set; }

        /// <summary>Measures the TSC against the PIT's channel 2 for 20 ms (<see cref="TryCalibrateWithPitChannel2"/>),
        /// or, where that channel does not answer, across <paramref name="timerTicks"/> whole periods of the running
        /// timer (interrupts enabled).</summary>
        public static void Calibrate(ulong timerTicks)
        {
            // 20 ms: the polls resolve about a microsecond, and under instruction counting the wait is 20 M instructions.
            if (TryCalibrateWithPitChannel2(20)) return;
            Timer.WaitTicks(1);                   // align to a tick edge
            ulong start = Cpu.ReadTsc();
            Timer.WaitTicks(timerTicks);
            ulong end = Cpu.ReadTsc();
            Frequency = (end - start) * Timer.Hz / timerTicks;
            CalibrationMilliseconds = timerTicks * 1000 / Timer.Hz;
        }

        private const ulong PitHz = 1_193_182;
        private const ushort SpeakerPort = 0x61, PitChannel2 = 0x42, PitCommand = 0x43;

        /// <summary>Counts TSC ticks while the PIT's channel 2 counts down <paramref name="milliseconds"/> (at most 54; mode 0, its
        /// gate and output on the speaker port), polled: no interrupt is involved. Counting timer interrupts is not
        /// enough under an emulator on a busy host, which delivers them late and then in a burst, so that a boot
        /// calibrated in such a moment kept a wrong frequency (timer.tsc_matches_timer failed in CI with eight
        /// measurements agreeing); the counter and the TSC both follow the emulator's clock whether or not the virtual
        /// CPU ran. Between polls a short spin keeps the port reads few under instruction counting. False, and the
        /// speaker port as it was, when the output never rises (no channel 2).</summary>
        private static bool TryCalibrateWithPitChannel2(ulong milliseconds)
        {
            ulong count = PitHz * milliseconds / 1000;
            byte saved = Cpu.InByte(SpeakerPort);
            Cpu.OutByte(SpeakerPort, (byte)((saved & 0xFC) | 0x01));   // gate on, speaker off
            Cpu.OutByte(PitCommand, 0xB0);                               // channel 2, low then high byte, mode 0, binary
            Cpu.OutByte(PitChannel2, (byte)count);
            Cpu.OutByte(PitChannel2, (byte)(count >> 8));               // counting starts; the output is low until zero
            ulong start = Cpu.ReadTsc();
            bool risen = false;
            for (ulong polls = 0; polls < 10_000_000 && !risen; polls++)
            {
                for (int i = 0; i < 200; i++) Cpu.Pause();
                risen = (Cpu.InByte(SpeakerPort) & 0x20) != 0;
            }
            ulong end = Cpu.ReadTsc();
            Cpu.OutByte(SpeakerPort, saved);
            if (!risen) return false;
            Frequency = (end - start) * PitHz / count;
            CalibrationMilliseconds = milliseconds;
            return true;
        }

        public static ulong ToMicroseconds(ulong cycles) => Frequency == 0 ? 0 : cycles / (Frequency / 1000000 == 0 ? 1 : Frequency / 1000000);

        public static ulong ToMilliseconds(ulong cycles) => Frequency == 0 ? 0 : cycles * 1000 / Frequency;
    }
}

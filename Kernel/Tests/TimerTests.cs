using Sing.Kernel.Arch;

namespace Sing.Kernel.Tests
{
    internal static class TimerTests
    {
        public static void TicksAdvance(TestContext t)
        {
            ulong before = Timer.Ticks;
            Timer.WaitTicks(10);
            ulong after = Timer.Ticks;
            t.True(after >= before + 10, "ten ticks pass while waiting for ten");
            t.True(Interrupts.Count > 0, "interrupts are being delivered");
        }

        public static void TscMatchesTimer(TestContext t)
        {
            t.True(Tsc.Frequency > 10_000_000, "the TSC runs faster than 10 MHz");
            // Under an emulator without instruction counting a busy host delivers ticks late (the guest CPU's thread was
            // not running) and then in a burst as the timer catches up, so one measurement can be long or short: the
            // timer is right when any of a few measurements is.
            ulong expected = Tsc.Frequency * 20 / Timer.Hz;
            bool within = false;
            for (int attempt = 0; attempt < 8 && !within; attempt++)
            {
                Timer.WaitTicks(1);
                ulong start = Cpu.ReadTsc();
                Timer.WaitTicks(20);
                ulong cycles = Cpu.ReadTsc() - start;
                within = cycles > expected * 3 / 4 && cycles < expected * 5 / 4;
            }
            t.True(within, "20 timer ticks last 20 ms of calibrated TSC time (within 25%, in one of 8 measurements)");
        }
    }
}

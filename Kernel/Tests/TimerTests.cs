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
            // Ticks never come early, but under a multi-threaded emulator a busy host delivers some late (the guest CPU's
            // thread was not running): the shortest of a few measurements is the one that says what the timer does.
            ulong expected = Tsc.Frequency * 20 / Timer.Hz, shortest = ulong.MaxValue;
            for (int attempt = 0; attempt < 5 && shortest >= expected * 5 / 4; attempt++)
            {
                Timer.WaitTicks(1);
                ulong start = Cpu.ReadTsc();
                Timer.WaitTicks(20);
                ulong cycles = Cpu.ReadTsc() - start;
                if (cycles < shortest) shortest = cycles;
            }
            t.True(shortest > expected * 3 / 4 && shortest < expected * 5 / 4, "20 timer ticks last 20 ms of calibrated TSC time (within 25%)");
        }
    }
}

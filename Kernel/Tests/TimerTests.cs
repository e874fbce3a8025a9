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
            Timer.WaitTicks(1);
            ulong start = Cpu.ReadTsc();
            Timer.WaitTicks(20);
            ulong cycles = Cpu.ReadTsc() - start;
            ulong expected = Tsc.Frequency * 20 / Timer.Hz;
            t.True(cycles > expected * 3 / 4 && cycles < expected * 5 / 4, "20 timer ticks last 20 ms of calibrated TSC time (within 25%)");
        }
    }
}

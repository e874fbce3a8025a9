namespace Sing.Kernel.Arch
{
    /// <summary>The periodic timer: PIT channel 0 in rate-generator mode on IRQ 0, counting ticks.</summary>
    internal static unsafe class Timer
    {
        private const ushort Channel0 = 0x40, Command = 0x43;
        private const uint PitFrequency = 1193182;

        public static uint Hz { get; private set; }

        // Written only by the tick interrupt; read with Volatile so loops see each update.
        private static long s_ticks;

        public static ulong Ticks => (ulong)System.Threading.Volatile.Read(ref s_ticks);

        public static void Initialize(uint hz)
        {
            Hz = hz;
            uint divisor = PitFrequency / hz;
            Cpu.OutByte(Command, 0x34);                    // channel 0, lobyte/hibyte, mode 2
            Cpu.OutByte(Channel0, (byte)divisor);
            Cpu.OutByte(Channel0, (byte)(divisor >> 8));
            Interrupts.SetHandler(Interrupts.IrqBase + 0, &OnTick);
            InterruptController.Unmask(0);
        }

        private static bool OnTick(InterruptFrame* frame)
        {
            s_ticks++;
            Threading.Scheduler.OnTick((ulong)s_ticks);
            return true;
        }

        /// <summary>Waits (halting between interrupts) until <paramref name="count"/> more ticks have passed.</summary>
        public static void WaitTicks(ulong count)
        {
            ulong target = Ticks + count;
            while (Ticks < target) Cpu.WaitForInterrupt();
        }
    }
}

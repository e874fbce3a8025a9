namespace Sing.Kernel.Arch
{
    /// <summary>The local APIC of the CPU that reads it (every CPU sees its own at the same address), used when the I/O
    /// APIC routes interrupts (InterruptController): enabled with a spurious vector, its LINT0 (where the 8259s would
    /// deliver) masked, and written to end each interrupt; and the sender of interprocessor interrupts (Smp). Its
    /// registers lie in the identity-mapped 4 GiB (0xFEE00000 unless the firmware moved it). xAPIC (memory-mapped)
    /// mode only: the firmware leaves it so, and QEMU 7.2's TCG offers no x2APIC.</summary>
    internal static unsafe class LocalApic
    {
        private const uint BaseMsr = 0x1B;
        private const ulong GlobalEnable = 1 << 11;
        private const int InServiceRegisters = 0x100;   // eight 32-bit registers, 16 bytes apart: one bit per vector
        private const int IdRegister = 0x20, TaskPriority = 0x80, EndOfInterruptRegister = 0xB0, SpuriousRegister = 0xF0,
            Lint0 = 0x350, Lint1 = 0x360,
            CommandLow = 0x300, CommandHigh = 0x310,
            TimerLvt = 0x320, TimerInitialCount = 0x380, TimerCurrentCount = 0x390, TimerDivide = 0x3E0;
        private const uint SoftwareEnable = 1 << 8, Masked = 1 << 16, NmiDelivery = 4 << 8;
        // Interrupt command: delivery mode (bits 8-10), level assert (14), delivery pending (12).
        private const uint TimerPeriodic = 1 << 17, TimerDivideBy16 = 3;
        private const uint InitDelivery = 5 << 8, StartupDelivery = 6 << 8, LevelAssert = 1 << 14, DeliveryPending = 1 << 12;

        private static byte* s_registers;

        public static ulong Address => (ulong)s_registers;

        public static uint Id => Read(IdRegister) >> 24;

        /// <summary>Enables the APIC at <paramref name="address"/> (the MADT's, which must equal what the base MSR says).</summary>
        public static bool Initialize(ulong address, byte spuriousVector)
        {
            ulong msr = Cpu.ReadMsr(BaseMsr);
            ulong fromMsr = msr & 0xF_FFFF_F000UL;
            if (address == 0) address = fromMsr;
            if (address != fromMsr || address >= 1UL << 32) return false;
            if ((msr & GlobalEnable) == 0) Cpu.WriteMsr(BaseMsr, msr | GlobalEnable);
            s_registers = (byte*)address;
            EnableThisCpu(spuriousVector);
            return true;
        }

        /// <summary>Enables the calling CPU's APIC as <see cref="Initialize"/> did the boot CPU's (an application
        /// processor, at the address the boot CPU's uses).</summary>
        public static void EnableThisCpu(byte spuriousVector)
        {
            ulong msr = Cpu.ReadMsr(BaseMsr);
            if ((msr & GlobalEnable) == 0) Cpu.WriteMsr(BaseMsr, msr | GlobalEnable);
            Write(TaskPriority, 0);
            Write(Lint0, Masked);
            Write(Lint1, NmiDelivery);
            Write(SpuriousRegister, SoftwareEnable | spuriousVector);
        }

        /// <summary>Whether <see cref="Initialize"/> found the APIC (interprocessor interrupts need it).</summary>
        public static bool Present => s_registers != null;

        /// <summary>INIT to the CPU with APIC id <paramref name="apicId"/>: it resets and waits for a startup IPI.</summary>
        public static void SendInit(uint apicId) => SendCommand(apicId, InitDelivery | LevelAssert);

        /// <summary>Startup IPI: the CPU (after INIT) begins in real mode at physical page <paramref name="page"/>.</summary>
        public static void SendStartup(uint apicId, byte page) => SendCommand(apicId, StartupDelivery | LevelAssert | page);

        /// <summary>A fixed interrupt on <paramref name="vector"/> to the CPU with APIC id <paramref name="apicId"/>.
        /// Call with interrupts off: the two command writes must not be split by an interrupt that sends one too.</summary>
        public static void SendInterrupt(uint apicId, byte vector) => SendCommand(apicId, vector);

        private static void SendCommand(uint apicId, uint command)
        {
            while ((Read(CommandLow) & DeliveryPending) != 0) Cpu.Pause();
            Write(CommandHigh, apicId << 24);
            Write(CommandLow, command);   // this write sends
            while ((Read(CommandLow) & DeliveryPending) != 0) Cpu.Pause();
        }

        public static void EndOfInterrupt() => Write(EndOfInterruptRegister, 0);

        /// <summary>Ends every interrupt the calling CPU has in service (interrupts off); returns how many. Only for an
        /// interrupt whose delivery failed: each handler acknowledges its own first.</summary>
        public static int EndAllInService()
        {
            int ended = 0;
            while (ended < 256 && AnyInService())
            {
                EndOfInterrupt();   // ends the highest-priority one in service
                ended++;
            }
            return ended;
        }

        private static bool AnyInService()
        {
            for (int i = 0; i < 8; i++)
                if (Read(InServiceRegisters + 0x10 * i) != 0) return true;
            return false;
        }

        /// <summary>How many counts (bus clock divided by 16) the calling CPU's timer makes in
        /// <paramref name="tscCycles"/> of the TSC: the timer runs masked from its largest count while the TSC advances,
        /// then stops. Every CPU's timer runs at the same rate (one bus clock), so the boot processor measures for all.</summary>
        public static ulong MeasureTimer(ulong tscCycles)
        {
            Write(TimerDivide, TimerDivideBy16);
            Write(TimerLvt, Masked);
            ulong start = Cpu.ReadTsc();
            Write(TimerInitialCount, uint.MaxValue);
            while (Cpu.ReadTsc() - start < tscCycles) Cpu.Pause();
            uint left = Read(TimerCurrentCount);
            Write(TimerInitialCount, 0);   // stopped
            return uint.MaxValue - left;
        }

        /// <summary>Starts the calling CPU's timer: an interrupt on <paramref name="vector"/> every
        /// <paramref name="counts"/> counts (divide by 16, as <see cref="MeasureTimer"/> measured).</summary>
        public static void StartPeriodicTimer(byte vector, uint counts)
        {
            Write(TimerDivide, TimerDivideBy16);
            Write(TimerLvt, TimerPeriodic | vector);
            Write(TimerInitialCount, counts);
        }

        private static uint Read(int register) => (uint)System.Threading.Volatile.Read(ref *(int*)(s_registers + register));

        private static void Write(int register, uint value) => System.Threading.Volatile.Write(ref *(int*)(s_registers + register), (int)value);
    }
}

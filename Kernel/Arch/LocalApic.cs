namespace Sing.Kernel.Arch
{
    /// <summary>This CPU's local APIC, used when the I/O APIC routes interrupts (InterruptController): enabled with a
    /// spurious vector, its LINT0 (where the 8259s would deliver) masked, and written to end each interrupt. Its
    /// registers lie in the identity-mapped 4 GiB (0xFEE00000 unless the firmware moved it).</summary>
    internal static unsafe class LocalApic
    {
        private const uint BaseMsr = 0x1B;
        private const ulong GlobalEnable = 1 << 11;
        private const int IdRegister = 0x20, TaskPriority = 0x80, EndOfInterruptRegister = 0xB0, SpuriousRegister = 0xF0,
            Lint0 = 0x350, Lint1 = 0x360;
        private const uint SoftwareEnable = 1 << 8, Masked = 1 << 16, NmiDelivery = 4 << 8;

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
            Write(TaskPriority, 0);
            Write(Lint0, Masked);
            Write(Lint1, NmiDelivery);
            Write(SpuriousRegister, SoftwareEnable | spuriousVector);
            return true;
        }

        public static void EndOfInterrupt() => Write(EndOfInterruptRegister, 0);

        private static uint Read(int register) => (uint)System.Threading.Volatile.Read(ref *(int*)(s_registers + register));

        private static void Write(int register, uint value) => System.Threading.Volatile.Write(ref *(int*)(s_registers + register), (int)value);
    }
}

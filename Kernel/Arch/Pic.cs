namespace Sing.Kernel.Arch
{
    /// <summary>The two cascaded 8259A interrupt controllers, remapped so IRQ 0-15 arrive on vectors 32-47
    /// (clear of the CPU exception vectors). All lines start masked; drivers unmask what they use.</summary>
    internal static class Pic
    {
        private const ushort MasterCommand = 0x20, MasterData = 0x21, SlaveCommand = 0xA0, SlaveData = 0xA1;
        private const byte EndOfInterruptCommand = 0x20;
        private const byte ReadInServiceRegister = 0x0B;

        private static ushort s_mask = 0xFFFF;

        public static void Initialize()
        {
            Cpu.OutByte(MasterCommand, 0x11);              // ICW1: init, expect ICW4
            Cpu.OutByte(SlaveCommand, 0x11);
            Cpu.OutByte(MasterData, Interrupts.IrqBase);    // ICW2: vector offsets
            Cpu.OutByte(SlaveData, Interrupts.IrqBase + 8);
            Cpu.OutByte(MasterData, 0x04);                  // ICW3: slave on IRQ2
            Cpu.OutByte(SlaveData, 0x02);
            Cpu.OutByte(MasterData, 0x01);                  // ICW4: 8086 mode
            Cpu.OutByte(SlaveData, 0x01);
            s_mask = 0xFFFF;
            Unmask(2);                                      // cascade line, so slave IRQs can arrive
            ApplyMask();
        }

        /// <summary>Masks every line, the cascade too: the I/O APIC delivers instead (InterruptController).</summary>
        public static void MaskAll()
        {
            s_mask = 0xFFFF;
            ApplyMask();
        }

        /// <summary>Unmasks a line; false (nothing changed) for a number that is not a line of the two controllers.</summary>
        public static bool Unmask(ulong irq)
        {
            if (irq >= Singularity.Manifests.MachineResources.IrqLines) return false;
            s_mask &= (ushort)~(1 << (int)irq);
            ApplyMask();
            return true;
        }

        /// <summary>Masks a line; false (nothing changed) for a number that is not a line of the two controllers.</summary>
        public static bool Mask(ulong irq)
        {
            if (irq >= Singularity.Manifests.MachineResources.IrqLines) return false;
            s_mask |= (ushort)(1 << (int)irq);
            ApplyMask();
            return true;
        }

        private static void ApplyMask()
        {
            Cpu.OutByte(MasterData, (byte)s_mask);
            Cpu.OutByte(SlaveData, (byte)(s_mask >> 8));
        }

        public static void EndOfInterrupt(int irq)
        {
            if (irq >= 8) Cpu.OutByte(SlaveCommand, EndOfInterruptCommand);
            Cpu.OutByte(MasterCommand, EndOfInterruptCommand);
        }

        /// <summary>Ends whatever the controllers have in service (interrupts off); returns how many ends were sent.</summary>
        public static int EndAllInService()
        {
            int ended = 0;
            Cpu.OutByte(SlaveCommand, ReadInServiceRegister);
            for (int i = 0; i < 8 && Cpu.InByte(SlaveCommand) != 0; i++, ended++) Cpu.OutByte(SlaveCommand, EndOfInterruptCommand);
            Cpu.OutByte(MasterCommand, ReadInServiceRegister);
            for (int i = 0; i < 8 && Cpu.InByte(MasterCommand) != 0; i++, ended++) Cpu.OutByte(MasterCommand, EndOfInterruptCommand);
            return ended;
        }

        /// <summary>IRQ 7/15 can fire spuriously; the in-service register tells whether it is real.</summary>
        public static bool IsSpurious(int irq)
        {
            if (irq == 7)
            {
                Cpu.OutByte(MasterCommand, ReadInServiceRegister);
                return (Cpu.InByte(MasterCommand) & 0x80) == 0;
            }
            if (irq == 15)
            {
                Cpu.OutByte(SlaveCommand, ReadInServiceRegister);
                if ((Cpu.InByte(SlaveCommand) & 0x80) == 0)
                {
                    Cpu.OutByte(MasterCommand, EndOfInterruptCommand);
                    return true;
                }
            }
            return false;
        }
    }
}

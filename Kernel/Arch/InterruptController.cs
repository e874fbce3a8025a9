using Sing.Kernel.Hardware;

namespace Sing.Kernel.Arch
{
    /// <summary>The kernel's interrupt lines, whichever chip delivers them. Lines 0-15 are the ISA lines (timer,
    /// keyboard, serial, RTC, and the PCI INTx lines the firmware routed to them) on vectors 32-47; lines 16-31 are
    /// message-signalled (MSI) lines the kernel hands to PCI drivers, on vectors 48-63.
    ///
    /// When ACPI's MADT names an I/O APIC (q35, i440FX and real machines), the 8259s are masked for good, the local
    /// APIC is enabled and each ISA line is routed through the I/O APIC to its GSI with the trigger and polarity the
    /// MADT gives; PCI functions with an MSI capability get an MSI line instead of their shared INTx line. Otherwise,
    /// or with the kernel option irq=pic, the two cascaded 8259s deliver lines 0-15 and there is no MSI.
    ///
    /// A level-triggered line is masked as it is acknowledged (its driver services the device and unmasks it by
    /// waiting again), so a device that keeps its line asserted cannot storm the CPU. MSI lines need no masking: each
    /// message is one edge, and the waiting driver's event remembers it.</summary>
    internal static class InterruptController
    {
        public const int Lines = 32, IsaLines = 16, FirstMsiLine = 16;
        public const byte SpuriousVector = 0xFF;

        private static uint s_msiAllocated;   // bit n: line FirstMsiLine + n is some driver's

        /// <summary>True when the I/O APIC and the local APIC deliver interrupts.</summary>
        public static bool UsesApic { get; private set; }

        /// <summary>What delivers interrupts, for the banner's neighbours and the devices listing.</summary>
        public static string Description { get; private set; } = "8259 PIC";

        public static void Initialize()
        {
            Pic.Initialize();   // remapped in every case: a spurious 8259 vector must not look like a CPU exception
            if (Boot.KernelOptions.Get("irq") == "pic") return;
            Madt.Read();
            if (!Madt.Found) return;
            if (!IoApic.Initialize(Madt.IoApicAddress, Madt.IoApicFirstGsi))
            {
                Console.Log.Line($"interrupts: the I/O APIC at 0x{Madt.IoApicAddress:x} does not answer; using the 8259 PIC");
                return;
            }
            for (int line = 0; line < IsaLines; line++)
                if (!IoApic.Serves(Madt.GsiOf(line)) && line != 2)
                {
                    Console.Log.Line($"interrupts: ISA line {line} is GSI {Madt.GsiOf(line)}, which the I/O APIC does not serve; using the 8259 PIC");
                    return;
                }
            ulong flags = Threading.Scheduler.DisableInterrupts();
            Pic.MaskAll();
            if (!LocalApic.Initialize(Madt.LocalApicAddress, SpuriousVector))
            {
                Pic.Initialize();
                Threading.Scheduler.RestoreInterrupts(flags);
                Console.Log.Line($"interrupts: the local APIC is not at 0x{Madt.LocalApicAddress:x} as the MADT says; using the 8259 PIC");
                return;
            }
            uint destination = LocalApic.Id;
            for (int line = 0; line < IsaLines; line++)
            {
                // Line 2 is the 8259s' cascade: nothing arrives on it, and its GSI usually carries the timer.
                if (line == 2 && Madt.GsiOf(0) == 2) continue;
                IoApic.Route(Madt.GsiOf(line), (byte)(Interrupts.IrqBase + line), Madt.IsLevel(line), Madt.IsActiveLow(line), destination);
            }
            UsesApic = true;
            Description = $"I/O APIC at 0x{IoApic.Address:x} (GSIs {IoApic.FirstGsi}-{IoApic.FirstGsi + IoApic.Entries - 1}), local APIC {destination} at 0x{LocalApic.Address:x}, MSI";
            Threading.Scheduler.RestoreInterrupts(flags);
        }

        /// <summary>Unmasks a line; false (nothing changed) for a number that is not a line, or an MSI line nobody holds.</summary>
        public static bool Unmask(ulong line) => SetMasked(line, false);

        /// <summary>Masks a line; false (nothing changed) for a number that is not a line, or an MSI line nobody holds.</summary>
        public static bool Mask(ulong line) => SetMasked(line, true);

        private static bool SetMasked(ulong line, bool masked)
        {
            if (!UsesApic) return masked ? Pic.Mask(line) : Pic.Unmask(line);
            if (line >= Lines) return false;
            if (line >= FirstMsiLine) return IsAllocatedMsi((int)line);
            if (line == 2 && Madt.GsiOf(0) == 2) return true;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            IoApic.SetMasked(Madt.GsiOf((int)line), masked);
            Threading.Scheduler.RestoreInterrupts(flags);
            return true;
        }

        /// <summary>Only the 8259s raise spurious IRQs on their lines (7 and 15); the local APIC's go to <see cref="SpuriousVector"/>.</summary>
        public static bool IsSpurious(int line) => !UsesApic && Pic.IsSpurious(line);

        /// <summary>Acknowledges <paramref name="line"/>, which is being handled; a level-triggered ISA line is masked
        /// first (see the class summary).</summary>
        public static void EndOfInterrupt(int line)
        {
            if (!UsesApic)
            {
                Pic.EndOfInterrupt(line);
                return;
            }
            if (line < IsaLines && Madt.IsLevel(line)) SetMasked((ulong)line, true);
            LocalApic.EndOfInterrupt();
        }

        /// <summary>Ends the interrupts in service on the calling CPU (interrupts off). An external interrupt that arrives
        /// when the stack it would be pushed on is at its guard page is accepted by the controller (in service) but its
        /// handler never runs, so its acknowledgement never comes and the controller holds back every interrupt of that
        /// priority or lower on this CPU for good (an application processor stopped taking its ticks and wake-ups). The
        /// page-fault handler calls this for every guard-page fault: none of our handlers is in service then, since
        /// each acknowledges before it runs, so only such a lost delivery can be.</summary>
        public static int ReleaseLostDelivery() => UsesApic ? LocalApic.EndAllInService() : Pic.EndAllInService();

        /// <summary>A free MSI line for a driver's PCI function; false when all 16 are taken or there is no APIC.
        /// Call with interrupts off.</summary>
        public static bool TryAllocateMsi(out int line)
        {
            line = 0;
            if (!UsesApic) return false;
            for (int i = 0; i < Lines - FirstMsiLine; i++)
                if ((s_msiAllocated & 1u << i) == 0)
                {
                    s_msiAllocated |= 1u << i;
                    line = FirstMsiLine + i;
                    return true;
                }
            return false;
        }

        /// <summary>Returns an MSI line (its function's MSI is already off). Call with interrupts off.</summary>
        public static void FreeMsi(int line)
        {
            if (line >= FirstMsiLine && line < Lines) s_msiAllocated &= ~(1u << (line - FirstMsiLine));
        }

        public static bool IsAllocatedMsi(int line) => line >= FirstMsiLine && line < Lines && (s_msiAllocated & 1u << (line - FirstMsiLine)) != 0;

        /// <summary>The message address of an MSI line: the local APIC's window, this CPU as physical destination.</summary>
        public static ulong MsiAddress => 0xFEE0_0000UL | (ulong)LocalApic.Id << 12;

        /// <summary>The message data of an MSI line: its vector, fixed delivery, edge-triggered.</summary>
        public static ushort MsiData(int line) => (ushort)(Interrupts.IrqBase + line);
    }
}

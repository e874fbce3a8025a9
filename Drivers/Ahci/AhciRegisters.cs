namespace Sing.Drivers.Ahci
{
    /// <summary>Register offsets and bits of the AHCI 1.3 HBA (Serial ATA AHCI specification §3): the generic host
    /// control block at the start of ABAR (BAR 5) and one 0x80-byte block per port from 0x100.</summary>
    internal static class AhciRegisters
    {
        // Generic host control.
        public const ulong Capabilities = 0x00, GlobalControl = 0x04, InterruptStatus = 0x08, PortsImplemented = 0x0C;
        public const uint GlobalReset = 1u << 0, GlobalInterruptEnable = 1u << 1, AhciEnable = 1u << 31;

        // Per port, relative to Port(n).
        public const ulong CommandListBase = 0x00, FisBase = 0x08, PortInterruptStatus = 0x10, PortInterruptEnable = 0x14,
            Command = 0x18, TaskFile = 0x20, Signature = 0x24, SataStatus = 0x28, SataError = 0x30, CommandIssue = 0x38;

        public const uint CommandStart = 1u << 0, CommandSpinUp = 1u << 1, CommandPowerOn = 1u << 2, CommandFisReceive = 1u << 4,
            CommandFisRunning = 1u << 14, CommandListRunning = 1u << 15;

        /// <summary>Task file status bits (the ATA status register in TFD's low byte).</summary>
        public const uint StatusError = 0x01, StatusDataRequest = 0x08, StatusBusy = 0x80;

        /// <summary>PxIS: task file error (the device reported ERR), host bus fatal/data error, interface fatal error.</summary>
        public const uint TaskFileError = 1u << 30, HostBusFatal = 1u << 29, HostBusData = 1u << 28, InterfaceFatal = 1u << 27;
        public const uint FatalErrors = TaskFileError | HostBusFatal | HostBusData | InterfaceFatal;

        /// <summary>PxIE: D2H register FIS, PIO setup, DMA setup, set device bits, descriptor processed, and the errors.</summary>
        public const uint EnabledInterrupts = 0x2F | FatalErrors;

        /// <summary>PxSSTS.DET = 3: a device is present and the PHY link is up. PxSIG of an ATA disk (ATAPI is 0xEB140101).</summary>
        public const uint DevicePresent = 3, AtaDiskSignature = 0x00000101;

        public static ulong Port(int n) => 0x100 + (ulong)n * 0x80;
    }
}

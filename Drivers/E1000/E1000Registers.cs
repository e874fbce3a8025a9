namespace Sing.Drivers.E1000
{
    /// <summary>Register offsets and bits of the 82540EM (Intel PCI/PCI-X Family of Gigabit Ethernet Controllers
    /// Software Developer's Manual, §13), in the card's memory BAR 0 (128 KiB).</summary>
    internal static class E1000Registers
    {
        public const ulong Control = 0x0000, Status = 0x0008, EepromRead = 0x0014,
            InterruptCause = 0x00C0, InterruptMaskSet = 0x00D0, InterruptMaskClear = 0x00D8,
            ReceiveControl = 0x0100, TransmitControl = 0x0400, TransmitIpg = 0x0410,
            ReceiveBase = 0x2800, ReceiveLength = 0x2808, ReceiveHead = 0x2810, ReceiveTail = 0x2818, ReceiveDelay = 0x2820,
            TransmitBase = 0x3800, TransmitLength = 0x3808, TransmitHead = 0x3810, TransmitTail = 0x3818,
            MulticastTable = 0x5200, ReceiveAddressLow = 0x5400, ReceiveAddressHigh = 0x5404;

        /// <summary>CTRL: set link up, auto speed detection, link reset, invert loss-of-signal, device reset, VLAN
        /// mode, PHY reset.</summary>
        public const uint SetLinkUp = 1u << 6, AutoSpeed = 1u << 5, LinkReset = 1u << 3, InvertLossOfSignal = 1u << 7,
            DeviceReset = 1u << 26, VlanMode = 1u << 30, PhyReset = 1u << 31;

        /// <summary>STATUS: full duplex, link up, speed (bits 7:6: 0 = 10, 1 = 100, 2 or 3 = 1000 Mb/s).</summary>
        public const uint FullDuplex = 1u << 0, LinkUp = 1u << 1;

        /// <summary>EERD (82540EM layout): start, done, word address at bit 8, data in the high 16 bits.</summary>
        public const uint EepromStart = 1u << 0, EepromDone = 1u << 4;
        public const int EepromAddressShift = 8;

        /// <summary>Interrupt causes: transmit descriptor written back, link status change, receive ring below its
        /// threshold, receive overrun, receive timer (a frame arrived).</summary>
        public const uint TransmitWritten = 1u << 0, LinkChanged = 1u << 2, ReceiveLow = 1u << 4, ReceiveOverrun = 1u << 6,
            ReceiveTimer = 1u << 7;
        public const uint EnabledInterrupts = TransmitWritten | LinkChanged | ReceiveLow | ReceiveOverrun | ReceiveTimer;

        /// <summary>RCTL: enable, accept broadcast, strip the CRC; buffer size 2048 is BSIZE 00 without BSEX.</summary>
        public const uint ReceiveEnable = 1u << 1, BroadcastAccept = 1u << 15, StripCrc = 1u << 26;

        /// <summary>TCTL: enable, pad short packets, collision threshold 15, collision distance 64 (full duplex).</summary>
        public const uint TransmitEnable = 1u << 1, PadShortPackets = 1u << 3, CollisionThreshold = 0x0Fu << 4,
            CollisionDistance = 0x40u << 12;

        /// <summary>TIPG for the copper 82540EM: IPGT 10, IPGR1 8, IPGR2 6.</summary>
        public const uint InterPacketGap = 10u | 8u << 10 | 6u << 20;

        /// <summary>RAH: the address is valid.</summary>
        public const uint AddressValid = 1u << 31;
    }
}

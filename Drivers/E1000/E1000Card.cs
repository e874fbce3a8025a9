using Singularity.Configuration;
using Singularity.V1;
using static Sing.Drivers.E1000.E1000Registers;

namespace Sing.Drivers.E1000
{
    /// <summary>The card itself: reset, the MAC address, the two descriptor rings in the driver's DMA memory (their
    /// physical addresses written into RDBA/TDBA by the kernel), the link state and the interrupt causes.</summary>
    internal sealed class E1000Card
    {
        public const int Descriptors = 64;
        public const ulong DescriptorBytes = 16, ReceiveRingOffset = 0, TransmitRingOffset = Descriptors * DescriptorBytes;

        private readonly IoMemoryRange _registers;
        private readonly DmaMemory _dma;

        /// <summary>The MAC address, first octet in bits 47:40.</summary>
        public long Mac { get; private set; }

        public E1000Card(IoMemoryRange registers, DmaMemory dma)
        {
            _registers = registers;
            _dma = dma;
        }

        public uint Read(ulong register) => _registers.Read32(register);
        public void Write(ulong register, uint value) => _registers.Write32(register, value);

        /// <summary>Resets the card, reads the MAC address and programs both rings (empty); its interrupts stay masked
        /// until a client starts I/O (<see cref="EnableInterrupts"/>).
        /// False when the reset does not finish within 100 ms.</summary>
        public bool Start()
        {
            Write(InterruptMaskClear, 0xFFFFFFFF);
            Write(Control, Read(Control) | DeviceReset);
            // The manual asks for a wait of at least 1 µs before the next access after a reset.
            Threads.Sleep(1);
            for (int waited = 0; (Read(Control) & DeviceReset) != 0; waited++)
            {
                if (waited == 100) return false;
                Threads.Sleep(1);
            }
            Write(InterruptMaskClear, 0xFFFFFFFF);
            Read(InterruptCause);
            Write(Control, (Read(Control) | SetLinkUp | AutoSpeed) & ~(LinkReset | InvertLossOfSignal | PhyReset | VlanMode));
            Mac = ReadMac();
            // Receive address 0 is what the card filters unicast frames by.
            Write(ReceiveAddressLow, SwapLow(Mac));
            Write(ReceiveAddressHigh, SwapHigh(Mac) | AddressValid);
            for (ulong i = 0; i < 128; i++) Write(MulticastTable + i * 4, 0);

            _dma.Clear(0, 2 * Descriptors * DescriptorBytes);
            _registers.WriteDmaAddress(ReceiveBase, _dma, ReceiveRingOffset);
            Write(ReceiveLength, (uint)(Descriptors * DescriptorBytes));
            Write(ReceiveHead, 0);
            Write(ReceiveTail, 0);
            Write(ReceiveDelay, 0);
            _registers.WriteDmaAddress(TransmitBase, _dma, TransmitRingOffset);
            Write(TransmitLength, (uint)(Descriptors * DescriptorBytes));
            Write(TransmitHead, 0);
            Write(TransmitTail, 0);
            Write(TransmitIpg, InterPacketGap);
            Write(TransmitControl, TransmitEnable | PadShortPackets | CollisionThreshold | CollisionDistance);
            // The receiver is on from the start, with an empty ring (the card takes no frame until a client's buffers
            // are in it): QEMU's e1000 refuses every frame for one second of guest time after each RCTL write, so
            // turning it on only when the first client starts I/O would hold that client's first answers back.
            EnableReceiver(true);
            return true;
        }

        /// <summary>RAL holds the first four octets, first octet in the low byte.</summary>
        private static uint SwapLow(long mac) =>
            (uint)(mac >> 40 & 0xFF) | (uint)(mac >> 32 & 0xFF) << 8 | (uint)(mac >> 24 & 0xFF) << 16 | (uint)(mac >> 16 & 0xFF) << 24;

        /// <summary>RAH's low 16 bits hold octets 5 and 6.</summary>
        private static uint SwapHigh(long mac) => (uint)(mac >> 8 & 0xFF) | (uint)(mac & 0xFF) << 8;

        /// <summary>The address from EEPROM words 0-2 (each word's low byte first), read through EERD; when the EEPROM
        /// does not answer, the address the card loaded into RAL0/RAH0 at reset.</summary>
        private long ReadMac()
        {
            long mac = 0;
            for (uint word = 0; word < 3; word++)
            {
                Write(EepromRead, EepromStart | word << EepromAddressShift);
                uint value = 0;
                for (int tries = 0; tries < 1000 && ((value = Read(EepromRead)) & EepromDone) == 0; tries++) { }
                if ((value & EepromDone) == 0) return MacFromReceiveAddress();
                mac = mac << 16 | (long)((value >> 16 & 0xFF) << 8 | (value >> 24 & 0xFF));
            }
            return mac;
        }

        private long MacFromReceiveAddress()
        {
            uint low = Read(ReceiveAddressLow), high = Read(ReceiveAddressHigh);
            return (long)(low & 0xFF) << 40 | (long)(low >> 8 & 0xFF) << 32 | (long)(low >> 16 & 0xFF) << 24 | (long)(low >> 24) << 16
                | (long)(high & 0xFF) << 8 | (high >> 8 & 0xFF);
        }

        public bool LinkIsUp => (Read(Status) & LinkUp) != 0;

        /// <summary>The link speed in Mb/s from STATUS (meaningful while the link is up).</summary>
        public int SpeedMbps => ((Read(Status) >> 6) & 3) switch { 0 => 10, 1 => 100, _ => 1000 };

        /// <summary>Waits up to <paramref name="milliseconds"/> for the link (the PHY's auto-negotiation).</summary>
        public bool WaitForLink(int milliseconds)
        {
            for (int waited = 0; !LinkIsUp; waited++)
            {
                if (waited >= milliseconds) return false;
                Threads.Sleep(1);
            }
            return true;
        }

        /// <summary>Unmasks the interrupt causes while a client's I/O runs, and masks them all when it ends: nobody reads
        /// ICR then, and a cause left pending would hold the shared, level-triggered line asserted for its other
        /// holders.</summary>
        public void EnableInterrupts(bool on)
        {
            Write(on ? InterruptMaskSet : InterruptMaskClear, on ? EnabledInterrupts : 0xFFFFFFFF);
            if (!on) Read(InterruptCause);
        }

        /// <summary>Reads and so clears the pending interrupt causes.</summary>
        public uint TakeCauses() => Read(InterruptCause);

        public bool ReceiverOn { get; private set; }

        public void EnableReceiver(bool on)
        {
            Write(ReceiveControl, on ? ReceiveEnable | BroadcastAccept | StripCrc : 0);
            ReceiverOn = on;
        }

        public static string Format(long mac)
        {
            var text = new char[17];
            const string Hex = "0123456789abcdef";
            for (int i = 0; i < 6; i++)
            {
                int octet = (int)(mac >> (40 - 8 * i) & 0xFF);
                text[i * 3] = Hex[octet >> 4];
                text[i * 3 + 1] = Hex[octet & 15];
                if (i < 5) text[i * 3 + 2] = ':';
            }
            return new string(text);
        }
    }
}

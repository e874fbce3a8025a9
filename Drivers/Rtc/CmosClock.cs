using Singularity.Configuration;

namespace Sing.Drivers.Rtc
{
    /// <summary>The MC146818-compatible clock behind ports 0x70 (register index) and 0x71 (data).</summary>
    internal sealed class CmosClock
    {
        private const uint Index = 0, Data = 1;
        private const byte Seconds = 0x00, Minutes = 0x02, Hours = 0x04, Day = 0x07, Month = 0x08, Year = 0x09;
        private const byte StatusA = 0x0A, StatusB = 0x0B, StatusC = 0x0C, Century = 0x32;
        private const byte UpdateInProgress = 0x80, BinaryMode = 0x04, TwentyFourHour = 0x02, PeriodicEnable = 0x40;

        private IoPortRange _ports;

        public CmosClock(IoPortRange ports) { _ports = ports; }

        private byte Read(byte register)
        {
            _ports.Write8(Index, register);
            return _ports.Read8(Data);
        }

        private void Write(byte register, byte value)
        {
            _ports.Write8(Index, register);
            _ports.Write8(Data, value);
        }

        /// <summary>Reads the time twice until two reads agree, so an update in between cannot tear it.</summary>
        public byte[] ReadTime()
        {
            byte[] first, second = Snapshot();
            do
            {
                first = second;
                second = Snapshot();
            } while (!Same(first, second));
            byte status = Read(StatusB);
            bool bcd = (status & BinaryMode) == 0;
            int year = Decode(second[6], bcd) + 100 * (second[7] == 0 ? 20 : Decode(second[7], bcd));
            int hour = Decode((byte)(second[2] & 0x7F), bcd);
            if ((status & TwentyFourHour) == 0 && (second[2] & 0x80) != 0) hour = (hour % 12) + 12;
            return new[]
            {
                (byte)(year & 0xFF), (byte)(year >> 8), (byte)Decode(second[4], bcd), (byte)Decode(second[3], bcd),
                (byte)hour, (byte)Decode(second[1], bcd), (byte)Decode(second[0], bcd), (byte)0,
            };
        }

        private byte[] Snapshot()
        {
            while ((Read(StatusA) & UpdateInProgress) != 0) { }
            return new[] { Read(Seconds), Read(Minutes), Read(Hours), Read(Day), Read(Month), (byte)0, Read(Year), Read(Century) };
        }

        private static bool Same(byte[] a, byte[] b)
        {
            for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
            return true;
        }

        private static int Decode(byte value, bool bcd) => bcd ? (value & 0x0F) + ((value >> 4) * 10) : value;

        /// <summary>Turns the periodic interrupt (IRQ 8) on at 1024 Hz or off.</summary>
        public void SetPeriodicInterrupt(bool on)
        {
            Write(StatusA, (byte)((Read(StatusA) & 0xF0) | 0x06));
            byte b = Read(StatusB);
            Write(StatusB, on ? (byte)(b | PeriodicEnable) : (byte)(b & ~PeriodicEnable));
            AcknowledgeInterrupt();
        }

        /// <summary>Reading status C tells the chip the interrupt was seen, so it can raise the next one.</summary>
        public void AcknowledgeInterrupt() => Read(StatusC);
    }
}

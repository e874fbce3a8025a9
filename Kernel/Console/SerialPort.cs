using Sing.Kernel.Arch;

namespace Sing.Kernel.Console
{
    /// <summary>A 16550 UART (COM1 by default) in polled mode: 115200 baud, 8 data bits, no parity, 1 stop bit.</summary>
    internal static class SerialPort
    {
        public const ushort Com1 = 0x3F8;

        private const ushort Data = 0, InterruptEnable = 1, FifoControl = 2, LineControl = 3, ModemControl = 4, LineStatus = 5;
        private const byte TransmitHoldingEmpty = 0x20;
        private const byte DataReady = 0x01;

        public static void Initialize(ushort port = Com1)
        {
            Cpu.OutByte((ushort)(port + InterruptEnable), 0x00);
            Cpu.OutByte((ushort)(port + LineControl), 0x80);   // DLAB on: next two writes set the divisor
            Cpu.OutByte((ushort)(port + Data), 0x01);          // divisor 1 = 115200 baud
            Cpu.OutByte((ushort)(port + InterruptEnable), 0x00);
            Cpu.OutByte((ushort)(port + LineControl), 0x03);   // 8N1, DLAB off
            Cpu.OutByte((ushort)(port + FifoControl), 0xC7);   // FIFOs on and cleared, 14-byte threshold
            Cpu.OutByte((ushort)(port + ModemControl), 0x03);  // DTR, RTS
        }

        public static void Write(byte value, ushort port = Com1)
        {
            while ((Cpu.InByte((ushort)(port + LineStatus)) & TransmitHoldingEmpty) == 0)
                Cpu.Pause();
            Cpu.OutByte((ushort)(port + Data), value);
        }

        public static bool TryRead(out byte value, ushort port = Com1)
        {
            if ((Cpu.InByte((ushort)(port + LineStatus)) & DataReady) == 0)
            {
                value = 0;
                return false;
            }
            value = Cpu.InByte((ushort)(port + Data));
            return true;
        }
    }
}

using Sing.Kernel.Arch;

namespace Sing.Kernel.Platform
{
    /// <summary>QEMU's firmware configuration device (I/O ports 0x510/0x511). The host test harness passes extra
    /// kernel options through it (<c>-fw_cfg name=opt/singularity/cmdline,string=...</c>) so one ISO serves every
    /// test run without editing the GRUB menu. Absent on real hardware: then nothing is read.</summary>
    internal static unsafe class FwCfg
    {
        private const ushort SelectorPort = 0x510;
        private const ushort DataPort = 0x511;
        private const ushort SignatureKey = 0x0000;
        private const ushort FileDirectoryKey = 0x0019;

        public static bool IsPresent()
        {
            Cpu.OutWord(SelectorPort, SignatureKey);
            return Cpu.InByte(DataPort) == 'Q' && Cpu.InByte(DataPort) == 'E'
                && Cpu.InByte(DataPort) == 'M' && Cpu.InByte(DataPort) == 'U';
        }

        /// <summary>Reads the named file into <paramref name="buffer"/>; returns its length, or -1 if absent.</summary>
        public static int ReadFile(string name, byte* buffer, int capacity)
        {
            if (!IsPresent()) return -1;
            Cpu.OutWord(SelectorPort, FileDirectoryKey);
            uint count = ReadBigEndian32();
            byte* entryName = stackalloc byte[56];
            for (uint i = 0; i < count; i++)
            {
                uint size = ReadBigEndian32();
                ushort key = (ushort)((Cpu.InByte(DataPort) << 8) | Cpu.InByte(DataPort));
                Cpu.InByte(DataPort);
                Cpu.InByte(DataPort);
                for (int j = 0; j < 56; j++) entryName[j] = Cpu.InByte(DataPort);
                if (!Boot.CString.Equals(entryName, name)) continue;

                Cpu.OutWord(SelectorPort, key);
                int length = (int)(size < (uint)capacity ? size : (uint)capacity);
                for (int j = 0; j < length; j++) buffer[j] = Cpu.InByte(DataPort);
                return length;
            }
            return -1;
        }

        private static uint ReadBigEndian32()
        {
            uint value = 0;
            for (int i = 0; i < 4; i++) value = (value << 8) | Cpu.InByte(DataPort);
            return value;
        }
    }
}

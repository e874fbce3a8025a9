using Sing.Kernel.Arch;

namespace Sing.Kernel.Platform
{
    /// <summary>Ends the virtual machine through QEMU's isa-debug-exit device (port 0xF4). Writing v makes QEMU exit
    /// with status (v &lt;&lt; 1) | 1, so the host sees: 33 = success, 35 = tests failed, 37 = kernel panic.
    /// On a machine without the device the write does nothing and the caller halts.</summary>
    internal static class QemuExit
    {
        private const ushort Port = 0xF4;

        public const byte Success = 0x10;
        public const byte TestsFailed = 0x11;
        public const byte Panic = 0x12;

        public static void Exit(byte code)
        {
            Cpu.OutDword(Port, code);
            Cpu.HaltForever();
        }
    }
}

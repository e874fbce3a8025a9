using System.Runtime.InteropServices;
using Sing.Kernel.Arch;

namespace Sing.Kernel
{
    internal static unsafe class KernelMain
    {
        [UnmanagedCallersOnly(EntryPoint = "sing_kernel_main")]
        private static void Main(ulong multibootInfo, uint magic)
        {
            string s = "Hello from C#\r\n";
            for (int i = 0; i < s.Length; i++) Cpu.OutByte(0x3F8, (byte)s[i]);
            Cpu.HaltForever();
        }
    }
}

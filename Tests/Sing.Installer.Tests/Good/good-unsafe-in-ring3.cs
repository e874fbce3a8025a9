// Unverifiable code (raw stack memory, pointer locals and arithmetic, a function-pointer call) is accepted when the
// policy places the program in a ring-3 domain of its own, where the MMU isolates it (001 Figure 4's hybrid).
// domain: ring3
// manifest: ../Corpus/Shared/app.xml
using System;
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static unsafe class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main()
        {
            byte* buffer = stackalloc byte[64];
            for (byte* p = buffer; p < buffer + 64; p++) *p = (byte)(p - buffer);
            delegate*<byte*, int, int> fold = &Fold;
            return fold(buffer, 64) == 2016 ? 0 : 1;
        }

        private static int Fold(byte* data, int length)
        {
            int sum = 0;
            for (int i = 0; i < length; i++) sum += data[i];
            return sum;
        }
    }
}

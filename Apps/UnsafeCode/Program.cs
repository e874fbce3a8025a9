using Singularity.V1;

namespace Sing.Apps.UnsafeCode
{
    /// <summary>The unsafe program's one parameter: "sum" (default), "poke HEXADDRESS" or "no-preempt".</summary>
    [Singularity.Configuration.ProgramStartup]
    internal sealed partial class UnsafeCodeStartup
    {
        [Singularity.Configuration.Parameter("args")] public string Args;
    }

    /// <summary>Code no verifier accepts: it walks a buffer with raw pointers and calls through a function pointer.
    /// "sum" prints a checksum and exits 0; "poke ADDRESS" writes a byte at any address it is given, which in its
    /// ring-3 domain ends it with a page fault unless the page is its own.</summary>
    internal static unsafe class Program
    {
        internal static int Main(UnsafeCodeStartup startup)
        {
            string args = startup.Args ?? "";
            if (args.StartsWith("poke ")) return Poke(ParseHex(args.Substring(5)));
            if (args == "no-preempt") return HoldTheCpu();
            return Sum();
        }

        private static int Sum()
        {
            byte* buffer = stackalloc byte[256];
            for (byte* p = buffer; p < buffer + 256; p++) *p = (byte)(p - buffer);
            delegate*<byte*, int, int> fold = &Fold;
            int sum = fold(buffer, 256);
            Debug.WriteLine($"unsafe code: sum {sum} (pointer walk and a function-pointer call)");
            return sum == 255 * 256 / 2 ? 0 : 1;
        }

        private static int Fold(byte* data, int length)
        {
            int sum = 0;
            for (int i = 0; i < length; i++) sum += *(data + i);
            return sum;
        }

        private static int Poke(ulong address)
        {
            *(byte*)address ^= 0x5A;
            Debug.WriteLine("unsafe code: the write landed");
            return 0;
        }

        /// <summary>Calls the entry the SIP runtime uses around its short sections (DisablePreemption) straight through
        /// the table, which unverified code can, and spins: the kernel must end it after its bound, not hang.</summary>
        private static int HoldTheCpu()
        {
            Abi.RawTable->DisablePreemption();
            ulong spins = 0;
            while (true) spins++;
        }

        private static ulong ParseHex(string text)
        {
            ulong value = 0;
            foreach (char c in text.ToCharArray())
                value = value * 16 + (ulong)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
            return value;
        }
    }
}

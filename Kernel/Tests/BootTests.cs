using Sing.Kernel.Boot;
using Sing.Kernel.Diagnostics;
using Sing.Kernel.Memory;

namespace Sing.Kernel.Tests
{
    internal static unsafe class BootTests
    {
        public static void MemoryMapHasUsableMemory(TestContext t)
        {
            // The harness boots with 512 MiB; the firmware keeps some, but most must be usable.
            t.True(PageAllocator.UsableBytes > 256UL << 20, "more than 256 MiB usable");
            t.True(PageAllocator.ReservedPages > 256, "the first MiB and the kernel image are reserved");
            t.Equal(PageAllocator.TotalPages, PageAllocator.FreePages + PageAllocator.UsedPages + PageAllocator.ReservedPages, "free + used + reserved = total");
        }

        public static void CommandLineReachesKernel(TestContext t)
        {
            t.True(KernelOptions.Get("test") != null, "the test option is visible to the kernel");
            t.True(KernelOptions.Get("no-such-option") == null, "an absent option reads as null");
        }

        public static void SymbolsNameKernelCode(TestContext t)
        {
            t.True(SymbolTable.Count > 100, "the symbol module was loaded");
            delegate*<TestContext, void> self = &SymbolsNameKernelCode;
            t.True(SymbolTable.TryGetName((ulong)self, out string name), "this test's address has a symbol");
            t.True(name != null && Contains(name, "SymbolsNameKernelCode"), "the symbol is this method's name");
        }

        internal static bool Contains(string text, string part)
        {
            for (int i = 0; i + part.Length <= text.Length; i++)
                if (text.Substring(i, part.Length) == part) return true;
            return false;
        }
    }
}

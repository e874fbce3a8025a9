// expect: SINGI095 uses Singularity.V1.ExchangeBlock.AsSpan
// manifest: Shared/app.xml
using System.Runtime.InteropServices;
using Singularity.V1;

namespace Test.App
{
    internal static class Program
    {
        // The span would outlive the free: the installer refuses the member, not just this use of it.
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main()
        {
            ExchangeBlock block = Exchange.Allocate(64);
            var view = block.AsSpan();
            Exchange.Free(block);
            view[0] = 1;
            return 0;
        }
    }
}

// expect: SINGI095 uses Sing.Contracts.ExRef`1<System.Int64>.get_Value
// manifest: Shared/app.xml
// contract-library
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main()
        {
            var block = Sing.Contracts.ExchangeHeap.New(5L);
            ref long inside = ref block.Value;
            block.Free();
            inside = 6;
            return 0;
        }
    }
}

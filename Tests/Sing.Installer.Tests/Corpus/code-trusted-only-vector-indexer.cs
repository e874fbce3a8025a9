// expect: SINGI095 uses Sing.Contracts.ExVector`1<System.Int32>.get_Item
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
            var vector = Sing.Contracts.ExchangeHeap.NewVector<int>(4);
            ref int first = ref vector[0];
            vector.Free();
            first = 7;
            return 0;
        }
    }
}

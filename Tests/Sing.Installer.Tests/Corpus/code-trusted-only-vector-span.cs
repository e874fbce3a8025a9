// expect: SINGI095 uses Sing.Contracts.ExVector`1<System.Byte>.AsSpan
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
            var vector = Sing.Contracts.ExchangeHeap.NewVector<byte>(16);
            var view = vector.AsSpan();
            vector.Free();
            view[0] = 1;
            return 0;
        }
    }
}

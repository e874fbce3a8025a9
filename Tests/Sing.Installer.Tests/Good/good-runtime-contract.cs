// A program that makes its channels at run time: the contract is declared under <contracts>, not as an endpoint.
// manifest: ../Corpus/Shared/runtime-channel-user.xml
// contracts
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Sing.Apps.Echo.EchoContract.Ping(1) + Sing.Apps.Echo.EchoContract.Imp.Send(2);
    }
}

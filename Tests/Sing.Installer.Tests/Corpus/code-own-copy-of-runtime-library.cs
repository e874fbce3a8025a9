// expect: SINGI067 is named like the trusted Sing.Contracts.Sip but does not have its bytes
// The program ships its own Sing.Contracts.Sip.dll: same name as the trusted contract library, other bytes.
// fake-reference: Sing.Contracts.Sip
// manifest: Shared/app.xml
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Fake.Library.Value();
    }
}

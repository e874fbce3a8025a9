// expect: SINGI042 references System.Runtime: it was built against the stock .NET framework
// manifest: Shared/app.xml
// fake-reference: System.Runtime
using System;
using System.Runtime.InteropServices;
using Singularity.V1;
using Singularity.Configuration;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => 0;
    }
    internal static class UsesFramework { public static int X() => Fake.Library.Value(); }
}

// expect: SINGI040 the manifest's main assembly is App, but Other.dll is assembly Other
// manifest: Shared/app.xml
// assembly: Other
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
}

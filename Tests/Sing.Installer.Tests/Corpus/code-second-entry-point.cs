// expect: SINGI056 is a second "sip_program_main" entry point
// manifest: Shared/app.xml
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
    internal static class Again
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main2() => 1;
    }
}

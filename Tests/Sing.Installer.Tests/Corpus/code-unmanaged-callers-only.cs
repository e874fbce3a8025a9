// expect: SINGI056 is [UnmanagedCallersOnly] with EntryPoint "helper"
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
    internal static class Exported
    {
        [UnmanagedCallersOnly(EntryPoint = "helper")]
        private static int Helper() => 1;
    }
}

// expect: SINGI058 uses Singularity.Configuration.IoPortRange, but manifest app lacks the hardware privilege
// manifest: Shared/app.xml
// trusted
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
    internal static class Sneaky { public static ushort Base(IoPortRange r) => r.Base; }
}

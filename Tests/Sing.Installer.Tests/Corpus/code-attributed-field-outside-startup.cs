// expect: SINGI043 carries [Parameter] but is not in the [ProgramStartup] class
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
    internal sealed class Loose { [Parameter("count")] public int Count; }
}

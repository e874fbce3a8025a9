// expect: SINGI045 unknown parameter 'repeat'
// manifest: Shared/params.xml
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
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [Parameter("count")] public int Count;
        [Parameter("verbose")] public bool Verbose;
        [Parameter("big")] public long Big;
        [Parameter("repeat")] public int Repeat;
    }
}

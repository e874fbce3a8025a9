// expect: SINGI054 Singularity.V1.AbiTable is the raw kernel ABI table
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
    internal static class Raw
    {
        public static uint Version() { AbiTable t = default; return t.Version; }
    }
}

// expect: SINGI055 method Test.App.Native.Halt is extern
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
    internal static class Native
    {
        [System.Runtime.RuntimeImport("halt")]
        public static extern void Halt();
    }
}

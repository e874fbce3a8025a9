// expect: SINGI057 type Test.App.Overlay has an explicit layout
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
    [StructLayout(LayoutKind.Explicit)]
    internal struct Overlay
    {
        [FieldOffset(0)] public long Number;
        [FieldOffset(0)] public object Reference;
    }
}

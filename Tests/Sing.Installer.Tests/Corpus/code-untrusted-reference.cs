// expect: SINGI041 references assembly Evil.Lib
// manifest: Shared/app.xml
// fake-reference: Evil.Lib
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
    internal static class UsesLibrary { public static int X() => Fake.Library.Value(); }
}

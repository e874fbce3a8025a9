// expect: SINGI098 field Test.App.Counter.t_calls is [ThreadStatic], which SIPs do not support
// manifest: Shared/app.xml
using System;
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Counter.Next();
    }

    internal static class Counter
    {
        [ThreadStatic] private static int t_calls;

        public static int Next() => ++t_calls;
    }
}

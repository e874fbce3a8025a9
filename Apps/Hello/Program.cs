using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Singularity.V1;

namespace Sing.Apps.Hello
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main()
        {
            Debug.WriteLine($"hello from SIP {Processes.CurrentId}, ABI version {Abi.Version}");
            var words = new List<string>();
            for (int i = 0; i < 20000; i++) words.Add("word" + i.ToString());
            GC.Collect();
            int caught = 0;
            try { throw new InvalidOperationException("inside a SIP"); }
            catch (InvalidOperationException) { caught++; }
            Debug.WriteLine($"{words.Count} words, {GC.CollectionCount(0)} collections, caught {caught}");
            return 42;
        }
    }
}

using System;
using System.Collections.Generic;
using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Apps.Hello
{
    /// <summary>What hello's manifest (Manifests/Programs/hello.xml) lets a user pass; filled by generated code.</summary>
    [ProgramStartup]
    internal sealed partial class HelloStartup
    {
        [Parameter("name")] public string Name;
        [Parameter("count")] public int Count;
    }

    internal static class Program
    {
        internal static int Main(HelloStartup startup)
        {
            Debug.WriteLine($"hello from SIP {Processes.CurrentId}, ABI version {Abi.Version}");
            for (int i = 0; i < startup.Count; i++) Debug.WriteLine($"hello, {startup.Name} ({i + 1} of {startup.Count})");
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

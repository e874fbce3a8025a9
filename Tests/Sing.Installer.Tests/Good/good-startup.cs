// A program with typed parameters and the everyday C# that must stay accepted: lambdas (ldftn + delegate
// constructor), a string switch, array initializers, generics, exceptions.
// manifest: ../Corpus/Shared/params.xml
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Singularity.Configuration;

namespace Test.App
{
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [Parameter("count")] public int Count;
        [Parameter("verbose")] public bool Verbose;
        [Parameter("big")] public long Big;
    }

    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Run("two", 3);

        private static int Run(string verb, int offset)
        {
            Func<int, int> add = x => x + offset;
            Func<int, int> twice = x => 2 * x;
            int[] values = { 1, 2, 3, 4, 5, 6, 7, 8 };
            var list = new List<int>(values);
            int sum = 0;
            foreach (int v in list) sum += add(v);
            try
            {
                switch (verb)
                {
                    case "one": return 1;
                    case "two": return twice(sum);
                    case "three": return 3;
                    case "four": return 4;
                    case "five": return 5;
                    case "six": return 6;
                    case "seven": return 7;
                    default: throw new InvalidOperationException("unknown verb");
                }
            }
            catch (InvalidOperationException) { return -1; }
        }
    }
}

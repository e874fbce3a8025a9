using System;
using System.IO;
using System.Linq;

namespace Sing.Bench.Installer
{
    /// <summary>The build's ILC response file with its outputs (object, map) sent to a scratch directory: the
    /// compilation is the same, and the build's own object keeps its timestamp, so the no-op builds stay no-ops.</summary>
    internal static class IlcResponseFile
    {
        public static string Redirect(string responseFile, string scratchDirectory)
        {
            string name = Path.GetFileName(responseFile);
            string stem = name[..^".ilc.rsp".Length];
            int outputs = 0;
            string[] lines = File.ReadAllLines(responseFile).Select(line =>
            {
                if (line.StartsWith("-o:", StringComparison.Ordinal)) { outputs++; return "-o:" + Path.Combine(scratchDirectory, stem + ".ilc.o"); }
                if (line.StartsWith("--map:", StringComparison.Ordinal)) return "--map:" + Path.Combine(scratchDirectory, stem + ".map.xml");
                return line;
            }).ToArray();
            if (outputs != 1) throw new BenchException($"{responseFile} has {outputs} -o: lines; expected the one Build/NativeImage.targets writes");
            string copy = Path.Combine(scratchDirectory, name);
            File.WriteAllLines(copy, lines);
            return copy;
        }
    }
}

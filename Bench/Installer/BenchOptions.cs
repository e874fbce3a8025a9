using System;
using System.Collections.Generic;
using System.Globalization;

namespace Sing.Bench.Installer
{
    /// <summary>The command line: repetition counts per kind of measurement, which programs, what to skip.</summary>
    internal sealed record BenchOptions(
        string? Repo,
        string Configuration,
        string Output,
        int ColdReps,
        int WarmReps,
        int IlcReps,
        int BuildReps,
        IReadOnlyList<string>? Programs,
        bool SkipIlc,
        bool SkipBuild,
        bool SkipKernel,
        string? Ilc)
    {
        public const string Usage =
            "usage: dotnet Bench/Installer/bin/Debug/net10.0/Sing.Bench.Installer.dll [options]\n" +
            "  (build the tree first: dotnet build Kernel/Sing.Kernel.csproj; build this benchmark in the same configuration,\n" +
            "  so the in-process (warm) runs execute the same installer code as the sing-install processes)\n" +
            "  --repo DIR            repository root (default: the one this benchmark was built in)\n" +
            "  --configuration C     configuration the programs were built in (default Debug)\n" +
            "  --out DIR             report directory (default REPO/artifacts/bench)\n" +
            "  --cold-reps N         fresh sing-install processes per program and for compose (default 3)\n" +
            "  --warm-reps N         in-process verify/compose calls after one warm-up (default 20)\n" +
            "  --ilc-reps N          ILC runs per program, kernel and ISO (default 1)\n" +
            "  --build-reps N        no-op dotnet builds per project (default 1)\n" +
            "  --programs a,b        only these programs of the policy\n" +
            "  --skip-ilc            no ILC or ISO runs\n" +
            "  --skip-build          no no-op dotnet builds\n" +
            "  --skip-kernel         no kernel ILC, ISO or kernel build\n" +
            "  --ilc PATH            ILC executable (default: the pinned one in the NuGet cache)";

        public static BenchOptions? Parse(string[] args, out string? error)
        {
            error = null;
            var o = new BenchOptions(null, "Debug", "", 3, 20, 1, 1, null, false, false, false, null);
            for (int i = 0; i < args.Length; i++)
            {
                string a = args[i];
                switch (a)
                {
                    case "--skip-ilc": o = o with { SkipIlc = true }; continue;
                    case "--skip-build": o = o with { SkipBuild = true }; continue;
                    case "--skip-kernel": o = o with { SkipKernel = true }; continue;
                }
                if (i + 1 >= args.Length) { error = $"{a} needs a value"; return null; }
                string v = args[++i];
                switch (a)
                {
                    case "--repo": o = o with { Repo = v }; break;
                    case "--configuration": o = o with { Configuration = v }; break;
                    case "--out": o = o with { Output = v }; break;
                    case "--cold-reps": o = o with { ColdReps = Count(v, a, ref error) }; break;
                    case "--warm-reps": o = o with { WarmReps = Count(v, a, ref error) }; break;
                    case "--ilc-reps": o = o with { IlcReps = Count(v, a, ref error) }; break;
                    case "--build-reps": o = o with { BuildReps = Count(v, a, ref error) }; break;
                    case "--programs": o = o with { Programs = v.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries) }; break;
                    case "--ilc": o = o with { Ilc = v }; break;
                    default: error = $"unknown option {a}"; return null;
                }
                if (error is not null) return null;
            }
            return o;
        }

        private static int Count(string text, string option, ref string? error)
        {
            if (int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int n) && n > 0) return n;
            error = $"{option} takes a positive number, not '{text}'";
            return 1;
        }
    }
}

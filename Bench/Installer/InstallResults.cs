using System.Collections.Generic;
using System.Linq;

namespace Sing.Bench.Installer
{
    /// <summary>What one program's installation cost. Ilc and Build are null when skipped.</summary>
    internal sealed record ProgramResult(string Name, IlSize Il, Measurement VerifyCold, Measurement VerifyWarm, Measurement? Ilc, Measurement? Build)
    {
        /// <summary>Installing from scratch: a verify process, then ILC (what the build runs per program).</summary>
        public double InstallColdMs => VerifyCold.WallMedian + (Ilc?.WallMedian ?? double.NaN);
    }

    /// <summary>Everything measured in one run, plus a line about the machine. Null parts were skipped.</summary>
    internal sealed record InstallResults(
        IReadOnlyList<ProgramResult> Programs,
        Measurement ComposeCold,
        Measurement ComposeWarm,
        Measurement? KernelIlc,
        Measurement? Iso,
        Measurement? KernelBuild,
        string Machine)
    {
        public double ProgramsColdMs => Programs.Sum(p => p.InstallColdMs);
        public double ProgramsVerifyWarmMs => Programs.Sum(p => p.VerifyWarm.WallMedian);
        public double ProgramsBuildMs => Programs.Sum(p => p.Build?.WallMedian ?? double.NaN);

        /// <summary>The system image from verified IL: every program's verify and ILC, the kernel's ILC, compose and
        /// the ISO (C# compilation, nasm and ld are not in it).</summary>
        public double ImageColdMs => ProgramsColdMs + (KernelIlc?.WallMedian ?? double.NaN) + ComposeCold.WallMedian + (Iso?.WallMedian ?? double.NaN);
    }
}

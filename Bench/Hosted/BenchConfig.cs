using System;
using System.IO;
using BenchmarkDotNet.Configs;
using Perfolizer.Horology;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace Sing.Bench.Hosted
{
    /// <summary>The two run sizes: BenchmarkDotNet's default job, or a quick one for shared machines and CI.</summary>
    public static class BenchConfig
    {
        /// <summary>
        /// Quick: in-process (no per-run project build, which alone takes a minute on two busy cores),
        /// one launch, 3 warm-up and 5 measured iterations of 250 ms. Enough to see ns/op and
        /// allocations per operation; not enough for tight confidence intervals.
        /// </summary>
        public static IConfig Quick()
        {
            Job job = Job.Default
                .WithToolchain(InProcessEmitToolchain.Instance)
                .WithLaunchCount(1)
                .WithWarmupCount(3)
                .WithIterationCount(5)
                .WithIterationTime(TimeInterval.FromMilliseconds(250))
                .WithId("Quick");
            return DefaultConfig.Instance.AddJob(job).WithArtifactsPath(ArtifactsPath());
        }

        /// <summary>Full: BenchmarkDotNet's defaults (separate process, pilot, automatic iteration count).</summary>
        public static IConfig Full()
        {
            return DefaultConfig.Instance.WithArtifactsPath(ArtifactsPath());
        }

        /// <summary>The repository's artifacts/bench/hosted (ignored by git), found from the binary's location.</summary>
        private static string ArtifactsPath()
        {
            for (DirectoryInfo? dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Singularity.sln")))
                {
                    return Path.Combine(dir.FullName, "artifacts", "bench", "hosted");
                }
            }

            return Path.Combine(Directory.GetCurrentDirectory(), "BenchmarkDotNet.Artifacts");
        }
    }
}

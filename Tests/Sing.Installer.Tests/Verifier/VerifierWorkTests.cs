using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using Sing.Installer.Diagnostics;
using Sing.Installer.Il;
using Sing.Installer.Il.Verification;
using Sing.Installer.Rules;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>The verifier's budget is counted work (<see cref="VerifierWork"/>), not time: the project's largest
    /// program is far inside it, an input built to make the fixed point slow is refused with the count, and the verdict
    /// and the count are the same with every core of the machine busy.</summary>
    public sealed class VerifierWorkTests(ITestOutputHelper output)
    {
        /// <summary>How much larger the budget must be than the largest legitimate program's count.</summary>
        private const int Margin = 20;

        private static string ConformanceDll => Path.Combine(TestPaths.ConformanceBin, "Conformance.dll");

        /// <summary>Verifies the conformance program as its build does: its verdict, and the work of each assembly.</summary>
        private static (string Verdict, List<(string Assembly, long Units)> Work) VerifyConformance(long limit = VerifierWork.DefaultLimit)
        {
            Assert.True(File.Exists(ConformanceDll), $"{ConformanceDll} does not exist; build the solution (dotnet build Singularity.sln) first");
            var bag = new DiagnosticBag();
            var work = new List<(string Assembly, long Units)>();
            using var resolver = new AssemblyResolver(new[] { TestPaths.ConformanceBin }, InstallerPipeline.Trusted(TestPaths.TrustedAssemblies, bag).Pinned);
            InstalledProgram program = InstallerPipeline.LoadInstalled(Path.Combine(TestPaths.Root, "Manifests", "system.policy.xml"), "conformance", bag)
                                       ?? throw new InvalidOperationException(string.Join("\n", bag.Items));
            using LoadedAssembly asm = LoadedAssembly.Open(ConformanceDll, out string? problem) ?? throw new InvalidOperationException(problem);
            InstallerPipeline.VerifyLoaded(program, asm, resolver, InstallerPipeline.Trusted(TestPaths.TrustedAssemblies, bag), bag, limit, work);
            return (string.Join("\n", bag.Items), work);
        }

        [Fact]
        public void TheConformanceProgramIsFarInsideTheBudget()
        {
            var (verdict, work) = VerifyConformance();
            Assert.True(verdict.Length == 0, verdict);
            var (assembly, units) = Assert.Single(work);
            Assert.Equal("Conformance", assembly);
            output.WriteLine($"sip-conformance: {units:N0} units of verifier work; the budget is {VerifierWork.DefaultLimit:N0} ({VerifierWork.DefaultLimit / units}x)");
            Assert.True(units * Margin <= VerifierWork.DefaultLimit,
                $"the conformance program counts {units:N0} units, within {Margin}x of the budget {VerifierWork.DefaultLimit:N0}: raise VerifierWork.DefaultLimit (and its comment) so legitimate programs keep a wide margin");
        }

        /// <summary>One method with thousands of try/finally blocks: every instruction is checked against every region,
        /// so the work grows with the product (about 150 million units here), while the C# is ordinary.</summary>
        private static string ManyTryBlocks(int count)
        {
            var body = new StringBuilder();
            for (int i = 0; i < count; i++) body.Append("try { x++; } finally { x--; }\n");
            return $$"""
                using System.Runtime.InteropServices;
                namespace Test.App
                {
                    internal static class Program
                    {
                        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                        private static int Main() => Many(1);

                        private static int Many(int x)
                        {
                            {{body}}
                            return x;
                        }
                    }
                }
                """;
        }

        [Fact]
        public void AMethodBuiltToMakeTheFixedPointSlowIsRefusedWithTheCount()
        {
            string dir = ProgramCompiler.TempDirectory();
            try
            {
                string dll = ProgramCompiler.Compile("App", ManyTryBlocks(3000), dir);
                var clock = Stopwatch.StartNew();
                IReadOnlyList<Diagnostic> diagnostics = PatchedPrograms.Verify(dll, dir);
                output.WriteLine($"refused in {clock.Elapsed.TotalMilliseconds:0} ms: {string.Join("\n", diagnostics)}");
                Diagnostic d = Assert.Single(diagnostics);
                Assert.Equal(ErrorCodes.VerifierLimit, d.Code);
                Assert.Contains("in method Test.App.Program.Many", d.Message, StringComparison.Ordinal);
                Assert.Contains($"exceeded its work budget of {VerifierWork.DefaultLimit:N0} units", d.Message, StringComparison.Ordinal);
                Assert.Matches(@"with [\d,]+ counted", d.Message);

                // A tenth of the blocks is an ordinary (if odd) method: verified.
                string small = ProgramCompiler.Compile("App", ManyTryBlocks(300), dir);
                Assert.Empty(PatchedPrograms.Verify(small, dir));
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }

        [Fact]
        public void VerdictAndWorkAreTheSameWithEveryCoreBusy()
        {
            var (verdict, work) = VerifyConformance();
            long units = work.Sum(w => w.Units);
            // A budget the program just misses: refused, at the same method with the same count, every time.
            var (tightVerdict, tightWork) = VerifyConformance(units / 2);
            Assert.Contains(ErrorCodes.VerifierLimit, tightVerdict, StringComparison.Ordinal);

            using var stop = new CancellationTokenSource();
            var hogs = Enumerable.Range(0, Environment.ProcessorCount * 2).Select(_ => new Thread(() =>
            {
                ulong spin = 0;
                while (!stop.IsCancellationRequested) spin = spin * 6364136223846793005 + 1;
                GC.KeepAlive(spin);
            }) { IsBackground = true }).ToList();
            hogs.ForEach(h => h.Start());
            try
            {
                for (int run = 0; run < 2; run++)
                {
                    var (busyVerdict, busyWork) = VerifyConformance();
                    Assert.Equal(verdict, busyVerdict);
                    Assert.Equal(work, busyWork);
                    var (busyTight, busyTightWork) = VerifyConformance(units / 2);
                    Assert.Equal(tightVerdict, busyTight);
                    Assert.Equal(tightWork, busyTightWork);
                }
            }
            finally
            {
                stop.Cancel();
                hogs.ForEach(h => h.Join());
            }
            output.WriteLine($"{hogs.Count} hog threads: {units:N0} units and the same verdict each time; with a budget of {units / 2:N0}: {tightVerdict}");
        }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using Sing.Installer.Diagnostics;
using Sing.Installer.Il;
using Sing.Installer.Rules;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>Mutational fuzzing of the verify pipeline, in process: bit flips, byte overwrites and truncations of
    /// valid programs and of the bad corpus. No input may raise an exception, make the verifier count more work than
    /// <see cref="WorkLimit"/> without being refused for it, or be accepted when it comes from a bad program and the
    /// mutation left the method that carries the defect untouched. Work is counted, not timed, so the verdicts are the
    /// same however busy the machine is; only a true hang (<see cref="HangLimit"/>, far beyond any load) is timed.
    /// SING_FUZZ_COUNT sets the number of mutants (default 100,000); SING_FUZZ_SEED the random seed.</summary>
    public sealed class FuzzTests
    {
        /// <summary>The verifier's work budget per assembly here: hundreds of times the largest seed's count (the test
        /// checks that), so a mutant refused for it made the fixed point slow, and no mutant gets to do much work.</summary>
        private const long WorkLimit = 5_000_000;

        /// <summary>A mutant still running after this long loops in code that does not count its work.</summary>
        private static readonly TimeSpan HangLimit = TimeSpan.FromSeconds(30);

        private readonly ITestOutputHelper _out;

        public FuzzTests(ITestOutputHelper output) { _out = output; }

        private sealed record Seed(string Name, byte[] Bytes, bool Good, (int Start, int End)? Defect);

        [Fact]
        public void MutatedAssembliesNeverCrashHangOrSlipThrough()
        {
            int count = int.TryParse(Environment.GetEnvironmentVariable("SING_FUZZ_COUNT"), out int n) ? n : 100_000;
            int seedValue = int.TryParse(Environment.GetEnvironmentVariable("SING_FUZZ_SEED"), out int s) ? s : 20261123;
            string dir = ProgramCompiler.TempDirectory();
            try
            {
                List<Seed> seeds = Seeds(dir);
                var bag0 = new DiagnosticBag();
                string policy = WritePolicy(dir);
                InstalledProgram program = InstallerPipeline.LoadInstalled(policy, "app", bag0) ?? throw new InvalidOperationException(string.Join("\n", bag0.Items));
                var trusted = TrustedSet.FromFiles(TestPaths.TrustedAssemblies, out var problems);
                Assert.Empty(problems);
                using var resolver = new AssemblyResolver(new[] { dir }, trusted.Pinned);

                // The seeds themselves: the good ones pass, the bad ones do not, all far inside the work limit.
                long seedWork = 0;
                foreach (Seed seed in seeds)
                {
                    var (bag, units) = Run(program, resolver, trusted, seed.Bytes);
                    Assert.True(seed.Good == (bag.Items.Count == 0), $"seed {seed.Name}: {string.Join("\n", bag.Items)}");
                    seedWork = Math.Max(seedWork, units);
                }
                Assert.True(seedWork * 100 < WorkLimit, $"a seed counts {seedWork} units of verifier work, too close to the fuzz limit {WorkLimit}");

                // Two workers (each with its own resolver and random stream), so 100,000 mutants fit in CI time.
                const int workers = 2;
                var clock = Stopwatch.StartNew();
                var results = new Stats[workers];
                System.Threading.Tasks.Parallel.For(0, workers, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = workers }, w =>
                {
                    using var own = new AssemblyResolver(new[] { dir }, trusted.Pinned);
                    results[w] = Fuzz(program, own, trusted, seeds, count / workers + (w < count % workers ? 1 : 0), new Random(seedValue + w), w);
                });
                var failures = results.SelectMany(r => r.Failures).ToList();
                Assert.True(failures.Count == 0, string.Join("\n", failures.Take(10)));
                Stats all = results.Aggregate(new Stats(), (x, y) => x.Add(y));
                _out.WriteLine($"{count} mutants of {seeds.Count} seeds in {clock.Elapsed.TotalSeconds:0.0} s ({workers} workers); most verifier work {all.MostWork} units ({all.MostWorkInput}; largest seed {seedWork}); " +
                               $"accepted {all.Accepted} (bad seeds repaired in their defect: {all.Repaired}), rejected {all.Rejected}: " +
                               string.Join(", ", all.Codes.OrderByDescending(kv => kv.Value).Select(kv => $"{kv.Key} {kv.Value}")));
                Assert.Equal(count, all.Accepted + all.Rejected);
                int rejected = all.Rejected;
                Assert.True(rejected > count / 10, "the mutants were almost all accepted: the mutator is not reaching the verifier");
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }

        /// <summary>Whether the mutation changed what the defective method is: its row now points at other IL, or a
        /// byte of the metadata tables or the signature blob heap (which give tokens and signatures their meaning) changed.</summary>
        private static bool DefectRewired(Seed seed, byte[] mutant, List<int> touched)
        {
            using var pe = new PEReader(new MemoryStream(seed.Bytes));
            MetadataReader r = pe.GetMetadataReader();
            int metadataStart = pe.PEHeaders.MetadataStartOffset;
            foreach (var (offset, size) in new[] { (r.GetTableMetadataOffset(TableIndex.Module), TablesSize(r)), HeapRange(r, HeapIndex.Blob) })
                if (touched.Any(t => t >= metadataStart + offset && t < metadataStart + offset + size)) return true;
            return false;
        }

        private static int TablesSize(MetadataReader r)
        {
            int end = 0;
            for (int t = 0; t < MetadataTokens.TableCount; t++)
            {
                var table = (TableIndex)t;
                if (r.GetTableRowCount(table) == 0) continue;
                end = Math.Max(end, r.GetTableMetadataOffset(table) + r.GetTableRowCount(table) * r.GetTableRowSize(table));
            }
            return end - r.GetTableMetadataOffset(TableIndex.Module);
        }

        private static (int, int) HeapRange(MetadataReader r, HeapIndex heap) => (r.GetHeapMetadataOffset(heap), r.GetHeapSize(heap));

        private sealed class Stats
        {
            public int Accepted, Rejected, Repaired;
            public long MostWork;
            public string MostWorkInput = "";
            public readonly Dictionary<string, int> Codes = new();
            public readonly List<string> Failures = new();

            public Stats Add(Stats o)
            {
                Accepted += o.Accepted; Rejected += o.Rejected; Repaired += o.Repaired;
                if (o.MostWork > MostWork) { MostWork = o.MostWork; MostWorkInput = o.MostWorkInput; }
                foreach (var kv in o.Codes) Codes[kv.Key] = Codes.TryGetValue(kv.Key, out int c) ? c + kv.Value : kv.Value;
                Failures.AddRange(o.Failures);
                return this;
            }
        }

        private static Stats Fuzz(InstalledProgram program, AssemblyResolver resolver, TrustedSet trusted, List<Seed> seeds, int count, Random random, int worker)
        {
            var st = new Stats();
            for (int i = 0; i < count && st.Failures.Count == 0; i++)
            {
                Seed seed = seeds[random.Next(seeds.Count)];
                byte[] mutant = Mutate(seed.Bytes, random, out List<int> touched);
                string id = $"mutant {worker}.{i} of {seed.Name}";
                string Save(string kind)
                {
                    string file = Path.Combine(Path.GetTempPath(), $"sing-fuzz-{kind}-{worker}-{i}.dll");
                    File.WriteAllBytes(file, mutant);
                    return file;
                }
                var one = Stopwatch.StartNew();
                DiagnosticBag bag;
                long units;
                try { (bag, units) = Run(program, resolver, trusted, mutant); }
                catch (Exception e)
                {
                    st.Failures.Add($"{id} (saved as {Save("crash")}) raised {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
                    break;
                }
                if (one.Elapsed > HangLimit)
                    st.Failures.Add($"{id} (saved as {Save("hang")}) ran {one.Elapsed.TotalSeconds:0} s (the hard stop is {HangLimit.TotalSeconds:0} s) after counting {units} units: it loops in work the verifier does not count");
                if (units > WorkLimit && !bag.Items.Any(d => d.Code == ErrorCodes.VerifierLimit))
                    st.Failures.Add($"{id} (saved as {Save("work")}) counted {units} units, over the limit {WorkLimit}, without being refused for it");
                if (units > st.MostWork) { st.MostWork = units; st.MostWorkInput = id; }
                if (bag.Items.Count == 0)
                {
                    st.Accepted++;
                    if (seed.Good) continue;
                    // Acceptable only when a mutation rewrote the defect itself (e.g. the ldftn token now names a method of
                    // the right signature) or the metadata that gives it meaning; anything else slipped a bad program through.
                    if (seed.Defect is { } d && touched.Any(t => t >= d.Start && t < d.End) || DefectRewired(seed, mutant, touched)) st.Repaired++;
                    else st.Failures.Add($"{id} (saved as {Save("accepted")}) was accepted although neither its defect nor the metadata that gives it meaning was touched (bytes {string.Join(",", touched)})");
                }
                else
                {
                    st.Rejected++;
                    string code = bag.Items[0].Code;
                    st.Codes[code] = st.Codes.TryGetValue(code, out int c) ? c + 1 : 1;
                }
            }
            return st;
        }

        /// <summary>The verdict on one input and the verifier work it counted.</summary>
        private static (DiagnosticBag Bag, long Units) Run(InstalledProgram program, AssemblyResolver resolver, TrustedSet trusted, byte[] bytes)
        {
            var bag = new DiagnosticBag();
            using LoadedAssembly? asm = LoadedAssembly.FromBytes(bytes, "App.dll", out string? problem);
            if (asm is null)
            {
                bag.Add(ErrorCodes.NotAnAssembly, SourceLocation.OfFile("App.dll"), problem ?? "not an assembly");
                return (bag, 0);
            }
            var work = new List<(string Assembly, long Units)>();
            InstallerPipeline.VerifyLoaded(program, asm, resolver, trusted, bag, WorkLimit, work);
            return (bag, work.Sum(w => w.Units));
        }

        private static byte[] Mutate(byte[] original, Random random, out List<int> touched)
        {
            touched = new List<int>();
            int kind = random.Next(100);
            if (kind < 4)
            {
                int length = random.Next(original.Length);
                touched.Add(length);
                return original.AsSpan(0, length).ToArray();
            }
            byte[] b = (byte[])original.Clone();
            int edits = 1 + random.Next(kind < 60 ? 1 : 4);
            for (int e = 0; e < edits; e++)
            {
                int at = random.Next(b.Length);
                touched.Add(at);
                b[at] = random.Next(3) switch
                {
                    0 => (byte)(b[at] ^ (1 << random.Next(8))),
                    1 => (byte)random.Next(256),
                    _ => new byte[] { 0, 0xFF, 0x7F, 0x80, 1, 0xFE }[random.Next(6)],
                };
            }
            return b;
        }

        private static string WritePolicy(string dir)
        {
            string policy = Path.Combine(dir, "fuzz.policy.xml");
            File.WriteAllText(policy, $"""
                <policy xmlns="urn:singularity:policy:v1" configuration="SIP-Phys">
                  <programs>
                    <program name="app" manifest="{Path.Combine(TestPaths.Corpus, "Shared", "app.xml")}" project="none.csproj"/>
                  </programs>
                </policy>
                """);
            return policy;
        }

        /// <summary>Good programs (the base program, the shapes program) and the bad corpus cases whose defect is in
        /// one method body, with that body's byte range in the file.</summary>
        private static List<Seed> Seeds(string dir)
        {
            var seeds = new List<Seed>();
            string work = Path.Combine(dir, "seeds");
            Directory.CreateDirectory(work);
            seeds.Add(new Seed("base", File.ReadAllBytes(ProgramCompiler.Compile("App", PatchedPrograms.BaseSource, work)), true, null));
            string shapes = File.ReadAllText(Path.Combine(TestPaths.Project, "Good", "good-verifier-shapes.cs"));
            seeds.Add(new Seed("shapes", File.ReadAllBytes(ProgramCompiler.Compile("App", shapes, work)), true, null));
            foreach (PatchedCase c in VerifierCorpus.Cases.Where(c => c.Method is not null && c.Source is null))
            {
                byte[] bytes = File.ReadAllBytes(PatchedPrograms.Build(c, work));
                seeds.Add(new Seed(c.Name, bytes, false, BodyRange(bytes, c.Method!)));
            }
            return seeds;
        }

        private static (int, int) BodyRange(byte[] bytes, string method)
        {
            using var pe = new PEReader(new MemoryStream(bytes));
            MetadataReader r = pe.GetMetadataReader();
            foreach (MethodDefinitionHandle h in r.MethodDefinitions)
            {
                MethodDefinition m = r.GetMethodDefinition(h);
                if (r.GetString(m.Name) != method || m.RelativeVirtualAddress == 0) continue;
                int size = pe.GetMethodBody(m.RelativeVirtualAddress).Size;
                SectionHeader section = pe.PEHeaders.SectionHeaders.First(sh => m.RelativeVirtualAddress >= sh.VirtualAddress && m.RelativeVirtualAddress < sh.VirtualAddress + sh.VirtualSize);
                int start = m.RelativeVirtualAddress - section.VirtualAddress + section.PointerToRawData;
                return (start, start + size);
            }
            throw new InvalidOperationException($"no method {method}");
        }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Sing.Installer.Rules;
using Xunit;
using Xunit.Abstractions;
using Machine = Singularity.Manifests.MachineResources;

namespace Sing.Installer.Tests
{
    /// <summary>A mutational fuzz loop: manifests and policies from the corpus, the compose example and the real system,
    /// mutated, each run through `sing-install check` in process. For every input: no exception, exit status 0 or 1, done
    /// in under a second (an input over the second is timed twice more and its fastest run counts, since the test shares
    /// two cores with other builds; a watchdog ends the process if one run exceeds 20 s). Mutants of bad corpus cases made by meaning-preserving edits (comments, blank lines, quote
    /// style, character references, an XML declaration) must still be rejected with the stated code and message.
    /// Whatever is accepted is checked again by plain, independent oracles: every hardware claim passes the kernel's
    /// machine rule, no two exclusive claims of different drivers overlap, and every boot service finds what it binds
    /// already served. SING_FUZZ_COUNT and SING_FUZZ_SEED override the count and the seed.</summary>
    public sealed partial class FuzzTests(ITestOutputHelper output)
    {
        private const int DefaultCount = 100_000;
        private static readonly TimeSpan PerInputLimit = TimeSpan.FromSeconds(1);
        private static readonly TimeSpan HangLimit = TimeSpan.FromSeconds(20);

        private sealed record Seed(string Text, string Directory, bool IsPolicy, string? ProgramName, (string Code, string Fragment)? Expect)
        {
            /// <summary>For a manifest: the policy that installs it (written once per seed).</summary>
            public string? Wrapper { get; set; }
        }

        private static readonly string[] Tokens =
        {
            "<!DOCTYPE policy [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>", "&b;", "&a;", "&#0;", "&#x110000;", "&#x85;", "&#x202E;",
            "&amp;", "&lt;", "<![CDATA[<x>]]>", "<!-- c -->", "<?pi x?>", "<!ELEMENT x ANY>", "]]>", "<", ">", "\"", "'", "=", "/>", "</",
            "<irq name=\"z\" line=\"16\"/>", "<irq name=\"z\" line=\"4\"/>", "<irq name=\"z\" line=\"8\"/>", "<irq name=\"y\" line=\"8\" shared=\"true\"/>",
            "<ioPorts name=\"z\" base=\"0x3f8\" length=\"8\"/>", "<ioPorts name=\"z\" base=\"0xffff\" length=\"2\"/>", "<ioPorts name=\"z\" base=\"0x70\" length=\"1\"/>",
            "<memory name=\"z\" base=\"0x0\" length=\"0xffffffffffffffff\"/>", "<memory name=\"z\" base=\"0xb8000\" length=\"0x1000\"/>",
            "<memory name=\"z\" base=\"0xfec00000\" length=\"0x10\"/>", "<dma name=\"z\" channel=\"4\"/>", "<dma name=\"z\" channel=\"2\"/>",
            "<boot program=\"echod\"/>", "<boot program=\"rtc\"/>", "<boot program=\"shell\"/>", "<boot program=\"proxy\"/>",
            "<line>run app &amp;</line>", "<line>kill x</line>", "<line>help</line>", "<line>client</line>", "<line>run</line>",
            "<program name=\"echod\" manifest=\"Shared/echod.xml\" project=\"x\"/>", "<program name=\"proxy\" manifest=\"Shared/echo-proxy.xml\" project=\"x\"/>",
            "<program name=\"z\" manifest=\"/dev/zero\" project=\"x\"/>", "<program name=\"z\" manifest=\".\" project=\"x\"/>",
            "<endpoint name=\"z\" contract=\"A.B\" side=\"Imp\" state=\"Start\" bind=\"/service/echo\"/>",
            "<endpoint name=\"z\" contract=\"Sing.Apps.Echo.EchoContract\" side=\"Exp\" state=\"Start\" register=\"/service/echo\"/>",
            "<dependencies><service path=\"/service/proxy\"/></dependencies>", "<parameter name=\"z\" type=\"int32\" position=\"0\"/>",
            " trusted=\"true\"", " reason=\"...\"", " shared=\"true\"", " xmlns:q=\"urn:x\"", " q:a=\"1\"",
        };

        private static readonly string[] Numbers =
        {
            "0", "1", "2", "4", "7", "8", "15", "16", "255", "256", "0x3f8", "0xffff", "0x10000", "0xa0000", "0xfffff", "0x100000",
            "0xffffffff", "0x100000000", "0xffffffffffffffff", "18446744073709551616", "-1", "0x", "00000000000000000000001",
        };

        [Fact]
        public void MutatedManifestsAndPoliciesNeverCrashHangOrPassBadInput()
        {
            int count = int.TryParse(Environment.GetEnvironmentVariable("SING_FUZZ_COUNT"), out int c) ? c : DefaultCount;
            int seedValue = int.TryParse(Environment.GetEnvironmentVariable("SING_FUZZ_SEED"), out int s) ? s : 20261123;
            var random = new Random(seedValue);
            string work = ProgramCompiler.TempDirectory();
            try
            {
                List<Seed> seeds = PrepareSeeds(work);
                List<Seed> good = seeds.Where(x => x.Expect is null).ToList(), bad = seeds.Where(x => x.Expect is not null).ToList();
                using var watchdog = new Watchdog();
                // Warm-up: every seed once, unmutated, so JIT and schema compilation are not charged to the first inputs.
                // (Shared fixtures need not pass alone: some bind services their one-program policy lacks.)
                foreach (Seed warm in seeds)
                {
                    var (status, _, _) = RunTimed(Write(warm, warm.Text).Policy, watchdog);
                    if (status == 0 && warm.Expect is not null) Fail(work, "an unmutated bad case was accepted", warm.Text);
                }
                Assert.True(seeds.Count(x => x.Expect is not null) >= 50 && seeds.Count(x => x.Expect is null) >= 15, "the corpus gives good and bad seeds");
                var total = Stopwatch.StartNew();
                TimeSpan slowest = TimeSpan.Zero, slowestFirst = TimeSpan.Zero;
                string slowestInput = "";
                int accepted = 0, preserved = 0, retried = 0;
                TimeSpan runTime = TimeSpan.Zero, mutateTime = TimeSpan.Zero;
                for (int i = 0; i < count; i++)
                {
                    // Half good seeds, so mutants are often accepted and the acceptance oracles run.
                    Seed seed = random.Next(2) == 0 ? good[random.Next(good.Count)] : bad[random.Next(bad.Count)];
                    // One in four bad seeds gets only meaning-preserving edits: it must stay rejected as stated.
                    bool preserve = seed.Expect is not null && random.Next(4) == 0;
                    long mutateStart = Stopwatch.GetTimestamp();
                    string text = preserve ? Preserve(seed.Text, random) : Mutate(seed.Text, random);
                    (string policy, string file) = Write(seed, text);
                    mutateTime += Stopwatch.GetElapsedTime(mutateStart);
                    var (status, errors, elapsed) = RunTimed(policy, watchdog);
                    runTime += elapsed;
                    if (elapsed > slowestFirst) slowestFirst = elapsed;
                    // Two cores shared with other builds: a run over the limit is timed twice more and the fastest counts,
                    // so a scheduling stall is not taken for the installer's work (a real hang is slow every time).
                    for (int retry = 0; retry < 2 && elapsed > PerInputLimit; retry++)
                    {
                        retried++;
                        TimeSpan again = RunTimed(policy, watchdog).Elapsed;
                        if (again < elapsed) elapsed = again;
                    }
                    if (elapsed > slowest) (slowest, slowestInput) = (elapsed, text);
                    if (elapsed > PerInputLimit) Fail(work, "took " + elapsed.TotalMilliseconds.ToString("F0", CultureInfo.InvariantCulture) + " ms", text);
                    if (status is not (0 or 1)) Fail(work, $"exit status {status}:\n{errors}", text);
                    if (preserve)
                    {
                        preserved++;
                        var (code, fragment) = seed.Expect!.Value;
                        if (status == 0 || !errors.Split('\n').Any(l => l.Contains("error " + code + ":", StringComparison.Ordinal) && l.Contains(fragment, StringComparison.Ordinal)))
                            Fail(work, $"a meaning-preserving edit of a bad case lost its {code} \"{fragment}\":\n{errors}", text);
                    }
                    if (status == 0)
                    {
                        accepted++;
                        if (seed.Expect is not null && text == seed.Text) Fail(work, "an unmutated bad case was accepted", text);
                        CheckAcceptedImage(policy, work, text);
                    }
                    _ = file;
                }
                total.Stop();
                output.WriteLine($"fuzz: {count} inputs (seed {seedValue}), {preserved} meaning-preserving mutants of bad cases, {accepted} accepted, {retried} re-timed; " +
                    $"total {total.Elapsed.TotalSeconds:F1} s (sing-install {runTime.TotalSeconds:F1} s, mutating and writing {mutateTime.TotalSeconds:F1} s), mean {total.Elapsed.TotalMilliseconds / Math.Max(1, count):F3} ms, slowest {slowest.TotalMilliseconds:F1} ms ({slowestInput.Length} characters; {slowestFirst.TotalMilliseconds:F1} ms before re-timing)");
                File.WriteAllText(Path.Combine(Path.GetTempPath(), "sing-fuzz-summary.txt"),
                    $"inputs={count} seed={seedValue} preserved={preserved} accepted={accepted} retimed={retried} total_s={total.Elapsed.TotalSeconds:F1} max_ms={slowest.TotalMilliseconds:F1} max_first_ms={slowestFirst.TotalMilliseconds:F1}\n");
                Assert.True(accepted > 0, "some mutants are accepted, so the acceptance oracles ran");
            }
            finally
            {
                Directory.Delete(work, recursive: true);
            }
        }

        /// <summary>Copies the seed files' directories into <paramref name="work"/> so relative manifest paths resolve, and
        /// returns one seed per manifest and policy.</summary>
        private static List<Seed> PrepareSeeds(string work)
        {
            var seeds = new List<Seed>();
            string corpus = Path.Combine(work, "corpus"), compose = Path.Combine(work, "compose"), system = Path.Combine(work, "system");
            Copy(Path.Combine(TestPaths.Corpus, "Shared"), Path.Combine(corpus, "Shared"));
            Copy(Path.Combine(TestPaths.Project, "Compose", "Programs"), Path.Combine(compose, "Programs"));
            Copy(Path.Combine(TestPaths.Root, "Manifests", "Programs"), Path.Combine(system, "Programs"));
            foreach (string f in Directory.GetFiles(TestPaths.Corpus).OrderBy(f => f, StringComparer.Ordinal))
            {
                bool policy = f.EndsWith(".policy.xml", StringComparison.Ordinal);
                if (!policy && !f.EndsWith(".manifest.xml", StringComparison.Ordinal)) continue;
                string text = File.ReadAllText(f);
                seeds.Add(new Seed(text, corpus, policy, policy ? null : NameOf(text), CaseRunner.Expectation(f)));
            }
            foreach (string f in Directory.GetFiles(Path.Combine(corpus, "Shared")).OrderBy(f => f, StringComparer.Ordinal))
            {
                string text = File.ReadAllText(f);
                seeds.Add(new Seed(text, corpus, false, NameOf(text), null));
            }
            seeds.Add(new Seed(File.ReadAllText(Path.Combine(TestPaths.Project, "Compose", "system.policy.xml")), compose, true, null, null));
            seeds.Add(new Seed(File.ReadAllText(Path.Combine(TestPaths.Root, "Manifests", "system.policy.xml")), system, true, null, null));
            foreach (string f in Directory.GetFiles(Path.Combine(system, "Programs")).OrderBy(f => f, StringComparer.Ordinal))
            {
                string text = File.ReadAllText(f);
                seeds.Add(new Seed(text, system, false, NameOf(text), null));
            }
            return seeds;
        }

        private static void Copy(string from, string to)
        {
            Directory.CreateDirectory(to);
            foreach (string f in Directory.GetFiles(from)) File.Copy(f, Path.Combine(to, Path.GetFileName(f)));
        }

        private static string NameOf(string manifest) => NameRegex().Match(manifest).Groups[1].Value;

        /// <summary>Writes the mutant; a manifest is installed by a one-program policy with a boot line, so drivers and
        /// services are also checked as boot services.</summary>
        private static (string Policy, string File) Write(Seed seed, string text)
        {
            if (seed.IsPolicy)
            {
                string policy = Path.Combine(seed.Directory, "fuzz.policy.xml");
                File.WriteAllText(policy, text);
                return (policy, policy);
            }
            string manifest = Path.Combine(seed.Directory, "fuzz.manifest.xml");
            File.WriteAllText(manifest, text);
            string wrapper = seed.Wrapper ??= Path.Combine(seed.Directory, $"fuzz-{Guid.NewGuid():N}.policy.xml");
            if (!File.Exists(wrapper))
                File.WriteAllText(wrapper, $"""
                    <policy xmlns="urn:singularity:policy:v1" configuration="SIP-Phys">
                      <programs>
                        <program name="{System.Security.SecurityElement.Escape(seed.ProgramName)}" manifest="fuzz.manifest.xml" project="none.csproj"/>
                        <program name="echod" manifest="Shared/echod.xml" project="none.csproj"/>
                      </programs>
                      <namespaces>
                        <namespace prefix="/dev/" kinds="driver"/>
                        <namespace prefix="/service/" kinds="service,driver"/>
                      </namespaces>
                      <boot program="echod"/>
                    </policy>
                    """);
            return (wrapper, manifest);
        }

        /// <summary>Runs sing-install on the test's thread (a hand-off per input would measure the thread pool, not the
        /// installer); the watchdog ends the test process if one input runs longer than <see cref="HangLimit"/>.</summary>
        private static (int Status, string Errors, TimeSpan Elapsed) RunTimed(string policy, Watchdog watchdog)
        {
            var stdout = new StringWriter(CultureInfo.InvariantCulture);
            var stderr = new StringWriter(CultureInfo.InvariantCulture);
            watchdog.Begin(policy);
            var clock = Stopwatch.StartNew();
            int status = Sing.Install.Program.Run(new[] { "check", "--policy", policy }, stdout, stderr);
            clock.Stop();
            watchdog.End();
            return (status, stderr.ToString(), clock.Elapsed);
        }

        /// <summary>Checks once a second whether the current input has run longer than the hang limit; if so the input is
        /// kept and the process fails fast, since a hung call cannot be abandoned.</summary>
        private sealed class Watchdog : IDisposable
        {
            private readonly Timer _timer;
            private long _startedTicks;
            private string _input = "";

            public Watchdog() => _timer = new Timer(_ => Look(), null, 1000, 1000);

            public void Begin(string policy)
            {
                _input = policy;
                Volatile.Write(ref _startedTicks, Stopwatch.GetTimestamp());
            }

            public void End() => Volatile.Write(ref _startedTicks, 0);

            private void Look()
            {
                long started = Volatile.Read(ref _startedTicks);
                if (started != 0 && Stopwatch.GetElapsedTime(started) > HangLimit)
                {
                    string saved = Path.Combine(Path.GetTempPath(), $"sing-fuzz-hang-{Guid.NewGuid():N}.xml");
                    File.Copy(_input, saved, overwrite: true);
                    Environment.FailFast($"sing-install hangs (over {HangLimit.TotalSeconds} s) on the input saved to {saved}");
                }
            }

            public void Dispose() => _timer.Dispose();
        }

        /// <summary>Independent checks of an accepted image: plain loops over the model, not the installer's rules.</summary>
        private static void CheckAcceptedImage(string policy, string work, string text)
        {
            var bag = new DiagnosticBag();
            SystemImage? image = InstallerPipeline.Check(policy, bag);
            if (image is null || bag.HasErrors) Fail(work, "sing-install accepted what the pipeline rejects", text);
            var claims = image!.Programs.Where(p => p.Manifest.Hardware is not null)
                .SelectMany(p => p.Manifest.Hardware!.Resources.Select(r => (p.Manifest.Name, r)))
                // A PCI function's BARs and interrupt and the DMA pages the kernel allocates have no fixed number to
                // overlap: two PCI drivers (ahci, e1000) each have a BAR 0 or 5, an interrupt and DMA memory of their own.
                .Where(c => !c.r.IsDeviceRelative).ToList();
            foreach (var (name, r) in claims)
                if (Machine.Refusal(r.SharedKind, r.Start, r.Length) is string why) Fail(work, $"accepted a claim the kernel refuses: {name} {r.Kind} {r.StartText}: {why}", text);
            for (int i = 0; i < claims.Count; i++)
                for (int j = 0; j < i; j++)
                {
                    var (na, a) = claims[j];
                    var (nb, b) = claims[i];
                    if (na != nb && a.Kind == b.Kind && !(a.Shared && b.Shared) && a.Start <= b.Start + (b.Length - 1) && b.Start <= a.Start + (a.Length - 1))
                        Fail(work, $"accepted overlapping claims of {na} and {nb}", text);
                }
            var served = new HashSet<string>();
            var started = new HashSet<string>();
            foreach (var boot in image.Policy.Boot)
            {
                ProgramManifest m = image.Programs.Single(p => p.Manifest.Name == boot.Program).Manifest;
                if (!started.Add(m.Name) && (m.Endpoints.Any(e => e.Register is not null) || (m.Hardware?.Resources.Any(r => !r.Shared) ?? false)))
                    Fail(work, $"accepted {m.Name} twice at boot", text);
                foreach (var e in m.Endpoints.Where(e => e.Bind is not null))
                    if (!served.Contains(e.Bind!) && !m.Endpoints.Any(x => x.Register == e.Bind)) Fail(work, $"accepted boot service {m.Name} before the server of {e.Bind}", text);
                foreach (var e in m.Endpoints.Where(e => e.Register is not null)) served.Add(e.Register!);
            }
        }

        private static void Fail(string work, string why, string input)
        {
            string saved = Path.Combine(Path.GetTempPath(), $"sing-fuzz-failure-{Guid.NewGuid():N}.xml");
            File.WriteAllText(saved, input);
            _ = work;
            Assert.Fail($"{why}\n(input saved to {saved})");
        }

        /// <summary>One to four destructive edits.</summary>
        private static string Mutate(string text, Random random)
        {
            var s = new StringBuilder(text);
            int edits = random.Next(2) == 0 ? 1 : 1 + random.Next(4);
            for (int e = 0; e < edits; e++)
            {
                int at = random.Next(s.Length + 1);
                switch (random.Next(9))
                {
                    case 0:
                        if (s.Length > 0) s[Math.Min(at, s.Length - 1)] = "<>&;\"'=/!-?[]#x0123456789abcdefAZ \n\u0085\u202e\u00e9"[random.Next(33)];
                        break;
                    case 1:
                        if (at < s.Length) s.Remove(at, Math.Min(s.Length - at, 1 + random.Next(40)));
                        break;
                    case 2:
                    {
                        int from = random.Next(s.Length + 1);
                        int length = Math.Min(s.Length - from, 1 + random.Next(200));
                        s.Insert(at, s.ToString(from, length));
                        break;
                    }
                    case 3:
                    case 4:
                        s.Insert(TagBoundary(s, random), Tokens[random.Next(Tokens.Length)]);
                        break;
                    case 5:
                        ReplaceNumber(s, random);
                        break;
                    case 6:
                        ReplaceAttributeValue(s, random, random.Next(3) switch
                        {
                            0 => new string('a', 1 + random.Next(3000)),
                            1 => Numbers[random.Next(Numbers.Length)],
                            _ => "/service/" + (random.Next(2) == 0 ? "echo" : "proxy"),
                        });
                        break;
                    case 7:
                    {
                        int depth = 1 + random.Next(random.Next(2) == 0 ? 30 : 3000);
                        s.Insert(TagBoundary(s, random), string.Concat(Enumerable.Repeat("<n>", depth)) + string.Concat(Enumerable.Repeat("</n>", depth)));
                        break;
                    }
                    default:
                    {
                        // Swap two lines: moves boot entries, programs and resources around.
                        string[] lines = s.ToString().Split('\n');
                        int a = random.Next(lines.Length), b = random.Next(lines.Length);
                        (lines[a], lines[b]) = (lines[b], lines[a]);
                        s.Clear().Append(string.Join('\n', lines));
                        break;
                    }
                }
            }
            return s.ToString();
        }

        /// <summary>Just after a '&gt;' (or the start), where markup may follow.</summary>
        private static int TagBoundary(StringBuilder s, Random random)
        {
            for (int tries = 0; tries < 8; tries++)
            {
                int at = random.Next(s.Length);
                if (s[at] == '>') return at + 1;
            }
            return random.Next(s.Length + 1);
        }

        private static void ReplaceNumber(StringBuilder s, Random random)
        {
            MatchCollection numbers = NumberRegex().Matches(s.ToString());
            if (numbers.Count == 0) return;
            Match m = numbers[random.Next(numbers.Count)];
            s.Remove(m.Index, m.Length).Insert(m.Index, Numbers[random.Next(Numbers.Length)]);
        }

        private static void ReplaceAttributeValue(StringBuilder s, Random random, string value)
        {
            MatchCollection values = AttributeValueRegex().Matches(s.ToString());
            if (values.Count == 0) return;
            Group g = values[random.Next(values.Count)].Groups[1];
            s.Remove(g.Index, g.Length).Insert(g.Index, value);
        }

        /// <summary>One to three edits that keep the document's meaning: a comment or blank line between elements, single
        /// quotes around an attribute, a character written as a reference, an XML declaration in front.</summary>
        private static string Preserve(string text, Random random)
        {
            string s = text;
            int edits = 1 + random.Next(3);
            for (int e = 0; e < edits; e++)
            {
                switch (random.Next(4))
                {
                    case 0:
                    case 1:
                    {
                        // Between two elements: after a line ending in '>' and before one starting with '<'.
                        MatchCollection gaps = GapRegex().Matches(s);
                        if (gaps.Count == 0) break;
                        int at = gaps[random.Next(gaps.Count)].Index + 1;
                        s = s.Insert(at, random.Next(2) == 0 ? "<!-- fuzz: a comment -->\n" : "\n   \n");
                        break;
                    }
                    case 2:
                    {
                        MatchCollection values = QuotedRegex().Matches(s);
                        if (values.Count == 0) break;
                        Match m = values[random.Next(values.Count)];
                        s = s.Remove(m.Index, m.Length).Insert(m.Index, "='" + m.Groups[1].Value + "'");
                        break;
                    }
                    default:
                    {
                        MatchCollection values = AttributeValueRegex().Matches(s);
                        if (values.Count == 0) break;
                        Group g = values[random.Next(values.Count)].Groups[1];
                        int k = g.Index + random.Next(g.Length);
                        if (g.Length == 0 || !char.IsLetterOrDigit(s[k])) break;
                        s = s.Remove(k, 1).Insert(k, $"&#x{(int)s[k]:X};");
                        break;
                    }
                }
            }
            return s.StartsWith("<?xml", StringComparison.Ordinal) || random.Next(8) != 0 ? s : "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + s;
        }

        [GeneratedRegex("<manifest[^>]*\\sname=\"([^\"]*)\"")]
        private static partial Regex NameRegex();

        [GeneratedRegex(@"\b(0x[0-9a-fA-F]+|[0-9]+)\b")]
        private static partial Regex NumberRegex();

        [GeneratedRegex("=\"([^\"<&]*)\"")]
        private static partial Regex AttributeValueRegex();

        [GeneratedRegex("=\"([^\"'<&]*)\"")]
        private static partial Regex QuotedRegex();

        [GeneratedRegex(@">[ \t]*\n(?=[ \t]*<[a-z/])")]
        private static partial Regex GapRegex();
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Sing.Installer.Rules;
using Sing.Installer.Xml;
using Xunit;
using Machine = Singularity.Manifests.MachineResources;
using ResourceKind = Singularity.Manifests.ResourceKind;

namespace Sing.Installer.Tests
{
    /// <summary>Inputs too large for a corpus file, the caps on what is printed, the sort-and-sweep overlap check against a
    /// plain pairwise one, and that the installer's tables agree with the code they describe (the shell's built-ins, the
    /// kernel's own ports and lines).</summary>
    public sealed class HostileInputTests : IDisposable
    {
        private readonly string _dir = ProgramCompiler.TempDirectory();

        public void Dispose() => Directory.Delete(_dir, recursive: true);

        private const string Head = "<manifest xmlns=\"urn:singularity:manifest:v1\" name=\"app\" kind=\"application\" publisher=\"Tests\" version=\"1.0.0\"><abi version=\"1\"/><code><assembly name=\"App\"/></code>";

        private IReadOnlyList<Diagnostic> ReadManifest(string text)
        {
            string file = Path.Combine(_dir, "m.xml");
            File.WriteAllText(file, text);
            var bag = new DiagnosticBag();
            ManifestReader.Read(file, bag);
            return bag.Items;
        }

        [Fact]
        public void DeepNestingIsRefusedBeforeAnythingRecurses()
        {
            // 30,000 levels in 210 KB: under the size cap, far over the depth cap.
            const int depth = 30_000;
            string text = Head + "<description>" + string.Concat(Enumerable.Repeat("<x>", depth)) + string.Concat(Enumerable.Repeat("</x>", depth)) + "</description></manifest>";
            var d = Assert.Single(ReadManifest(text));
            Assert.Equal(ErrorCodes.InputLimit, d.Code);
            Assert.Contains($"nested deeper than {XmlLimits.MaxDepth} levels", d.Message, StringComparison.Ordinal);
            Assert.Equal(1, d.Location.Line);
        }

        [Fact]
        public void OversizedFileIsRefusedUnread()
        {
            string text = Head + "<description>" + new string('a', (int)XmlLimits.MaxFileBytes) + "</description></manifest>";
            var d = Assert.Single(ReadManifest(text));
            Assert.Equal(ErrorCodes.InputLimit, d.Code);
            Assert.Contains($"more than {XmlLimits.MaxFileBytes} bytes", d.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void EndlessFileIsReadOnlyUpToTheCap()
        {
            if (!File.Exists("/dev/zero")) return;   // not a Unix host
            var bag = new DiagnosticBag();
            ManifestReader.Read("/dev/zero", bag);
            var d = Assert.Single(bag.Items);
            Assert.Equal(ErrorCodes.InputLimit, d.Code);
        }

        [Fact]
        public void EntityExpansionIsNeverAttempted()
        {
            // The classic "billion laughs": ten levels of ten references each.
            var dtd = new StringBuilder("<!DOCTYPE manifest [<!ENTITY l0 \"lol\">");
            for (int i = 1; i < 10; i++) dtd.Append(CultureInfo.InvariantCulture, $"<!ENTITY l{i} \"{string.Concat(Enumerable.Repeat($"&l{i - 1};", 10))}\">");
            dtd.Append("]>");
            var d = Assert.Single(ReadManifest(dtd + Head.Replace("Tests", "&l9;", StringComparison.Ordinal) + "</manifest>"));
            Assert.Equal(ErrorCodes.DtdRefused, d.Code);
            Assert.DoesNotContain("DtdProcessing", d.Message, StringComparison.Ordinal);
            Assert.Contains("the installer never processes DTDs", d.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void AHugeValueIsNeverEchoedWhole()
        {
            // 1,000 characters: under the attribute cap, so the name rule reports it and would echo it.
            string name = "X" + new string('y', 998) + "Z";
            var diagnostics = ReadAndCheck(Head.Replace("name=\"app\"", $"name=\"{name}\"", StringComparison.Ordinal) + "</manifest>");
            var d = Assert.Single(diagnostics, x => x.Code == ErrorCodes.BadIdentifier);
            Assert.True(d.Message.Length <= DiagnosticBag.MaxMessageLength + 60, $"message of {d.Message.Length} characters");
            Assert.Contains("characters not shown", d.Message, StringComparison.Ordinal);
            Assert.Contains("is not an identifier", d.Message, StringComparison.Ordinal);   // what, kept at the start
            Assert.Contains("starting with a letter", d.Message, StringComparison.Ordinal); // how to fix, kept at the end
        }

        private IReadOnlyList<Diagnostic> ReadAndCheck(string text)
        {
            string file = Path.Combine(_dir, "m.xml");
            File.WriteAllText(file, text);
            var bag = new DiagnosticBag();
            if (ManifestReader.Read(file, bag) is { } m) ManifestRules.Check(m, bag);
            return bag.Items;
        }

        [Fact]
        public void PrintedDiagnosticsAreCapped()
        {
            // 500 programs with bad names and missing manifests: 1,000 findings.
            var policy = new StringBuilder("<policy xmlns=\"urn:singularity:policy:v1\" configuration=\"SIP-Phys\"><programs>\n");
            for (int i = 0; i < 500; i++) policy.Append(CultureInfo.InvariantCulture, $"<program name=\"Bad{i}\" manifest=\"none{i}.xml\" project=\"x\"/>\n");
            policy.Append("</programs></policy>");
            string file = Path.Combine(_dir, "p.xml");
            File.WriteAllText(file, policy.ToString());
            var stdout = new StringWriter(CultureInfo.InvariantCulture);
            var stderr = new StringWriter(CultureInfo.InvariantCulture);
            int status = Sing.Install.Program.Run(new[] { "check", "--policy", file }, stdout, stderr);
            string[] lines = stderr.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal(1, status);
            Assert.Equal(DiagnosticBag.MaxKept, lines.Count(l => l.Contains(": error SINGI", StringComparison.Ordinal)));
            Assert.Contains(lines, l => l.Contains($"{1000 - DiagnosticBag.MaxKept} more error(s) not shown", StringComparison.Ordinal));
            Assert.Contains(lines, l => l.Contains("sing-install: 1000 error(s)", StringComparison.Ordinal));
        }

        [Fact]
        public void SweepFindsExactlyThePairwiseConflicts()
        {
            var random = new Random(14);
            for (int round = 0; round < 300; round++)
            {
                var programs = new List<InstalledProgram>();
                int drivers = 2 + random.Next(5);
                for (int p = 0; p < drivers; p++)
                {
                    var resources = new List<HardwareResource>();
                    for (int r = random.Next(6); r > 0; r--)
                    {
                        string kind = random.Next(2) == 0 ? HardwareResource.IoPorts : HardwareResource.Irq;
                        ulong start = (ulong)random.Next(40), length = kind == HardwareResource.Irq ? 1 : (ulong)(1 + random.Next(8));
                        resources.Add(new HardwareResource(kind, $"r{r}", start, length, start.ToString(CultureInfo.InvariantCulture), length.ToString(CultureInfo.InvariantCulture),
                            random.Next(3) == 0, XmlSpot.Unknown($"d{p}-{r}")));
                    }
                    programs.Add(Driver($"d{p}", resources));
                }
                var bag = new DiagnosticBag();
                HardwareConflicts.Check(programs, bag);
                var reported = bag.Items.Select(d => d.Location.File).ToHashSet();
                Assert.Equal(PairwiseConflicts(programs), reported);
            }
        }

        /// <summary>The resources that overlap an earlier one (first number, then declaration order) of another driver,
        /// not both shared: what the sweep must report, one diagnostic each.</summary>
        private static HashSet<string> PairwiseConflicts(List<InstalledProgram> programs)
        {
            var all = programs.SelectMany(p => p.Manifest.Hardware!.Resources.Select(r => (p.Manifest.Name, r))).Select((x, i) => (x.Name, x.r, i)).ToList();
            var result = new HashSet<string>();
            foreach (var (nb, b, ib) in all)
                foreach (var (na, a, ia) in all)
                    if (na != nb && a.Kind == b.Kind && !(a.Shared && b.Shared) && (a.Start < b.Start || (a.Start == b.Start && ia < ib))
                        && a.Start + a.Length - 1 >= b.Start)
                        result.Add(b.Spot.Element.File);
            return result;
        }

        [Fact]
        public void ThousandsOfRangesAreCheckedBySortAndSweep()
        {
            // 40,000 port ranges of 4,000 drivers, all overlapping: 800 million pairs for a pairwise check.
            var programs = Enumerable.Range(0, 4000).Select(p => Driver($"d{p}", Enumerable.Range(0, 10).Select(r =>
                new HardwareResource(HardwareResource.IoPorts, $"r{r}", (ulong)(p + r), 100, "0", "100", false, XmlSpot.Unknown("x"))).ToList())).ToList();
            var bag = new DiagnosticBag();
            var clock = Stopwatch.StartNew();
            HardwareConflicts.Check(programs, bag);
            clock.Stop();
            // Every range but d0's first two (in order of start, only d0's own ranges come before them) overlaps an
            // earlier range of another driver.
            Assert.Equal(40_000 - 2, bag.Count);
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(10), $"took {clock.Elapsed}");
        }

        private static InstalledProgram Driver(string name, List<HardwareResource> resources)
        {
            var spot = XmlSpot.Unknown(name);
            var manifest = new ProgramManifest(name + ".xml", spot, name, "driver", "Tests", "1.0.0", null, 1, spot,
                new List<NamedItem>(), new List<EndpointDecl>(), new List<ParameterDecl>(), new List<NamedItem>(),
                new HardwareDecl("/isa/x", resources, spot), new List<NamedItem>(), new List<NamedItem>());
            return new InstalledProgram(new PolicyProgram(name, name + ".xml", name + ".xml", "x", false, null, spot), manifest);
        }

        [Fact]
        public void ScriptBuiltinsAreTheShells()
        {
            string shell = File.ReadAllText(Path.Combine(TestPaths.Root, "Apps", "Shell", "CommandInterpreter.cs"));
            var cases = Regex.Matches(shell, "case \"([a-z]+)\":").Select(m => m.Groups[1].Value).ToHashSet();
            Assert.Equal(cases.OrderBy(c => c, StringComparer.Ordinal), SystemRules.ShellBuiltins.Keys.OrderBy(c => c, StringComparer.Ordinal));
        }

        [Theory]
        [InlineData("Kernel/Arch/Timer.cs")]
        [InlineData("Kernel/Arch/Pic.cs")]
        [InlineData("Kernel/Console/SerialPort.cs")]
        [InlineData("Kernel/Platform/QemuExit.cs")]
        [InlineData("Kernel/Platform/FwCfg.cs")]
        public void EveryPortTheKernelDrivesIsReserved(string source)
        {
            string text = File.ReadAllText(Path.Combine(TestPaths.Root, source));
            var ports = Regex.Matches(text, @"const ushort ([^;]+);").SelectMany(m => Regex.Matches(m.Groups[1].Value, @"(\w+) = 0x([0-9A-Fa-f]+)"))
                .Where(m => !m.Groups[1].Value.EndsWith("Key", StringComparison.Ordinal))   // fw_cfg selector values, not ports
                .Select(m => ulong.Parse(m.Groups[2].Value, NumberStyles.HexNumber, CultureInfo.InvariantCulture)).ToList();
            Assert.NotEmpty(ports);
            foreach (ulong port in ports)
                Assert.True(Machine.FindReserved(ResourceKind.IoPorts, port, 1) is not null, $"{source} drives port 0x{port:x}, which MachineResources does not reserve");
        }

        [Fact]
        public void EveryLineTheKernelTakesIsReserved()
        {
            string timer = File.ReadAllText(Path.Combine(TestPaths.Root, "Kernel", "Arch", "Timer.cs"));
            string console = File.ReadAllText(Path.Combine(TestPaths.Root, "Kernel", "Console", "ConsoleInput.cs"));
            ulong timerLine = ulong.Parse(Regex.Match(timer, @"IrqBase \+ (\d+)").Groups[1].Value, CultureInfo.InvariantCulture);
            ulong consoleLine = ulong.Parse(Regex.Match(console, @"const int Irq = (\d+);").Groups[1].Value, CultureInfo.InvariantCulture);
            foreach (ulong line in new[] { timerLine, consoleLine, 2UL })
                Assert.NotNull(Machine.FindReserved(ResourceKind.Irq, line, 1));
            Assert.Null(Machine.Refusal(ResourceKind.Irq, 8, 1));     // the RTC's line stays free for its driver
            Assert.NotNull(Machine.Refusal(ResourceKind.Irq, Machine.IrqLines, 1));
        }

        [Fact]
        public void KernelAndInstallerCompileOneMachineDefinition()
        {
            string kernel = File.ReadAllText(Path.Combine(TestPaths.Root, "Kernel", "Sing.Kernel.csproj"));
            string installer = File.ReadAllText(Path.Combine(TestPaths.Root, "Installer", "Sing.Installer", "Sing.Installer.csproj"));
            string grants = File.ReadAllText(Path.Combine(TestPaths.Root, "Kernel", "Hardware", "ResourceGrants.cs"));
            Assert.Contains("../Runtime/Manifest/*.cs", kernel, StringComparison.Ordinal);
            Assert.Contains("Runtime/Manifest/MachineResources.cs", installer, StringComparison.Ordinal);
            Assert.Contains("MachineResources.Refusal(", grants, StringComparison.Ordinal);
        }
    }
}

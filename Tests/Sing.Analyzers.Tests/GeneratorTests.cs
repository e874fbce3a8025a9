using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>The contract generator on the papers' contracts: warning-free output with the promised API.</summary>
    public sealed class GeneratorTests
    {
        private const string PaperContracts = """
            using Sing.Contracts;

            namespace Papers
            {
                public struct DiskGeometry { public ulong Sectors; public int SectorSize; }

                [Contract]
                [State("Ready", "NicEvent! -> AckEvent? -> Ready")]
                public sealed partial class NicEvents
                {
                    public enum Kind { NoEvent, ReceiveEvent, TransmitEvent, LinkEvent }
                    [OutMessage] partial void NicEvent(Kind kind);
                    [InMessage] partial void AckEvent();
                }

                [Contract]
                [State("Start", "DeviceInfo! -> IoConfigureBegin")]
                [State("IoConfigureBegin", "RegisterForEvents? -> SetParameters? -> IoConfigureAck")]
                [State("IoConfigureAck", "InvalidParameters! -> IoConfigureBegin", "Success! -> IoConfigured")]
                [State("IoConfigured", "StartIO? -> IoRunning", "ConfigureIO? -> IoConfigureBegin")]
                [State("IoRunning", "PacketForReceive? -> (Success! | BadPacketSize!) -> IoRunning", "GetReceivedPacket? -> (ReceivedPacket! | NoPacket!) -> IoRunning")]
                public sealed partial class NicDevice
                {
                    [OutMessage] partial void DeviceInfo(int mtu);
                    [InMessage] partial void RegisterForEvents([InState("Ready")] NicEvents.Exp events);
                    [InMessage] partial void SetParameters(int buffers);
                    [OutMessage] partial void InvalidParameters(int error);
                    [OutMessage] partial void Success();
                    [InMessage] partial void StartIO();
                    [InMessage] partial void ConfigureIO();
                    [InMessage] partial void PacketForReceive(ExVector<byte> buffer);
                    [OutMessage] partial void BadPacketSize(ExVector<byte> buffer, int expected);
                    [InMessage] partial void GetReceivedPacket();
                    [OutMessage] partial void ReceivedPacket(ExVector<byte> data);
                    [OutMessage] partial void NoPacket();
                }

                [Contract]
                [State("Start", "Ready! -> Idle")]
                [State("Idle", "Read? -> (ReadDone! | Failed!) -> Idle", "Write? -> (WriteDone! | Failed!) -> Idle", "GetGeometry? -> Geometry! -> Idle")]
                public sealed partial class Disk
                {
                    [OutMessage] partial void Ready();
                    [InMessage] partial void Read(ulong sector, ExVector<byte> buffer);
                    [OutMessage] partial void ReadDone(ExVector<byte> buffer);
                    [InMessage] partial void Write(ulong sector, ExVector<byte> buffer);
                    [OutMessage] partial void WriteDone(ExVector<byte> buffer);
                    [OutMessage] partial void Failed(ExVector<byte> buffer, int error);
                    [InMessage] partial void GetGeometry();
                    [OutMessage] partial void Geometry(DiskGeometry geometry);
                }

                [Contract]
                [State("Ready", "Add? -> Result! -> Ready", "Divide? -> (Result! | DivideByZero!) -> Ready", "Quit? -> Done")]
                [State("Done")]
                public sealed partial class Calculator
                {
                    [InMessage] partial void Add(long left, long right);
                    [InMessage] partial void Divide(long dividend, long divisor);
                    [OutMessage] partial void Result(long value);
                    [OutMessage] partial void DivideByZero();
                    [InMessage] partial void Quit();
                }

                [Contract]
                [State("Start", "Ready! -> Idle")]
                [State("Idle", "Bind? -> (Bound! | BindFailed!) -> Idle", "Connect? -> (Connected! | NotFound!) -> Idle")]
                public sealed partial class NameService
                {
                    [OutMessage] partial void Ready();
                    [InMessage] partial void Bind(ExVector<char> path, [InState("Ready")] Calculator.Exp service);
                    [OutMessage] partial void Bound();
                    [OutMessage] partial void BindFailed(ExVector<char> path, [InState("Ready")] Calculator.Exp service);
                    [InMessage] partial void Connect(ExVector<char> path);
                    [OutMessage] partial void Connected([InState("Ready")] Calculator.Imp client);
                    [OutMessage] partial void NotFound(ExVector<char> path);
                }
            }
            """;

        private static Compilation Generated(string source, out GeneratorDriverRunResult result)
        {
            CSharpCompilation compilation = CompilationHarness.Compile(source);
            compilation = compilation.WithOptions(compilation.Options.WithWarningLevel(9999).WithGeneralDiagnosticOption(ReportDiagnostic.Error));
            return CompilationHarness.Generate(compilation, out _, out result);
        }

        [Fact]
        public void Paper_contracts_generate_code_without_warnings()
        {
            Compilation compilation = Generated(PaperContracts, out GeneratorDriverRunResult result);
            Assert.Equal(5, result.GeneratedTrees.Length);
            var problems = compilation.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
            Assert.True(problems.Count == 0, string.Join("\n", problems));
        }

        [Fact]
        public void Generated_code_avoids_heavy_runtime_features()
        {
            Generated(PaperContracts, out GeneratorDriverRunResult result);
            foreach (SyntaxTree tree in result.GeneratedTrees)
            {
                string text = tree.ToString();
                Assert.DoesNotContain("System.Linq", text, System.StringComparison.Ordinal);
                Assert.DoesNotContain("System.Reflection", text, System.StringComparison.Ordinal);
                Assert.DoesNotContain("async ", text, System.StringComparison.Ordinal);
                Assert.DoesNotContain("await ", text, System.StringComparison.Ordinal);
            }
        }

        [Fact]
        public void Each_side_gets_only_its_own_sends_and_receives()
        {
            Compilation compilation = Generated(PaperContracts, out _);
            INamedTypeSymbol imp = compilation.GetTypeByMetadataName("Papers.NicDevice+Imp")!;
            INamedTypeSymbol exp = compilation.GetTypeByMetadataName("Papers.NicDevice+Exp")!;
            Assert.NotEmpty(imp.GetMembers("SendStartIO"));
            Assert.Empty(imp.GetMembers("SendDeviceInfo"));
            Assert.NotEmpty(imp.GetMembers("RecvDeviceInfo"));
            Assert.NotEmpty(exp.GetMembers("SendDeviceInfo"));
            Assert.Empty(exp.GetMembers("SendStartIO"));
            Assert.NotEmpty(imp.GetMembers("ReceiveIoConfigureAck"));
            Assert.Empty(imp.GetMembers("ReceiveIoConfigured"));
            Assert.NotEmpty(exp.GetMembers("ReceiveIoConfigured"));
            INamedTypeSymbol tags = compilation.GetTypeByMetadataName("Papers.NicDevice+Imp+IoRunningAfterGetReceivedPacketTag")!;
            Assert.Equal(
                new[] { "ChannelClosed", "ReceivedPacket", "NoPacket" },
                tags.GetMembers().OfType<IFieldSymbol>().Where(f => f.HasConstantValue).Select(f => f.Name).ToArray());
        }

        [Fact]
        public void Queue_capacities_are_generated_as_constants()
        {
            Compilation compilation = Generated(PaperContracts, out _);
            IFieldSymbol expCapacity = (IFieldSymbol)compilation.GetTypeByMetadataName("Papers.NicDevice")!.GetMembers("ExpQueueCapacity").Single();
            IFieldSymbol impCapacity = (IFieldSymbol)compilation.GetTypeByMetadataName("Papers.Disk")!.GetMembers("ImpQueueCapacity").Single();
            Assert.Equal(3, expCapacity.ConstantValue);
            Assert.Equal(1, impCapacity.ConstantValue);
        }

        [Fact]
        public void Sending_in_the_wrong_direction_does_not_compile()
        {
            Compilation compilation = Generated(PaperContracts + """
                namespace Papers
                {
                    public static class Misuse
                    {
                        public static void M(Calculator.Exp exp) => exp.SendAdd(1, 2);
                    }
                }
                """, out _);
            Assert.Contains(compilation.GetDiagnostics(), d => d.Id == "CS1061" && d.GetMessage().Contains("SendAdd", System.StringComparison.Ordinal));
        }

        [Fact]
        public void Sending_in_the_wrong_state_through_a_view_does_not_compile()
        {
            Compilation compilation = Generated(PaperContracts + """
                namespace Papers
                {
                    public static class Misuse
                    {
                        public static void Ok(Calculator.Imp imp) => imp.InReady().SendAdd(1, 2).RecvResult(out long _).SendQuit();

                        public static void TwoRequests(Calculator.Imp imp) => imp.InReady().SendAdd(1, 2).SendAdd(3, 4);

                        public static void RecvWhereTwoMessagesArePossible(Calculator.Imp imp) => imp.InReady().SendDivide(1, 0).RecvResult(out long _);
                    }
                }
                """, out _);
            var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            Assert.Equal(2, errors.Count);
            Assert.All(errors, e => Assert.Equal("CS1061", e.Id));
            Assert.Contains(errors, e => e.GetMessage().Contains("ReadyAfterAddView", System.StringComparison.Ordinal) && e.GetMessage().Contains("SendAdd", System.StringComparison.Ordinal));
            Assert.Contains(errors, e => e.GetMessage().Contains("ReadyAfterDivideView", System.StringComparison.Ordinal) && e.GetMessage().Contains("RecvResult", System.StringComparison.Ordinal));
        }

        [Fact]
        public void Unchanged_contracts_are_not_regenerated()
        {
            CSharpCompilation compilation = CompilationHarness.Compile(PaperContracts);
            GeneratorDriver driver = CSharpGeneratorDriver.Create(
                new[] { new Sing.Contracts.Generator.ContractGenerator().AsSourceGenerator() },
                parseOptions: CompilationHarness.ParseOptions,
                driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
            driver = driver.RunGenerators(compilation);
            driver = driver.RunGenerators(compilation.AddSyntaxTrees(CSharpSyntaxTree.ParseText("namespace Papers { class Other { } }", CompilationHarness.ParseOptions)));
            GeneratorRunResult run = driver.GetRunResult().Results.Single();
            var outputs = run.TrackedOutputSteps.SelectMany(step => step.Value).SelectMany(step => step.Outputs).ToList();
            Assert.NotEmpty(outputs);
            Assert.All(outputs, output => Assert.True(output.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, output.Reason.ToString()));
        }

        [Fact]
        public void Non_partial_contract_generates_nothing()
        {
            Generated("""
                using Sing.Contracts;
                namespace Papers
                {
                    [Contract]
                    [State("Idle")]
                    public sealed class NotPartial { }
                }
                """, out GeneratorDriverRunResult result);
            Assert.Empty(result.GeneratedTrees);
        }

        [Fact]
        public void Sequences_become_intermediate_states_in_the_table()
        {
            Generated(PaperContracts, out GeneratorDriverRunResult result);
            string nic = result.GeneratedTrees.Single(t => t.FilePath.EndsWith("NicDevice.Contract.g.cs", System.StringComparison.Ordinal)).ToString();
            Assert.Contains("public const int IoConfigureBeginAfterRegisterForEvents = 5;", nic, System.StringComparison.Ordinal);
            Assert.Contains("public IoConfigureAckReceived ReceiveIoConfigureAck()", nic, System.StringComparison.Ordinal);
        }
    }
}

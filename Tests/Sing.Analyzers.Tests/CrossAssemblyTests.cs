using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>
    /// Contracts usually live in their own assembly. Their message declarations (bodiless partial
    /// methods) are not in metadata, so the model is rebuilt from the generated endpoint types.
    /// </summary>
    public sealed class CrossAssemblyTests
    {
        private const string Contracts = """
            using Sing.Contracts;

            namespace Shared
            {
                [Contract]
                [State("Ready", "NicEvent! -> AckEvent? -> Ready")]
                public sealed partial class Events
                {
                    [OutMessage] partial void NicEvent(int kind);
                    [InMessage] partial void AckEvent();
                }

                [Contract]
                [State("Start", "Hello! -> Idle")]
                [State("Idle", "Register? -> Done! -> Idle", "Ask? -> (Yes! | No!) -> Idle")]
                public sealed partial class Service
                {
                    [OutMessage] partial void Hello();
                    [InMessage] partial void Register([InState("Ready")] Events.Exp events);
                    [OutMessage] partial void Done();
                    [InMessage] partial void Ask(ExVector<byte> question);
                    [OutMessage] partial void Yes(ExVector<byte> question);
                    [OutMessage] partial void No(ExVector<byte> question);
                }
            }
            """;

        private static readonly MetadataReference SharedAssembly = CompilationHarness.Build("Shared", Contracts);

        private static ImmutableArray<Diagnostic> Run(string program)
        {
            Compilation compilation = CompilationHarness.Generate(
                CompilationHarness.Compile(ImmutableArray.Create(SharedAssembly), program), out _, out _);
            return CompilationHarness.Analyze(compilation);
        }

        [Fact]
        public void Protocol_of_a_referenced_contract_is_checked()
        {
            ImmutableArray<Diagnostic> diagnostics = Run(Prelude.InClass("""
                static void Client([Claims][InState("Idle")] Shared.Service.Imp service)
                {
                    service.SendAsk(ExchangeHeap.NewVector<byte>(4));
                    service.SendAsk(ExchangeHeap.NewVector<byte>(4));
                    service.Free();
                }
                """));
            Assert.DoesNotContain(diagnostics, d => d.Severity == DiagnosticSeverity.Error && d.Id.StartsWith("CS", System.StringComparison.Ordinal));
            Diagnostic error = Assert.Single(diagnostics, d => d.Id.StartsWith("SING", System.StringComparison.Ordinal));
            Assert.Equal("SING0101", error.Id);
            Assert.Equal("'service' (Service.Imp) cannot send Ask in state IdleAfterAsk: it must first receive Yes or No", error.GetMessage());
        }

        [Fact]
        public void Endpoint_argument_state_survives_metadata()
        {
            ImmutableArray<Diagnostic> diagnostics = Run(Prelude.InClass("""
                static void Client([InState("Idle")][OutState("IdleAfterRegister")] Shared.Service.Imp service)
                {
                    Shared.Events.CreateChannel(out Shared.Events.Imp events, out Shared.Events.Exp source);
                    source.SendNicEvent(1);
                    service.SendRegister(source);
                    events.Free();
                }
                """));
            Assert.Equal(new[] { "SING0106" }, diagnostics.Where(d => d.Id.StartsWith("SING", System.StringComparison.Ordinal)).Select(d => d.Id).ToArray());
        }

        [Fact]
        public void Clean_client_of_a_referenced_contract()
        {
            ImmutableArray<Diagnostic> diagnostics = Run(Prelude.InClass("""
                static bool Client([InState("Idle")] Shared.Service.Imp service)
                {
                    service.SendAsk(ExchangeHeap.NewVector<byte>(4));
                    Shared.Service.Imp.IdleAfterAskReceived answer = service.ReceiveIdleAfterAsk();
                    switch (answer.Tag)
                    {
                        case Shared.Service.Imp.IdleAfterAskTag.Yes:
                            answer.GetYes(out ExVector<byte> yes);
                            yes.Free();
                            return true;
                        case Shared.Service.Imp.IdleAfterAskTag.No:
                            answer.GetNo(out ExVector<byte> no);
                            no.Free();
                            return false;
                        default:
                            return false;
                    }
                }
                """));
            Assert.Empty(diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning));
        }

        [Fact]
        public void Contract_extending_a_referenced_contract_generates_and_checks()
        {
            ImmutableArray<Diagnostic> diagnostics = Run("""
                using Sing.Contracts;

                namespace Local
                {
                    [Contract(Extends = typeof(Shared.Service))]
                    [State("Idle", "Ping? -> Done! -> Idle")]
                    public sealed partial class BetterService
                    {
                        [InMessage] partial void Ping();
                    }

                    public static class Use
                    {
                        public static void Client([InState("Idle")] BetterService.Imp service)
                        {
                            service.SendPing();
                            service.RecvDone();
                            service.SendAsk(ExchangeHeap.NewVector<byte>(2));
                            service.ReceiveIdleAfterAsk().AfterNo();
                        }
                    }
                }
                """);
            Assert.Empty(diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning));
        }
    }
}

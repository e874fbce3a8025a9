using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>Contract well-formedness, checked where the contract is declared.</summary>
    public sealed class ContractTests
    {
        private static string Contract(string attributes, string members) =>
            "using Sing.Contracts;\n\nnamespace Demo\n{\n" + attributes + "\n    public sealed partial class Probe\n    {\n" + members + "\n    }\n}\n";

        private const string PingPong = """
                    [InMessage] partial void Ping();
                    [OutMessage] partial void Pong();
            """;

        [Fact]
        public void Well_formed_contract_is_clean() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, PingPong));

        [Fact]
        public void Malformed_branch() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", /*SING0001*/"Ping? Pong! -> Idle")]
            """, PingPong));

        [Fact]
        public void Missing_direction_sign() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", /*SING0001*/"Ping -> Pong! -> Idle")]
            """, PingPong));

        [Fact]
        public void Unknown_message() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle", /*SING0002*/"Pang? -> Pong! -> Idle")]
            """, PingPong));

        [Fact]
        public void Unknown_target_state() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", /*SING0003*/"Ping? -> Pong! -> Busy")]
            """, PingPong));

        [Fact]
        public void Direction_sign_contradicts_declaration() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", /*SING0004*/"Ping! -> Pong! -> Idle")]
            """, PingPong));

        [Fact]
        public void Cycle_of_sends_only_breaks_finite_queues() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle", "Start? -> Flood")]
            [State(/*SING0005*/"Flood", "Ping? -> Flood")]
            """, PingPong + """
                    [InMessage] partial void Start();
            """));

        [Fact]
        public void Unreachable_state() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            [State(/*SING0006*/"Orphan", "Ping? -> Pong! -> Idle")]
            """, PingPong));

        [Fact]
        public void State_with_both_directions() => Verify.Diagnostics(Contract("""
            [Contract]
            [State(/*SING0007*/"Idle", "Ping? -> Pong! -> Idle", "Pong! -> Ping? -> Idle")]
            """, PingPong));

        [Fact]
        public void Argument_type_not_exchangeable() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, """
                    [InMessage] partial void Ping(string /*SING0008*/name);
                    [OutMessage] partial void Pong(int[] /*SING0008*/values);
            """));

        [Fact]
        public void Struct_of_scalars_and_exchange_types_are_exchangeable() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, """
                    public struct Point { public int X; public double Y; }
                    [InMessage] partial void Ping(Point at, ExVector<char> text, ExRef<Point> block, bool flag, long big);
                    [OutMessage] partial void Pong();
            """));

        [Fact]
        public void Struct_with_reference_field_is_not_exchangeable() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, """
                    public struct Named { public string Name; }
                    [InMessage] partial void Ping(Named /*SING0008*/who);
                    [OutMessage] partial void Pong();
            """));

        [Fact]
        public void Endpoint_argument_without_state() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, """
                    [InMessage] partial void Ping(Calculator.Exp /*SING0009*/service);
                    [OutMessage] partial void Pong();
            """));

        [Fact]
        public void Endpoint_argument_in_unknown_state() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, """
                    [InMessage] partial void Ping([InState("Running")] Calculator.Exp /*SING0009*/service);
                    [OutMessage] partial void Pong();
            """));

        [Fact]
        public void Endpoint_argument_in_declared_state_is_clean() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, """
                    [InMessage] partial void Ping([InState("Ready")] Calculator.Exp service);
                    [OutMessage] partial void Pong([InState("Ready")] Calculator.Imp client);
            """));

        [Fact]
        public void Duplicate_state() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            [State(/*SING0010*/"Idle", "Ping? -> Pong! -> Idle")]
            """, PingPong));

        [Fact]
        public void Same_message_twice_in_a_choice() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Pong! -> Idle", /*SING0010*/"Ping? -> Idle")]
            """, PingPong));

        [Fact]
        public void Extension_adding_an_importer_branch_is_clean() => Verify.Diagnostics(Contract("""
            [Contract(Extends = typeof(Calculator))]
            [State("Ready", "Negate? -> Result! -> Ready")]
            """, """
                    [InMessage] partial void Negate(long value);
            """));

        [Fact]
        public void Extension_branch_starting_with_exporter_send() => Verify.Diagnostics(Contract("""
            [Contract(Extends = typeof(Calculator))]
            [State("Ready", /*SING0011*/"Notice! -> Ready")]
            """, """
                    [OutMessage] partial void Notice();
            """));

        [Fact]
        public void Contract_without_states() => Verify.Diagnostics(Contract("[Contract]", PingPong).Replace("partial class Probe", "partial class /*SING0012*/Probe"));

        [Fact]
        public void Unknown_initial_state() => Verify.Diagnostics(Contract("""
            [Contract(Initial = "Nowhere")]
            [State("Idle", "Ping? -> Pong! -> Idle")]
            """, PingPong).Replace("partial class Probe", "partial class /*SING0012*/Probe"));

        [Fact]
        public void Contract_class_must_be_partial() => Verify.Diagnostics("""
            using Sing.Contracts;

            namespace Demo
            {
                [Contract]
                [State("Idle")]
                public sealed class /*SING0013*/Probe
                {
                }
            }
            """);

        [Fact]
        public void Message_named_like_generated_member() => Verify.Diagnostics(Contract("""
            [Contract]
            [State("Idle", "Ping? -> Protocol! -> Idle")]
            """, """
                    [InMessage] partial void Ping();
                    [OutMessage] partial void /*SING0014*/Protocol();
            """), allowCompilerErrors: true);

        [Fact]
        public void Paper_contracts_are_well_formed() => Verify.Diagnostics("namespace Demo { internal static class Empty { } }");
    }
}

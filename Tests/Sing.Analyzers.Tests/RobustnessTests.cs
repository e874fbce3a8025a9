using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>Incomplete code, as typed in an editor: no analyzer may crash (AD0001 fails the harness).</summary>
    public sealed class RobustnessTests
    {
        /// <summary>A lambda inside a try whose catch the lambda's own graph does not contain (the stack's frame sink
        /// once crashed the linearity analyzer here with an index out of range).</summary>
        [Fact]
        public void Lambda_inside_a_try_block() => Verify.Diagnostics(Prelude.InClass("""
            delegate void Sink(System.ReadOnlySpan<byte> frame);
            sealed class Port
            {
                public bool Take(Sink sink) { sink(default); return true; }
            }
            sealed class Layer
            {
                public void Receive(System.ReadOnlySpan<byte> frame, long now) { }
            }
            static long Now() => 0;
            static Port? s_port;
            static void M(Layer ip)
            {
                Port? port = s_port;
                if (port == null) return;
                bool ok;
                try
                {
                    ok = port.Take(frame => ip.Receive(frame, Now()));
                }
                catch (ChannelClosedException)
                {
                    ok = false;
                }
                if (!ok) s_port = null;
            }
            """));

        [Fact]
        public void Missing_semicolon_and_brace() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8)
                v.Free(
            }
            """), allowCompilerErrors: true);

        [Fact]
        public void Unknown_message_method_on_endpoint() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendMultiply(1, 2);
                imp.Free();
            }
            """), allowCompilerErrors: true);

        [Fact]
        public void Half_written_contract() => Verify.Diagnostics("""
            using Sing.Contracts;
            namespace Demo
            {
                [Contract]
                [State("Idle", /*SING0001*/"Ping? -> ")]
                [State(]
                public sealed partial class Half
                {
                    [InMessage] partial void Ping(
                }
            }
            """, allowCompilerErrors: true);

        [Fact]
        public void Undeclared_variables_and_types() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                Calculator.CreateChannel(out var imp, out Missing.Type exp);
                imp.SendAdd(q, 2);
                undefined.Free();
            }
            """), allowCompilerErrors: true);

        [Fact]
        public void Contract_state_attribute_with_wrong_argument_types() => Verify.Diagnostics("""
            using Sing.Contracts;
            namespace Demo
            {
                [Contract]
                [State(42, "x")]
                public sealed partial class /*SING0012*/Odd
                {
                }
            }
            """, allowCompilerErrors: true);
    }
}

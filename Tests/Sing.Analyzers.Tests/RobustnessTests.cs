using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>Incomplete code, as typed in an editor: no analyzer may crash (AD0001 fails the harness).</summary>
    public sealed class RobustnessTests
    {
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

using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule S (SING0204, SING0206): tracked values may not live in ordinary objects the compiler creates:
    /// primary-constructor captures, record properties, async lambdas and local functions. And
    /// [return: InState] is checked on both sides (SING0105 in the callee, the state known in the caller).
    /// </summary>
    public sealed class HiddenStorageTests
    {
        // ---- legal ----

        [Fact]
        public void Primary_constructor_parameter_moved_into_a_TRef_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            public sealed class Holder([Claims] ExVector<byte> buffer)
            {
                private readonly TRef<ExVector<byte>> _buffer = new TRef<ExVector<byte>>(buffer);

                public int Length()
                {
                    ExVector<byte> v = _buffer.Acquire();
                    int n = v.Length;
                    _buffer.Release(v);
                    return n;
                }
            }
            """));

        [Fact]
        public void Synchronous_lambda_with_an_endpoint_parameter_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            delegate void Closer([Claims] Calculator.Imp imp);

            static Closer Quit() => ([Claims] Calculator.Imp imp) =>
            {
                imp.Free();
            };
            """));

        [Fact]
        public void Return_InState_gives_the_caller_a_known_state() => Verify.Diagnostics(Prelude.InClass("""
            [return: InState("Ready")]
            static Calculator.Imp Connect()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                exp.Free();
                return imp;
            }

            static void M()
            {
                Calculator.Imp imp = Connect();
                imp.SendQuit();
                imp.Free();
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Primary_constructor_parameter_captured_by_a_method() => Verify.Diagnostics(Prelude.InClass("""
            public sealed class Holder(ExVector<byte> buffer)
            {
                public int Length() => /*SING0204*/buffer.Length;
            }
            """));

        [Fact]
        public void Record_positional_tracked_parameter() => Verify.Diagnostics(Prelude.InClass("""
            public sealed record Message(ExVector<byte> /*SING0204*/Payload, int Kind);
            """));

        [Fact]
        public void Async_lambda_with_an_endpoint_parameter() => Verify.Diagnostics(Prelude.InClass("""
            delegate System.Threading.Tasks.Task AsyncCloser([Claims] Calculator.Imp imp);

            static AsyncCloser Quit() => async ([Claims] Calculator.Imp /*SING0206*/imp) =>
            {
                await System.Threading.Tasks.Task.Yield();
                imp.Free();
            };
            """));

        [Fact]
        public void Async_local_function_with_a_block_parameter() => Verify.Diagnostics(Prelude.InClass("""
            static System.Threading.Tasks.Task M()
            {
                return Fill(ExchangeHeap.NewVector<byte>(8));

                static async System.Threading.Tasks.Task Fill([Claims] ExVector<byte> /*SING0206*/v)
                {
                    await System.Threading.Tasks.Task.Yield();
                    v.Free();
                }
            }
            """));

        [Fact]
        public void Return_InState_not_honoured_by_the_callee() => Verify.Diagnostics(Prelude.InClass("""
            [return: InState("Ready")]
            static Calculator.Imp Connect()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                exp.Free();
                imp.SendQuit();
                return /*SING0105*/imp;
            }
            """));

        [Fact]
        public void Return_InState_state_checked_at_the_caller() => Verify.Diagnostics(Prelude.InClass("""
            [return: InState("Ready")]
            static Calculator.Imp Connect()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                exp.Free();
                return imp;
            }

            static void M()
            {
                Calculator.Imp imp = Connect();
                imp.SendQuit();
                /*SING0101*/imp.SendQuit();
                imp.Free();
            }
            """));
    }
}

using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule L1 through delegates. A method group bound to a block or endpoint (v.Free, imp.SendAdd) keeps a
    /// second reference in the delegate, which can be invoked any number of times or stored: SING0211, and the
    /// value counts as moved. Invoking a delegate lends its arguments, as a call to a method does, whatever
    /// the delegate's parameter type (Func&lt;ExVector&lt;byte&gt;, int&gt; is not a generic method that could keep
    /// them); so a lambda or method that claims a parameter the delegate type only lends (or the reverse) is
    /// SING0211 where it is converted.
    /// </summary>
    public sealed class DelegateTests
    {
        private const string Extensions = """
            public static class VectorExtensions
            {
                public static int Sum<T>(this Sing.Contracts.ExVector<byte> v, T seed) => v.Length;
            }
            """;

        // ---- legal ----

        [Fact]
        public void Block_passed_to_a_Func_is_lent_and_freed_after() => Verify.Diagnostics(Prelude.InClass("""
            static int Apply(Func<ExVector<byte>, int> f, ExVector<byte> v) => f(v);

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Func<ExVector<byte>, int> length = x => x.Length;
                int n = length(v) + Apply(length, v);
                v[0] = (byte)n;
                v.Free();
            }
            """));

        [Fact]
        public void Endpoint_passed_to_an_Action_is_lent_and_closed_after() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims] Calculator.Imp imp)
            {
                Action<Calculator.Imp> log = e => Console.WriteLine(e.IsOwned);
                log(imp);
                log.Invoke(imp);
                imp.Free();
            }
            """));

        [Fact]
        public void Static_method_group_over_a_block_parameter_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int Length(ExVector<byte> v) => v.Length;

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Func<ExVector<byte>, int> f = Length;
                Console.WriteLine(f(v));
                v.Free();
            }
            """));

        [Fact]
        public void Delegate_type_that_claims_its_parameter_takes_the_value() => Verify.Diagnostics(Prelude.InClass("""
            delegate void Consumer([Claims] ExVector<byte> v);

            static void Drop([Claims] ExVector<byte> v) => v.Free();

            static void M()
            {
                Consumer free = ([Claims] ExVector<byte> x) => x.Free();
                Consumer drop = Drop;
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                free(v);
                ExVector<byte> w = ExchangeHeap.NewVector<byte>(8);
                drop(w);
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Free_bound_as_a_method_group_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Action free = /*SING0211*/v.Free;
                free();
                free();
            }
            """));

        [Fact]
        public void Value_bound_into_a_delegate_counts_as_moved() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Func<int, byte> get = /*SING0211*/v.Get;
                Console.WriteLine(get(0));
                /*SING0202*/v.Free();
            }
            """));

        [Fact]
        public void Send_bound_as_a_method_group_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims][InState("Ready")] Calculator.Imp imp)
            {
                Action<long, long> add = /*SING0211*/imp.SendAdd;
                add(1, 2);
                add(3, 4);
            }
            """));

        [Fact]
        public void Generic_extension_method_group_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Func<int, int> sum = /*SING0211*/v.Sum<int>;
                Console.WriteLine(sum(1));
            }
            """, Extensions));

        [Fact]
        public void Method_group_stored_in_a_field_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            private static Action? s_release;

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                s_release = /*SING0211*/v.Free;
            }
            """));

        [Fact]
        public void Method_group_passed_as_an_argument_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void Later(Action action) => action();

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Later(/*SING0211*/v.Free);
            }
            """));

        [Fact]
        public void Explicit_delegate_creation_and_generic_receiver_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static Action Later<T>([Claims] T value) where T : Linear => new Action(/*SING0211*/value.Free);

            static void M([Claims] Calculator.Imp imp)
            {
                var quit = new Action(/*SING0211*/imp.SendQuit);
                quit();
            }
            """));

        [Fact]
        public void Method_group_of_a_temporary_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                Action free = /*SING0211*/ExchangeHeap.NewVector<byte>(8).Free;
                free();
            }
            """));

        [Fact]
        public void Lambda_capturing_a_block_is_rejected() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                Action free = () => /*SING0205*/v.Free();
                free();
            }
            """));

        [Fact]
        public void Claiming_lambda_kept_in_a_local_moves_its_argument() => Verify.Diagnostics(Prelude.InClass("""
            static void Drop([Claims] ExVector<byte> v) => v.Free();

            static void M([Claims] Calculator.Imp imp)
            {
                Action<Calculator.Imp> quit = ([Claims] Calculator.Imp e) => e.Free();
                quit(imp);
                /*SING0202*/imp.Free();
                Action<ExVector<byte>> drop = Drop;
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                drop(v);
                /*SING0201*/v[0] = 1;
            }
            """));

        [Fact]
        public void Delegate_local_with_claiming_and_lending_targets_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool quiet)
            {
                Action<ExVector<byte>> f = ([Claims] ExVector<byte> x) => x.Free();
                if (quiet)
                {
                    f = x => Console.WriteLine(x.Length);
                }

                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                f(/*SING0211*/v);
            }
            """));

        [Fact]
        public void Claiming_lambda_returned_as_a_lending_delegate() => Verify.Diagnostics(Prelude.InClass("""
            static Action<Calculator.Imp> Quit() => ([Claims] Calculator.Imp /*SING0211*/e) => e.Free();
            """));

        [Fact]
        public void Claiming_lambda_and_method_group_passed_as_lending_delegates() => Verify.Diagnostics(Prelude.InClass("""
            static void Drop([Claims] ExVector<byte> v) => v.Free();

            static void Each(Action<ExVector<byte>> f) => f(ExchangeHeap.NewVector<byte>(1));

            static void M()
            {
                Each(/*SING0211*/Drop);
                Each(([Claims] ExVector<byte> /*SING0211*/x) => x.Free());
            }
            """));

        [Fact]
        public void Lending_lambda_converted_to_a_claiming_delegate() => Verify.Diagnostics(Prelude.InClass("""
            delegate void Consumer([Claims] ExVector<byte> v);

            static void M()
            {
                Consumer look = /*SING0211*/x => Console.WriteLine(x.Length);
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                look(v);
            }
            """));

        [Fact]
        public void Method_group_message_says_what_to_do() => Assert.Contains(
            "is bound into a delegate by the method group 'v.Free'",
            Verify.MessageOf(Prelude.InClass("""
                static void M()
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    Action free = v.Free;
                    free();
                }
                """), "SING0211"),
            System.StringComparison.Ordinal);
    }
}

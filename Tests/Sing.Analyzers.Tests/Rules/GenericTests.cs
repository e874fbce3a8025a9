using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rules L1, L2, B and S in generic code: a type parameter constrained to a tracked type (T : Linear, T : Endpoint,
    /// U : T) is tracked like the type it stands for, in generic methods and generic classes, and a caller passing a
    /// block to such a parameter lends it or, with [Claims], gives it away (an unconstrained T stays SING0211).
    /// </summary>
    public sealed class GenericTests
    {
        // ---- legal ----

        [Fact]
        public void Generic_release_and_borrow_are_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Release<T>([Claims] T value) where T : Linear => value.Free();

            static bool Held<T>(T value) where T : Linear => value.IsOwned;

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Console.WriteLine(Held(v));
                Release(v);
            }
            """));

        [Fact]
        public void Generic_code_over_endpoints_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Close<TEnd>([Claims] TEnd end) where TEnd : Endpoint
            {
                Console.WriteLine(end.IsOwned);
                end.Free();
            }

            static void M()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                Close(imp);
                Close(exp);
            }
            """));

        [Fact]
        public void Generic_swap_and_holder_are_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Swap<T>(ref T a, ref T b) where T : Linear
            {
                (a, b) = (b, a);
            }

            public sealed class Slot<T> where T : Linear
            {
                private readonly TRef<T> _held;

                public Slot([Claims] T value)
                {
                    _held = new TRef<T>(value);
                }

                public void Replace([Claims] T value)
                {
                    T old = _held.Acquire();
                    old.Free();
                    _held.Release(value);
                }
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Generic_value_freed_twice() => Verify.Diagnostics(Prelude.InClass("""
            static void Twice<T>([Claims] T value) where T : Linear
            {
                value.Free();
                /*SING0202*/value.Free();
            }
            """));

        [Fact]
        public void Generic_borrowed_parameter_released() => Verify.Diagnostics(Prelude.InClass("""
            static void Drop<T>(T value) where T : Linear
            {
                /*SING0208*/value.Free();
            }
            """));

        [Fact]
        public void Generic_local_leaks_and_is_used_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static void Leak<T>(Func<T> make) where T : Linear
            {
                T /*SING0203*/kept = make();
                T other = make();
                other.Free();
                Console.WriteLine(/*SING0201*/other);
            }
            """));

        [Fact]
        public void Constraint_through_another_type_parameter_is_tracked() => Verify.Diagnostics(Prelude.InClass("""
            static void Twice<T, U>([Claims] U value) where T : Linear where U : T
            {
                value.Free();
                /*SING0202*/value.Free();
            }
            """));

        [Fact]
        public void Caller_uses_a_block_after_giving_it_to_a_generic_Claims_parameter() => Verify.Diagnostics(Prelude.InClass("""
            static void Release<T>([Claims] T value) where T : Linear => value.Free();

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Release(v);
                /*SING0201*/v[0] = 1;
            }
            """));

        [Fact]
        public void Generic_class_holding_T_in_fields() => Verify.Diagnostics(Prelude.InClass("""
            public sealed class Box<T> where T : Linear
            {
                private T? /*SING0204*/_value;
                private readonly System.Collections.Generic.List<T> /*SING0204*/_all = new();

                public int Count => _all.Count + (_value is null ? 0 : 1);
            }
            """));

        [Fact]
        public void Generic_endpoint_put_where_it_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static object Keep<TEnd>([Claims] TEnd end) where TEnd : Endpoint
            {
                object kept = /*SING0211*/end;
                return kept;
            }
            """));
    }
}

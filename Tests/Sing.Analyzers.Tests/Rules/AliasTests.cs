using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule A (SING0201/0202 and SING0211): a second name for a block or endpoint is a move (the old
    /// name is dead) where the analysis can follow it, and a "cannot follow" error where it cannot
    /// (object, interface, collections, arrays, tuples kept whole).
    /// </summary>
    public sealed class AliasTests
    {
        // ---- legal ----

        [Fact]
        public void Generic_identity_moves_the_value() => Verify.Diagnostics(Prelude.InClass("""
            static T Id<T>(T value) => value;

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> w = Id(v);
                w.Free();
            }
            """));

        [Fact]
        public void Tuple_deconstruction_moves_each_element() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExRef<Packet> p = ExchangeHeap.New(new Packet());
                var (a, b) = (v, p);
                a.Free();
                b.Free();
            }
            """));

        [Fact]
        public void Swap_by_deconstruction_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> w = ExchangeHeap.NewVector<byte>(4);
                (v, w) = (w, v);
                v.Free();
                w.Free();
            }
            """));

        [Fact]
        public void Declaration_pattern_moves_to_the_new_name() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool c)
            {
                ExVector<byte>? v = c ? ExchangeHeap.NewVector<byte>(8) : null;
                if (v is ExVector<byte> w)
                {
                    w.Free();
                }
            }
            """));

        [Fact]
        public void Array_built_for_a_call_and_object_parameters_borrow() => Verify.Diagnostics(Prelude.InClass("""
            static int Count(object[] items) => items.Length;

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> w = ExchangeHeap.NewVector<byte>(8);
                Console.WriteLine(Count(new object[] { v, w }) + Count([v]));
                Console.WriteLine(v);
                v.Free();
                w.Free();
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Use_of_the_old_name_after_a_generic_identity() => Verify.Diagnostics(Prelude.InClass("""
            static T Id<T>(T value) => value;

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> w = Id(v);
                w.Free();
                /*SING0201*/v[0] = 1;
            }
            """));

        [Fact]
        public void Free_both_names_after_deconstruction() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                var (a, n) = (v, 1);
                a.Free();
                /*SING0202*/v.Free();
                Console.WriteLine(n);
            }
            """));

        [Fact]
        public void Free_both_names_after_a_declaration_pattern() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                if (v is var w)
                {
                    w.Free();
                }

                /*SING0202*/v.Free();
            }
            """));

        [Fact]
        public void Conversion_to_object_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                object o = /*SING0211*/v;
                Console.WriteLine(o);
            }
            """));

        [Fact]
        public void Local_list_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                var list = new System.Collections.Generic.List<ExVector<byte>>();
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                list.Add(/*SING0211*/v);
                foreach (ExVector<byte> item in list)
                {
                    item.Free();
                }
            }
            """));

        [Fact]
        public void Local_array_initializer_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte>[] all = { /*SING0211*/v };
                all[0].Free();
            }
            """));

        [Fact]
        public void Tuple_kept_whole_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                (ExVector<byte> Buffer, int Count) pair = (/*SING0211*/v, 1);
                pair.Buffer.Free();
            }
            """));

        [Fact]
        public void Generic_method_that_keeps_its_argument_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void Log<T>(T value) => Console.WriteLine(value);

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Log(/*SING0211*/v);
            }
            """));

        [Fact]
        public void Ref_local_to_a_tracked_variable_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ref ExVector<byte> alias = ref /*SING0211*/v;
                alias.Free();
            }
            """));
    }
}

using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule L1 through tuples. Deconstruction is followed element by element (nested tuples too, so swaps are clean),
    /// and one variable moved into two targets is a double move (SING0202). A tuple of tracked values kept whole — in a
    /// local or parameter, put together from values, read through ItemN — can hand out each element any number of
    /// times: SING0211. A call returning such a tuple must be deconstructed where it is made; dropping it leaks.
    /// </summary>
    public sealed class TupleTests
    {
        private const string Pair = """
            static (ExVector<byte> First, ExVector<byte> Second) Pair() => throw new NotImplementedException();

            """;

        // ---- legal ----

        [Fact]
        public void Tuple_returned_by_a_call_and_deconstructed_is_clean() => Verify.Diagnostics(Prelude.InClass(Pair + """
            static void M()
            {
                var (a, b) = Pair();
                a.Free();
                b.Free();
                ExVector<byte> c;
                ExVector<byte> d;
                (c, d) = Pair();
                c.Free();
                d.Free();
            }
            """));

        [Fact]
        public void Nested_swap_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(1);
                ExVector<byte> b = ExchangeHeap.NewVector<byte>(2);
                ExVector<byte> c = ExchangeHeap.NewVector<byte>(3);
                (a, (b, c)) = (c, (a, b));
                var (x, (y, z)) = (a, (b, c));
                x.Free();
                y.Free();
                z.Free();
            }
            """));

        [Fact]
        public void Tuple_of_scalars_with_a_block_beside_it_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static (int Count, long Sum) Stats(ExVector<byte> v) => (v.Length, v.Length * 2L);

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                var stats = Stats(v);
                Console.WriteLine(stats.Count + stats.Sum);
                v.Free();
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Deconstruction_moving_one_block_twice() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> b = ExchangeHeap.NewVector<byte>(8);
                (/*SING0203*/a, b) = (b, /*SING0202*/b);
                a.Free();
                b.Free();
            }
            """));

        [Fact]
        public void Nested_deconstruction_moving_one_block_twice() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(8);
                var (x, (y, z)) = (a, (1, /*SING0202*/a));
                x.Free();
                Console.WriteLine(y);
            }
            """));

        [Fact]
        public void Tuple_from_a_call_held_in_a_local() => Verify.Diagnostics(Prelude.InClass(Pair + """
            static void M()
            {
                var t = /*SING0211*/Pair();
                t.First.Free();
                t.First.Free();
                var (a, b) = t;
                a.Free();
                b.Free();
            }
            """));

        [Fact]
        public void Tuple_copied_from_another_tuple_local() => Verify.Diagnostics(Prelude.InClass(Pair + """
            static void M()
            {
                (ExVector<byte>, ExVector<byte>) t = /*SING0211*/Pair();
                var u = /*SING0211*/t;
                u.Item1.Free();
                u.Item2.Free();
            }
            """));

        [Fact]
        public void Tuple_read_whole_from_a_call() => Verify.Diagnostics(Prelude.InClass(Pair + """
            static void M()
            {
                /*SING0211*/Pair().First.Free();
            }
            """));

        [Fact]
        public void Tuple_from_a_call_dropped_leaks() => Verify.Diagnostics(Prelude.InClass(Pair + """
            static void M()
            {
                /*SING0203*/Pair();
            }
            """));

        [Fact]
        public void Tuple_parameter_holding_blocks() => Verify.Diagnostics(Prelude.InClass("""
            static void Take((ExVector<byte> Buffer, int Count) /*SING0211*/t)
            {
                t.Buffer.Free();
            }

            static void Nested(((int, ExRef<Packet>), int) /*SING0211*/t)
            {
                Console.WriteLine(t.Item2);
            }
            """));

        [Fact]
        public void Tuple_returned_whole_from_values() => Verify.Diagnostics(Prelude.InClass("""
            static (ExVector<byte>, ExVector<byte>) Make()
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(8);
                return (/*SING0211*/a, /*SING0211*/ExchangeHeap.NewVector<byte>(4));
            }
            """));

        [Fact]
        public void Tuple_added_to_a_collection_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                var pending = new System.Collections.Generic.List<(ExVector<byte> Buffer, int Count)>();
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                pending.Add((/*SING0211*/v, 1));
                pending.Add((/*SING0211*/ExchangeHeap.NewVector<byte>(4), 2));
                foreach (var (buffer, _) in pending)
                {
                    buffer.Free();
                }
            }
            """));

        [Fact]
        public void Tuple_stored_in_a_field() => Verify.Diagnostics(Prelude.InClass("""
            private static (ExVector<byte>, int) /*SING0204*/s_last;

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                s_last = (/*SING0211*/v, 1);
            }
            """));

        [Fact]
        public void Tuple_literal_kept_in_a_local() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                var t = (/*SING0211*/ExchangeHeap.NewVector<byte>(8), 1);
                t.Item1.Free();
                t.Item1.Free();
            }
            """));
    }
}

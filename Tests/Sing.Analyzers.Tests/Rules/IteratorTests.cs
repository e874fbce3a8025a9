using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule L1 through iterators: a block or endpoint given out by yield return is handed out as the enumerator's
    /// Current, which can be read any number of times (and the iterator's state machine still holds it), so each
    /// yield of a tracked value is SING0211, whatever shape produces it; tracked locals of an iterator stay SING0206.
    /// </summary>
    public sealed class IteratorTests
    {
        // ---- legal ----

        [Fact]
        public void Iterator_yielding_values_read_from_a_holder_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int Length(TRef<ExVector<byte>> holder)
            {
                ExVector<byte> v = holder.Acquire();
                int n = v.Length;
                holder.Release(v);
                return n;
            }

            static System.Collections.Generic.IEnumerable<int> Lengths(TRef<ExVector<byte>> holder, int times)
            {
                for (int i = 0; i < times; i++)
                {
                    yield return Length(holder);
                }
            }
            """));

        [Fact]
        public void Consuming_an_enumerable_of_blocks_owns_each_element() => Verify.Diagnostics(Prelude.InClass("""
            static void FreeAll(System.Collections.Generic.IEnumerable<ExVector<byte>> blocks)
            {
                foreach (ExVector<byte> block in blocks)
                {
                    block.Free();
                }
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Yielding_a_new_block() => Verify.Diagnostics(Prelude.InClass("""
            static System.Collections.Generic.IEnumerable<ExVector<byte>> Blocks()
            {
                yield return /*SING0211*/ExchangeHeap.NewVector<byte>(8);
            }
            """));

        [Fact]
        public void Yielding_a_block_through_a_local_twice() => Verify.Diagnostics(Prelude.InClass("""
            static System.Collections.Generic.IEnumerable<ExVector<byte>> Blocks()
            {
                ExVector<byte> /*SING0206*/v = ExchangeHeap.NewVector<byte>(8);
                yield return /*SING0211*/v;
                yield return /*SING0201*/v;
            }
            """));

        [Fact]
        public void Yielding_an_endpoint_in_a_loop() => Verify.Diagnostics(Prelude.InClass("""
            [return: InState("Ready")]
            static Calculator.Imp Connect()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                exp.Free();
                return imp;
            }

            static System.Collections.Generic.IEnumerable<Calculator.Imp> Connections(int n)
            {
                for (int i = 0; i < n; i++)
                {
                    yield return /*SING0211*/Connect();
                }
            }
            """));

        [Fact]
        public void Yielding_a_block_as_object() => Verify.Diagnostics(Prelude.InClass("""
            static System.Collections.Generic.IEnumerable<object> Items()
            {
                yield return 1;
                yield return /*SING0211*/ExchangeHeap.NewVector<byte>(8);
            }
            """));

        [Fact]
        public void Yielding_from_a_local_function_iterator() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                int count = 0;
                foreach (ExVector<byte> block in Blocks())
                {
                    count += block.Length;
                    block.Free();
                }

                return count;

                static System.Collections.Generic.IEnumerable<ExVector<byte>> Blocks()
                {
                    yield return /*SING0211*/ExchangeHeap.NewVector<byte>(4);
                }
            }
            """));

        [Fact]
        public void Yielding_from_an_async_iterator() => Verify.Diagnostics(Prelude.InClass("""
            static async System.Collections.Generic.IAsyncEnumerable<ExRef<Packet>> Packets()
            {
                await System.Threading.Tasks.Task.Yield();
                yield return /*SING0211*/ExchangeHeap.New(new Packet());
            }
            """));

        [Fact]
        public void Yield_message_says_why() => Assert.Contains(
            "is yielded by an iterator, whose Current can be read any number of times",
            Verify.MessageOf(Prelude.InClass("""
                static System.Collections.Generic.IEnumerable<ExVector<byte>> Blocks()
                {
                    yield return ExchangeHeap.NewVector<byte>(8);
                }
                """), "SING0211"),
            System.StringComparison.Ordinal);
    }
}

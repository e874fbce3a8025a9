using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rules L1, L2, B and P across C# shapes the other files do not cover: expressions (?:, ??, ?.,
    /// switch expressions), lambdas and local functions, generics, iterators, records and structs.
    /// </summary>
    public sealed class ShapeTests
    {
        // ---- legal ----

        [Fact]
        public void Conditional_access_and_coalescing_release_once() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool c)
            {
                ExVector<byte>? v = c ? ExchangeHeap.NewVector<byte>(8) : null;
                int n = v?.Length ?? 0;
                Console.WriteLine(n);
                v?.Free();
            }
            """));

        [Fact]
        public void Switch_expression_chooses_what_to_keep() => Verify.Diagnostics(Prelude.InClass("""
            static ExVector<byte> Pick(int which)
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(1);
                ExVector<byte> b = ExchangeHeap.NewVector<byte>(2);
                if (which == 0)
                {
                    b.Free();
                    return a;
                }

                a.Free();
                return b;
            }
            """));

        [Fact]
        public void Lambda_and_local_function_own_their_parameters() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                Action<ExVector<byte>> drop = ([Claims] ExVector<byte> v) => v.Free();
                drop(ExchangeHeap.NewVector<byte>(1));
                Fill(ExchangeHeap.NewVector<byte>(2));

                static void Fill([Claims] ExVector<byte> v)
                {
                    v.AsSpan().Fill(1);
                    v.Free();
                }
            }
            """));

        [Fact]
        public void Borrowed_parameter_used_and_returned_intact() => Verify.Diagnostics(Prelude.InClass("""
            static int Sum(ExVector<byte> v)
            {
                int total = 0;
                foreach (byte b in v.AsSpan())
                {
                    total += b;
                }

                return total;
            }
            """));

        [Fact]
        public void Arguments_read_before_the_call_takes_the_value() => Verify.Diagnostics(Prelude.InClass("""
            static void Store([Claims] ExVector<byte> v, int length)
            {
                Console.WriteLine(length);
                v.Free();
            }

            static void Reject([Claims][InState("IoRunning")] NicDevice.Exp nic)
            {
                NicDevice.Exp.IoRunningReceived r = nic.ReceiveIoRunning();
                if (r.Tag == NicDevice.Exp.IoRunningTag.PacketForReceive)
                {
                    r.GetPacketForReceive(out ExVector<byte> buffer);
                    nic.SendBadPacketSize(buffer, buffer.Length);
                }

                Store(ExchangeHeap.NewVector<byte>(2), 2);
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(4);
                Store(v, v.Length);
                nic.Free();
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Use_after_free_in_a_conditional_expression() => Verify.Diagnostics(Prelude.InClass("""
            static int M(bool c)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                v.Free();
                return c ? /*SING0201*/v.Length : 0;
            }
            """));

        [Fact]
        public void Use_after_free_in_a_switch_expression_arm() => Verify.Diagnostics(Prelude.InClass("""
            static int M(int k)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                v.Free();
                return k switch
                {
                    0 => /*SING0201*/v.Length,
                    _ => 0,
                };
            }
            """));

        [Fact]
        public void Double_free_inside_a_lambda_body() => Verify.Diagnostics(Prelude.InClass("""
            delegate void Consumer([Claims] ExVector<byte> v);

            static Consumer M() => ([Claims] ExVector<byte> v) =>
            {
                v.Free();
                /*SING0202*/v.Free();
            };
            """));

        [Fact]
        public void Leak_inside_a_local_function() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                Make();

                static void Make()
                {
                    ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                    v[0] = 1;
                }
            }
            """));

        [Fact]
        public void Borrowed_parameter_freed_in_a_generic_method() => Verify.Diagnostics(Prelude.InClass("""
            static int Drop<T>(ExVector<byte> v, T tag)
            {
                Console.WriteLine(tag);
                /*SING0208*/v.Free();
                return 0;
            }
            """));

        [Fact]
        public void Tracked_local_in_an_iterator() => Verify.Diagnostics(Prelude.InClass("""
            static System.Collections.Generic.IEnumerable<int> Lengths()
            {
                ExVector<byte> /*SING0206*/v = ExchangeHeap.NewVector<byte>(8);
                yield return v.Length;
                v.Free();
            }
            """));

        [Fact]
        public void Tracked_field_in_a_struct() => Verify.Diagnostics(Prelude.InClass("""
            public struct Frame
            {
                public ExRef<Packet> /*SING0204*/Header;
            }
            """));

        [Fact]
        public void Send_in_the_wrong_state_inside_a_lambda() => Verify.Diagnostics(Prelude.InClass("""
            delegate void Session([Claims] Calculator.Imp imp);

            static Session M() => ([Claims][InState("Ready")] Calculator.Imp imp) =>
            {
                imp.SendQuit();
                /*SING0101*/imp.SendAdd(1, 2);
                imp.Free();
            };
            """));
    }
}

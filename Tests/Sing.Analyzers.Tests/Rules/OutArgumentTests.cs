using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rules L1/L2 for values that arrive through an out argument: every shape of receipt (out var, a typed
    /// declaration, an existing local, a ref or out parameter, a discard, a field, an array element), from a
    /// method of a referenced assembly whose out parameter is a nullable generic block (WireMessage.TakeVector
    /// and TakeRef: the compiler marks such a parameter [Nullable(new byte[] { ... })], which once crashed the
    /// analyzer, AD0001) and from the generated receives. None may crash; each receipt is owned afterwards.
    /// </summary>
    public sealed class OutArgumentTests
    {
        // ---- legal ----

        [Fact]
        public void Take_into_out_var_and_a_typed_declaration_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M(WireMessage wire)
            {
                wire.TakeVector(out ExVector<byte>? typed);
                typed?.Free();
                wire.TakeVector<byte>(out var inferred);
                inferred?.Free();
                wire.TakeRef(out ExRef<Packet>? packet);
                packet?.Free();
            }
            """));

        [Fact]
        public void Take_into_an_existing_local_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M(WireMessage wire, bool again)
            {
                ExVector<byte>? v;
                wire.TakeVector(out v);
                v?.Free();
                if (again)
                {
                    wire.TakeVector(out v);
                    v?.Free();
                }
            }
            """));

        [Fact]
        public void Take_into_ref_and_out_parameters_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Replace(WireMessage wire, ref ExVector<byte>? v)
            {
                v?.Free();
                wire.TakeVector(out v);
            }

            static void Give(WireMessage wire, out ExRef<Packet>? r)
            {
                wire.TakeRef(out r);
            }
            """));

        [Fact]
        public void Take_inside_a_branch_and_a_loop_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int M(WireMessage wire, int n)
            {
                int total = 0;
                for (int i = 0; i < n; i++)
                {
                    if (wire.Tag == i)
                    {
                        wire.TakeVector(out ExVector<byte>? v);
                        total += v?.Length ?? 0;
                        v?.Free();
                    }
                }

                return total;
            }
            """));

        [Fact]
        public void Generated_receive_out_arguments_are_owned() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("IoRunning")] NicDevice.Imp nic)
            {
                nic.SendGetReceivedPacket();
                NicDevice.Imp.IoRunningAfterGetReceivedPacketReceived r = nic.ReceiveIoRunningAfterGetReceivedPacket();
                if (r.Tag == NicDevice.Imp.IoRunningAfterGetReceivedPacketTag.ReceivedPacket)
                {
                    ExRef<Packet> info;
                    r.GetReceivedPacket(out var data, out info);
                    data.Free();
                    info.Free();
                }

                nic.Free();
            }
            """));

        // ---- illegal (and still no crash) ----

        [Fact]
        public void Taken_value_not_freed_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void M(WireMessage wire)
            {
                wire.TakeVector(out ExVector<byte>? /*SING0203*/v);
                Console.WriteLine(v?.Length);
            }
            """));

        [Fact]
        public void Taken_value_freed_twice() => Verify.Diagnostics(Prelude.InClass("""
            static void M(WireMessage wire)
            {
                wire.TakeVector<byte>(out var v);
                v?.Free();
                v?/*SING0202*/.Free();
            }
            """));

        [Fact]
        public void Taking_over_an_owned_local_leaks_it() => Verify.Diagnostics(Prelude.InClass("""
            static void M(WireMessage wire)
            {
                ExVector<byte>? v = ExchangeHeap.NewVector<byte>(8);
                wire.TakeVector(/*SING0203*/out v);
                v?.Free();
            }
            """));

        [Fact]
        public void Take_into_a_discard_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void M(WireMessage wire)
            {
                wire.TakeVector<byte>(/*SING0203*/out _);
                wire.TakeRef<Packet>(/*SING0203*/out _);
            }
            """));

        [Fact]
        public void Take_into_a_field_is_rejected_at_the_field() => Verify.Diagnostics(Prelude.InClass("""
            private static ExVector<byte>? /*SING0204*/s_buffer;

            static void M(WireMessage wire)
            {
                wire.TakeVector(out s_buffer);
            }
            """));

        [Fact]
        public void Take_into_an_array_element_cannot_be_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M(WireMessage wire)
            {
                var all = new ExVector<byte>?[1];
                wire.TakeVector(out /*SING0211*/all[0]);
                all[0]?.Free();
            }
            """));
    }
}

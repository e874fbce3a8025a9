using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule V (SING0209): a view into an exchange-heap block (a span from AsSpan, a ref from the
    /// indexer or ExRef.Value, anything derived from them) is only valid while its owner possesses the
    /// block. Each test is one shape of C#.
    /// </summary>
    public sealed class ViewTests
    {
        // ---- legal ----

        [Fact]
        public void Span_used_before_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> s = v.AsSpan();
                s[0] = 1;
                s.Slice(1).Fill(2);
                v.Free();
            }
            """));

        [Fact]
        public void Ref_local_from_indexer_used_before_send_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M([InState("IoRunning")] NicDevice.Imp nic)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ref byte first = ref v[0];
                first = 7;
                nic.SendPacketForReceive(v);
                NicDevice.Imp.IoRunningAfterPacketForReceiveReceived r = nic.ReceiveIoRunningAfterPacketForReceive();
                if (r.Tag == NicDevice.Imp.IoRunningAfterPacketForReceiveTag.BadPacketSize)
                {
                    r.GetBadPacketSize(out ExVector<byte> back, out _);
                    back.Free();
                }
            }
            """));

        [Fact]
        public void Ref_to_ExRef_value_used_before_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                ExRef<Packet> r = ExchangeHeap.New(new Packet { Length = 4 });
                ref Packet p = ref r.Value;
                p.Length++;
                int n = p.Length;
                r.Free();
                return n;
            }
            """));

        [Fact]
        public void Copy_out_of_a_block_outlives_it() => Verify.Diagnostics(Prelude.InClass("""
            static byte[] M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExRef<Packet> r = ExchangeHeap.New(new Packet { Length = 3 });
                byte[] copy = v.AsSpan().ToArray();
                Packet value = r.Value;
                v.Free();
                r.Free();
                copy[0] = (byte)value.Length;
                return copy;
            }
            """));

        [Fact]
        public void Span_moved_with_its_owner_stays_valid() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> s = v.AsSpan();
                ExVector<byte> w = v;
                s[0] = 1;
                w.Free();
            }
            """));

        [Fact]
        public void Helper_returning_a_view_of_a_block_that_is_still_owned() => Verify.Diagnostics(Prelude.InClass("""
            static Span<byte> Payload(ExVector<byte> v) => v.AsSpan().Slice(2);

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> p = Payload(v);
                p[0] = 1;
                v.Free();
            }
            """));

        [Fact]
        public void Foreach_over_a_span_before_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                int sum = 0;
                foreach (byte b in v.AsSpan())
                {
                    sum += b;
                }

                v.Free();
                return sum;
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Span_written_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> s = v.AsSpan();
                v.Free();
                /*SING0209*/s[0] = 1;
            }
            """));

        [Fact]
        public void Span_written_after_send() => Verify.Diagnostics(Prelude.InClass("""
            static void M([InState("IoRunning")] NicDevice.Imp nic)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> s = v.AsSpan();
                nic.SendPacketForReceive(v);
                /*SING0209*/s[0] = 0xFF;
                nic.ReceiveIoRunningAfterPacketForReceive();
            }
            """));

        [Fact]
        public void Ref_from_indexer_written_after_send() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims] NicDevice.Imp nic)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ref byte b = ref v[3];
                nic.SendPacketForReceive(v);
                /*SING0209*/b = 1;
                nic.Free();
            }
            """));

        [Fact]
        public void Ref_from_ExRef_value_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                ExRef<Packet> r = ExchangeHeap.New(new Packet());
                ref Packet p = ref r.Value;
                r.Free();
                return /*SING0209*/p.Length;
            }
            """));

        [Fact]
        public void Sliced_span_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ReadOnlySpan<byte> tail = v.AsSpan()[2..];
                ReadOnlySpan<byte> inner = tail.Slice(1, 2);
                v.Free();
                Console.WriteLine(/*SING0209*/inner[0]);
            }
            """));

        [Fact]
        public void Span_from_helper_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static Span<byte> Payload(ExVector<byte> v) => v.AsSpan().Slice(2);

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> p = Payload(v);
                v.Free();
                /*SING0209*/p.Clear();
            }
            """));

        [Fact]
        public void Span_from_out_parameter_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static void View(ExVector<byte> v, out Span<byte> s) { s = v.AsSpan(); }

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                View(v, out Span<byte> s);
                v.Free();
                /*SING0209*/s[1] = 2;
            }
            """));

        [Fact]
        public void Foreach_over_span_continues_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                foreach (ref byte b in /*SING0209*/v.AsSpan())
                {
                    if (b == 0)
                    {
                        v.Free();
                        v = ExchangeHeap.NewVector<byte>(8);
                    }
                }

                v.Free();
            }
            """));

        [Fact]
        public void Span_in_ref_struct_holder_after_free() => Verify.Diagnostics(Prelude.InClass("""
            ref struct Cursor
            {
                public Span<byte> Data;
                public int At;
            }

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                var c = new Cursor { Data = v.AsSpan() };
                v.Free();
                /*SING0209*/c.Data[c.At] = 1;
            }
            """));

        [Fact]
        public void Span_after_owner_reassigned() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> s = v.AsSpan();
                v.Free();
                v = ExchangeHeap.NewVector<byte>(8);
                /*SING0209*/s[0] = 1;
                v.Free();
            }
            """));

        [Fact]
        public void Span_on_one_branch_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool c)
            {
                ExVector<byte>? v = ExchangeHeap.NewVector<byte>(8);
                Span<byte> s = v.AsSpan();
                if (c)
                {
                    v.Free();
                    v = null;
                }

                /*SING0209*/s[0] = 1;
                v?.Free();
            }
            """));

        [Fact]
        public void Out_view_parameter_handed_back_after_release() => Verify.Diagnostics(Prelude.InClass("""
            static void View([Claims] ExVector<byte> v, out Span<byte> /*SING0209*/s)
            {
                s = v.AsSpan();
                v.Free();
            }
            """));

        [Fact]
        public void View_of_a_claimed_block_returned_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static Span<byte> Keep([Claims] ExVector<byte> v)
            {
                Span<byte> s = v.AsSpan();
                v.Free();
                return /*SING0209*/s;
            }
            """));

        [Fact]
        public void View_of_a_temporary_nothing_owns() => Verify.Diagnostics(Prelude.InClass("""
            static void M(TRef<ExVector<byte>> held)
            {
                Span<byte> s = /*SING0203*/held.Acquire().AsSpan();
                s[0] = 1;
                Console.WriteLine(/*SING0203*/ExchangeHeap.NewVector<byte>(4).Length);
            }
            """));

        [Fact]
        public void View_passed_in_the_call_that_claims_its_owner() => Verify.Diagnostics(Prelude.InClass("""
            static void Process([Claims] ExVector<byte> v, Span<byte> view)
            {
                v.Free();
                view[0] = 1;
            }

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Process(v, /*SING0209*/v.AsSpan());
            }
            """));

        [Fact]
        public void View_passed_with_a_borrowed_owner_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Process(ExVector<byte> v, Span<byte> view)
            {
                view[0] = (byte)v.Length;
            }

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Process(v, v.AsSpan());
                v.Free();
            }
            """));

        [Fact]
        public void Ref_to_a_field_of_a_block_after_send() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims] NicDevice.Exp nic, [Claims] ExVector<byte> data)
            {
                ExRef<Packet> info = ExchangeHeap.New(new Packet());
                ref int length = ref info.Value.Length;
                nic.SendReceivedPacket(data, info);
                /*SING0209*/length = 64;
                nic.Free();
            }
            """));

        [Fact]
        public void Span_reassigned_to_a_live_block_is_valid_again() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> w = ExchangeHeap.NewVector<byte>(8);
                Span<byte> s = v.AsSpan();
                v.Free();
                s = w.AsSpan();
                s[0] = 1;
                w.Free();
            }
            """));
    }
}

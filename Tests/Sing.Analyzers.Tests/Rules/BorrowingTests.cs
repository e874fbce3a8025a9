using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>Rule B (SING0208, SING0105): a parameter without [Claims] is borrowed; it is used, never given away, and an endpoint leaves in its declared state.</summary>
    public sealed class BorrowingTests
    {
        // ---- legal ----

        [Fact]
        public void Borrowed_block_read_and_lent_on() => Verify.Diagnostics(Prelude.InClass("""
            static int Length(ExVector<byte> v) => v.Length;

            static int Twice(ExVector<byte> v) => Length(v) * 2;
            """));

        [Fact]
        public void Borrowed_endpoint_completes_a_round_trip() => Verify.Diagnostics(Prelude.InClass("""
            static long Add([InState("Ready")] Calculator.Imp imp, long a, long b)
            {
                imp.SendAdd(a, b);
                imp.RecvResult(out long sum);
                return sum;
            }
            """));

        [Fact]
        public void Claimed_parameter_given_away_on_every_path() => Verify.Diagnostics(Prelude.InClass("""
            static void Give([Claims] ExVector<byte> v, [Claims][InState("IoRunning")] NicDevice.Imp nic, bool keep)
            {
                if (keep)
                {
                    nic.SendPacketForReceive(v);
                }
                else
                {
                    v.Free();
                }

                nic.Free();
            }
            """));

        [Fact]
        public void OutState_declares_where_a_borrowed_endpoint_is_left() => Verify.Diagnostics(Prelude.InClass("""
            static void Ask([InState("Ready")][OutState("ReadyAfterAdd")] Calculator.Imp imp)
            {
                imp.SendAdd(1, 2);
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Borrowed_block_sent() => Verify.Diagnostics(Prelude.InClass("""
            static void Give(ExVector<byte> v, [Claims][InState("IoRunning")] NicDevice.Imp nic)
            {
                nic.SendPacketForReceive(/*SING0208*/v);
                nic.Free();
            }
            """));

        [Fact]
        public void Borrowed_block_moved_to_a_local() => Verify.Diagnostics(Prelude.InClass("""
            static void Take(ExVector<byte> v)
            {
                ExVector<byte> mine = /*SING0208*/v;
                mine.Free();
            }
            """));

        [Fact]
        public void Borrowed_block_passed_to_Claims() => Verify.Diagnostics(Prelude.InClass("""
            static void Drop([Claims] ExVector<byte> v) => v.Free();

            static void Lend(ExVector<byte> v)
            {
                Drop(/*SING0208*/v);
            }
            """));

        [Fact]
        public void Borrowed_block_returned() => Verify.Diagnostics(Prelude.InClass("""
            static ExVector<byte> Steal(ExVector<byte> v)
            {
                return /*SING0208*/v;
            }
            """));

        [Fact]
        public void Borrowed_endpoint_closed() => Verify.Diagnostics(Prelude.InClass("""
            static void Close(Calculator.Imp imp)
            {
                /*SING0208*/imp.Free();
            }
            """));

        [Fact]
        public void Borrowed_endpoint_left_mid_exchange() => Verify.Diagnostics(Prelude.InClass("""
            static void Ask([InState("Ready")] Calculator.Imp /*SING0105*/imp)
            {
                imp.SendDivide(1, 0);
            }
            """));
    }
}

using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule O (SING0203, SING0210): a ref or out parameter hands a value back to the caller; overwriting
    /// one that holds an owned value leaks it, and handing back a released one gives the caller a dead handle.
    /// Callers own what comes back, and [NotNullWhen]/[MaybeNullWhen] say when it may be null.
    /// </summary>
    public sealed class RefOutTests
    {
        // ---- legal ----

        [Fact]
        public void Ref_parameter_replaced_after_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Grow(ref ExVector<byte> v)
            {
                ExVector<byte> bigger = ExchangeHeap.NewVector<byte>(v.Length * 2);
                v.AsSpan().CopyTo(bigger.AsSpan());
                v.Free();
                v = bigger;
            }

            static void Caller()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(4);
                Grow(ref v);
                v.Free();
            }
            """));

        [Fact]
        public void Ref_parameter_swapped_through_a_local_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Swap(ref ExVector<byte> a, ref ExVector<byte> b)
            {
                ExVector<byte> t = a;
                a = b;
                b = t;
            }
            """));

        [Fact]
        public void TryGet_with_NotNullWhen_true_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static bool TryTake(bool have, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ExVector<byte>? v)
            {
                if (!have)
                {
                    v = null;
                    return false;
                }

                v = ExchangeHeap.NewVector<byte>(8);
                return true;
            }

            static void Caller(bool have)
            {
                if (TryTake(have, out ExVector<byte>? v))
                {
                    v.Free();
                }

                if (!TryTake(have, out var w))
                {
                    return;
                }

                w.Free();
            }
            """));

        [Fact]
        public void MaybeNullWhen_false_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static bool TryTake([System.Diagnostics.CodeAnalysis.MaybeNullWhen(false)] out ExVector<byte> v)
            {
                v = ExchangeHeap.NewVector<byte>(8);
                return true;
            }

            static void Caller()
            {
                while (TryTake(out ExVector<byte> v))
                {
                    v.Free();
                }
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Ref_parameter_overwritten_leaks_the_old_value() => Verify.Diagnostics(Prelude.InClass("""
            static void Replace(ref ExVector<byte> v)
            {
                /*SING0203*/v = ExchangeHeap.NewVector<byte>(16);
            }
            """));

        [Fact]
        public void Out_parameter_assigned_twice_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void Make(out ExVector<byte> v)
            {
                v = ExchangeHeap.NewVector<byte>(8);
                /*SING0203*/v = ExchangeHeap.NewVector<byte>(16);
            }
            """));

        [Fact]
        public void Ref_parameter_handed_back_freed() => Verify.Diagnostics(Prelude.InClass("""
            static void Drop(ref ExVector<byte> /*SING0210*/v)
            {
                v.Free();
            }
            """));

        [Fact]
        public void Out_parameter_handed_back_sent() => Verify.Diagnostics(Prelude.InClass("""
            static void Make([InState("IoRunning")] NicDevice.Imp nic, out ExVector<byte> /*SING0210*/v)
            {
                v = ExchangeHeap.NewVector<byte>(8);
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
        public void Ref_parameter_overwritten_on_one_branch() => Verify.Diagnostics(Prelude.InClass("""
            static void Maybe(bool c, ref ExVector<byte>? v)
            {
                if (c)
                {
                    /*SING0203*/v = ExchangeHeap.NewVector<byte>(1);
                }
            }
            """));

        [Fact]
        public void Caller_ignores_the_false_branch_of_a_plain_nullable_out() => Verify.Diagnostics(Prelude.InClass("""
            static bool TryTake(out ExVector<byte>? v)
            {
                v = ExchangeHeap.NewVector<byte>(8);
                return true;
            }

            static void Caller()
            {
                if (TryTake(out ExVector<byte>? /*SING0203*/v) && v is not null)
                {
                    Console.WriteLine(v.Length);
                }
            }
            """));

        [Fact]
        public void Caller_leaks_on_the_true_branch_of_NotNullWhen() => Verify.Diagnostics(Prelude.InClass("""
            static bool TryTake([System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out ExVector<byte>? v)
            {
                v = ExchangeHeap.NewVector<byte>(8);
                return true;
            }

            static void Caller()
            {
                if (TryTake(out ExVector<byte>? /*SING0203*/v))
                {
                    Console.WriteLine(v.Length);
                }
            }
            """));

        [Fact]
        public void Caller_frees_a_replaced_ref_value_it_kept_a_view_of() => Verify.Diagnostics(Prelude.InClass("""
            static void Grow(ref ExVector<byte> v)
            {
                ExVector<byte> bigger = ExchangeHeap.NewVector<byte>(v.Length * 2);
                v.Free();
                v = bigger;
            }

            static void Caller()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(4);
                Span<byte> s = v.AsSpan();
                Grow(ref v);
                /*SING0209*/s[0] = 1;
                v.Free();
            }
            """));
    }
}

using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>Ownership of exchange-heap blocks and endpoints: use after send/free, double release, leaks.</summary>
    public sealed class LinearityTests
    {
        [Fact]
        public void Allocate_and_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                v[0] = 1;
                v.Free();
            }
            """));

        [Fact]
        public void Use_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                v.Free();
                return /*SING0201*/v.Length;
            }
            """));

        [Fact]
        public void Double_free() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                v.Free();
                /*SING0202*/v.Free();
            }
            """));

        [Fact]
        public void Leak_when_never_freed() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                v[0] = 1;
            }
            """));

        [Fact]
        public void Leak_on_one_branch() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool c)
            {
                ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                if (c)
                {
                    v.Free();
                }
            }
            """));

        [Fact]
        public void Freed_on_both_branches_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool c)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                if (c)
                {
                    v[0] = 2;
                    v.Free();
                }
                else
                {
                    v.Free();
                }
            }
            """));

        [Fact]
        public void Use_after_send() => Verify.Diagnostics(Prelude.InClass("""
            static void M(NicDevice.Imp nic)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(64);
                nic.SendPacketForReceive(v);
                /*SING0201*/v[0] = 1;
            }
            """));

        [Fact]
        public void Leak_in_loop_body() => Verify.Diagnostics(Prelude.InClass("""
            static void M(int n)
            {
                for (int i = 0; i < n; i++)
                {
                    ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                    v[0] = (byte)i;
                }
            }
            """));

        [Fact]
        public void Free_every_iteration_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M(int n)
            {
                int i = 0;
                while (i < n)
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    v[0] = (byte)i;
                    v.Free();
                    i++;
                }
            }
            """));

        [Fact]
        public void Reassigning_an_owning_variable_in_a_loop_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void M(int n)
            {
                ExVector<byte>? v = null;
                for (int i = 0; i < n; i++)
                {
                    /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                }

                v?.Free();
            }
            """));

        [Fact]
        public void Free_in_finally_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    v[0] = 3;
                    return v[0];
                }
                finally
                {
                    v.Free();
                }
            }
            """));

        [Fact]
        public void Nested_try_finally_frees_both() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool early)
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    ExVector<int> b = ExchangeHeap.NewVector<int>(2);
                    try
                    {
                        if (early)
                        {
                            return;
                        }

                        b[0] = a[0];
                    }
                    finally
                    {
                        b.Free();
                    }
                }
                finally
                {
                    a.Free();
                }
            }
            """));

        [Fact]
        public void Leak_of_a_local_declared_in_finally() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                try
                {
                    M2();
                }
                finally
                {
                    ExVector<byte> /*SING0203*/scratch = ExchangeHeap.NewVector<byte>(8);
                    scratch[0] = 1;
                }
            }

            static void M2()
            {
            }
            """));

        [Fact]
        public void Free_in_try_and_finally_is_double() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    v.Free();
                }
                finally
                {
                    /*SING0202*/v.Free();
                }
            }
            """));

        [Fact]
        public void Early_return_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool stop)
            {
                ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                if (stop)
                {
                    return;
                }

                v.Free();
            }
            """));

        [Fact]
        public void Early_return_after_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int M(bool stop)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                if (stop)
                {
                    v.Free();
                    return 0;
                }

                int n = v.Length;
                v.Free();
                return n;
            }
            """));

        [Fact]
        public void Null_check_before_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool make)
            {
                ExVector<byte>? v = make ? ExchangeHeap.NewVector<byte>(8) : null;
                if (v != null)
                {
                    v.Free();
                }
            }
            """));

        [Fact]
        public void Is_not_null_pattern_before_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool make)
            {
                ExVector<byte>? v = null;
                if (make)
                {
                    v = ExchangeHeap.NewVector<byte>(8);
                }

                if (v is not null)
                {
                    v.Free();
                }
            }
            """));

        [Fact]
        public void Null_conditional_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool make)
            {
                ExVector<byte>? v = make ? ExchangeHeap.NewVector<byte>(8) : null;
                v?.Free();
            }
            """));

        [Fact]
        public void Missing_free_on_non_null_branch_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void M(bool make)
            {
                ExVector<byte>? /*SING0203*/v = make ? ExchangeHeap.NewVector<byte>(8) : null;
                if (v == null)
                {
                    return;
                }

                v[0] = 1;
            }
            """));

        [Fact]
        public void Move_to_another_local_then_use_original() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> b = a;
                /*SING0201*/a[0] = 1;
                b.Free();
            }
            """));

        [Fact]
        public void Move_to_another_local_and_free_it_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> b = a;
                b.Free();
            }
            """));

        [Fact]
        public void Discarded_allocation_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                /*SING0203*/ExchangeHeap.NewVector<byte>(8);
            }
            """));

        [Fact]
        public void Returning_the_value_transfers_it() => Verify.Diagnostics(Prelude.InClass("""
            static ExVector<byte> Make(byte fill)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                v[0] = fill;
                return v;
            }

            static void Use()
            {
                ExVector<byte> w = Make(1);
                w.Free();
            }
            """));

        [Fact]
        public void Result_of_a_factory_must_be_released() => Verify.Diagnostics(Prelude.InClass("""
            static ExVector<byte> Make() => ExchangeHeap.NewVector<byte>(8);

            static void Use()
            {
                ExVector<byte> /*SING0203*/w = Make();
                w[1] = 2;
            }
            """));

        [Fact]
        public void Borrowed_parameter_cannot_be_freed() => Verify.Diagnostics(Prelude.InClass("""
            static void M(ExVector<byte> v)
            {
                v[0] = 1;
                /*SING0208*/v.Free();
            }
            """));

        [Fact]
        public void Claimed_parameter_must_be_released() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims] ExVector<byte> /*SING0203*/v)
            {
                v[0] = 1;
            }
            """));

        [Fact]
        public void Claimed_parameter_freed_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Consume([Claims] ExVector<byte> v)
            {
                v.Free();
            }

            static void Caller()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Consume(v);
            }
            """));

        [Fact]
        public void Use_after_passing_to_claims_parameter() => Verify.Diagnostics(Prelude.InClass("""
            static void Consume([Claims] ExVector<byte> v)
            {
                v.Free();
            }

            static void Caller()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Consume(v);
                /*SING0201*/v[0] = 1;
            }
            """));

        [Fact]
        public void Borrowing_call_keeps_ownership() => Verify.Diagnostics(Prelude.InClass("""
            static int Sum(ExVector<byte> v)
            {
                int s = 0;
                for (int i = 0; i < v.Length; i++)
                {
                    s += v[i];
                }

                return s;
            }

            static int Caller()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                int s = Sum(v);
                v.Free();
                return s;
            }
            """));

        [Fact]
        public void TRef_holds_value_in_object() => Verify.Diagnostics(Prelude.InClass("""
            private readonly TRef<ExVector<byte>> _buffer = new TRef<ExVector<byte>>(ExchangeHeap.NewVector<byte>(8));

            public void Touch()
            {
                ExVector<byte> v = _buffer.Acquire();
                v[0]++;
                _buffer.Release(v);
            }
            """));

        [Fact]
        public void Acquired_value_not_released_leaks() => Verify.Diagnostics(Prelude.InClass("""
            private readonly TRef<ExVector<byte>> _buffer = new TRef<ExVector<byte>>(ExchangeHeap.NewVector<byte>(8));

            public void Touch()
            {
                ExVector<byte> /*SING0203*/v = _buffer.Acquire();
                v[0]++;
            }
            """));

        [Fact]
        public void Use_after_release_into_TRef() => Verify.Diagnostics(Prelude.InClass("""
            public static TRef<ExVector<byte>> Wrap()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                var holder = new TRef<ExVector<byte>>(v);
                /*SING0201*/v[0] = 1;
                return holder;
            }
            """));

        [Fact]
        public void Switch_expression_and_patterns_with_ownership() => Verify.Diagnostics(Prelude.InClass("""
            static int M(int kind)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(kind switch { 0 => 4, 1 => 8, _ => 16 });
                int length = v.Length;
                string size = length switch { < 8 => "small", _ => "large" };
                v.Free();
                return size.Length;
            }
            """));

        [Fact]
        public void Local_function_body_is_checked() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                Fill();

                static void Fill()
                {
                    ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                    v[0] = 1;
                }
            }
            """));

        [Fact]
        public void Lambda_body_is_checked() => Verify.Diagnostics(Prelude.InClass("""
            static Action Make()
            {
                return () =>
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    v.Free();
                    /*SING0202*/v.Free();
                };
            }
            """));

        [Fact]
        public void Out_parameter_hands_value_to_caller() => Verify.Diagnostics(Prelude.InClass("""
            static void Make(out ExVector<byte> v)
            {
                v = ExchangeHeap.NewVector<byte>(8);
            }

            static void Caller()
            {
                Make(out ExVector<byte> v);
                v.Free();
            }
            """));

        [Fact]
        public void Out_discard_of_tracked_value_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void Make(out ExVector<byte> v)
            {
                v = ExchangeHeap.NewVector<byte>(8);
            }

            static void Caller()
            {
                Make(/*SING0203*/out _);
            }
            """));

        [Fact]
        public void Goto_and_break_paths_are_followed() => Verify.Diagnostics(Prelude.InClass("""
            static void M(int[] items)
            {
                ExVector<int> v = ExchangeHeap.NewVector<int>(items.Length);
                foreach (int item in items)
                {
                    if (item < 0)
                    {
                        break;
                    }

                    v[0] += item;
                }

                v.Free();
            }
            """));
    }
}

using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule L on exceptional constructs: a finally is analysed per path that enters it (return inside
    /// foreach, lock, using, try/finally after a free on that path is clean), and catch blocks are analysed
    /// (from the states the try may be in when it throws).
    /// </summary>
    public sealed class FinallyAndCatchTests
    {
        // ---- legal ----

        [Fact]
        public void Return_inside_foreach_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static int M(System.Collections.Generic.List<int> items)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                foreach (int item in items)
                {
                    if (item == 0)
                    {
                        v.Free();
                        return item;
                    }
                }

                v.Free();
                return -1;
            }
            """));

        [Fact]
        public void Return_inside_lock_after_send() => Verify.Diagnostics(Prelude.InClass("""
            private static readonly object Gate = new object();

            static bool M([Claims] NicDevice.Imp nic, bool now)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                lock (Gate)
                {
                    if (now)
                    {
                        nic.SendPacketForReceive(v);
                        nic.Free();
                        return true;
                    }
                }

                v.Free();
                nic.Free();
                return false;
            }
            """));

        [Fact]
        public void Return_inside_using_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static int M(System.IO.Stream stream)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                using (stream)
                {
                    if (stream.CanRead)
                    {
                        v.Free();
                        return 1;
                    }
                }

                v.Free();
                return 0;
            }
            """));

        [Fact]
        public void Return_inside_try_finally_after_free() => Verify.Diagnostics(Prelude.InClass("""
            static int Count;

            static int M(bool early)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    if (early)
                    {
                        v.Free();
                        return 1;
                    }
                }
                finally
                {
                    Count++;
                }

                v.Free();
                return 0;
            }
            """));

        [Fact]
        public void Nested_finally_with_break_and_return() => Verify.Diagnostics(Prelude.InClass("""
            static int Count;

            static int M(int n)
            {
                for (int i = 0; i < n; i++)
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    try
                    {
                        try
                        {
                            if (i == 3)
                            {
                                v.Free();
                                return i;
                            }

                            if (i == 5)
                            {
                                v.Free();
                                break;
                            }
                        }
                        finally
                        {
                            Count++;
                        }
                    }
                    finally
                    {
                        Count--;
                    }

                    v.Free();
                }

                return -1;
            }
            """));

        [Fact]
        public void Catch_that_frees_a_value_untouched_by_the_try() => Verify.Diagnostics(Prelude.InClass("""
            static void M(Action work)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    work();
                }
                catch (InvalidOperationException)
                {
                    v.Free();
                    return;
                }

                v.Free();
            }
            """));

        [Fact]
        public void Catch_decides_with_IsOwned_after_a_failed_send() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims][InState("IoRunning")] NicDevice.Imp nic)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    nic.SendPacketForReceive(v);
                }
                catch (ChannelClosedException)
                {
                    if (v.IsOwned)
                    {
                        v.Free();
                    }
                }

                nic.Free();
            }
            """));

        // ---- illegal ----

        [Fact]
        public void Leak_on_the_return_path_through_finally() => Verify.Diagnostics(Prelude.InClass("""
            static int Count;

            static int M(bool early)
            {
                ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    if (early)
                    {
                        return 1;
                    }
                }
                finally
                {
                    Count++;
                }

                v.Free();
                return 0;
            }
            """));

        [Fact]
        public void Double_free_in_finally_on_the_return_path() => Verify.Diagnostics(Prelude.InClass("""
            static int M(bool early)
            {
                ExVector<byte>? v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    if (early)
                    {
                        v.Free();
                        return 1;
                    }
                }
                finally
                {
                    /*SING0202*/v.Free();
                }

                return 0;
            }
            """));

        [Fact]
        public void Use_after_free_inside_a_catch() => Verify.Diagnostics(Prelude.InClass("""
            static void M(Action work)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                v.Free();
                try
                {
                    work();
                }
                catch (InvalidOperationException)
                {
                    /*SING0201*/v[0] = 1;
                }
            }
            """));

        [Fact]
        public void Double_free_inside_a_catch() => Verify.Diagnostics(Prelude.InClass("""
            static void M(Action work)
            {
                try
                {
                    work();
                }
                catch (InvalidOperationException)
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    v.Free();
                    /*SING0202*/v.Free();
                }
            }
            """));

        [Fact]
        public void Leak_inside_a_catch() => Verify.Diagnostics(Prelude.InClass("""
            static void M(Action work)
            {
                try
                {
                    work();
                }
                catch (InvalidOperationException e) when (e.Message.Length > 0)
                {
                    ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                    v[0] = 1;
                }
            }
            """));

        [Fact]
        public void Catch_forgets_a_value_the_try_never_touched() => Verify.Diagnostics(Prelude.InClass("""
            static void M(Action work)
            {
                ExVector<byte> /*SING0203*/v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    work();
                }
                catch (InvalidOperationException)
                {
                    return;
                }

                v.Free();
            }
            """));

        [Fact]
        public void Catch_releases_a_value_that_may_already_be_sent() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims][InState("IoRunning")] NicDevice.Imp nic)
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                try
                {
                    nic.SendPacketForReceive(v);
                }
                catch (ChannelClosedException)
                {
                    /*SING0211*/v.Free();
                }

                nic.Free();
            }
            """));
    }
}

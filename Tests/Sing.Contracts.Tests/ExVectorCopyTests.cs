using Xunit;

#pragma warning disable SING0201, SING0202, SING0203, SING0205

namespace Sing.Contracts.Tests
{
    /// <summary>ExVector's bulk copies (one block move, not an element loop): exact contents, bounds refused, the
    /// rest of the vector untouched by a shorter source, and no copy once the vector is gone.</summary>
    public sealed class ExVectorCopyTests
    {
        [Fact]
        public void CopyToAndCopyFromMoveExactlyTheBytes()
        {
            ExVector<byte> v = ExchangeHeap.NewVector<byte>(1000);
            var source = new byte[1000];
            for (int i = 0; i < source.Length; i++) source[i] = (byte)(i * 7 + 3);
            v.CopyFrom(source);
            var back = new byte[1200];
            v.CopyTo(back);
            Assert.Equal(source, back[..1000]);
            Assert.All(back[1000..], b => Assert.Equal(0, b));

            v.CopyFrom(new byte[] { 9, 9, 9 });
            v.CopyTo(back);
            Assert.Equal(new byte[] { 9, 9, 9 }, back[..3]);
            Assert.Equal(source[3..], back[3..1000]);
            v.Free();
        }

        [Fact]
        public void CopiesOutsideTheVectorOrAfterFreeAreRefused()
        {
            ExVector<int> v = ExchangeHeap.NewVector<int>(16);
            Assert.Throws<System.ArgumentException>(() => v.CopyTo(new int[15]));
            Assert.Throws<System.ArgumentException>(() => v.CopyFrom(new int[17]));
            v.CopyFrom(new int[] { 1, 2, 3 });
            var back = new int[16];
            v.CopyTo(back);
            Assert.Equal(new[] { 1, 2, 3 }, back[..3]);
            v.Free();
            Assert.ThrowsAny<System.Exception>(() => v.CopyTo(back));
        }

        /// <summary>A free while another thread copies in and out waits for the copy in progress and succeeds at the
        /// first call (a refusal made a retrying freer starve when the reader was always caught mid-copy); every later
        /// access on the reader's side fails with a linearity violation, never a read of a freed block.</summary>
        [Fact]
        public void FreeWaitsForAnAccessInProgressAndLaterAccessesFail()
        {
            for (int round = 0; round < 20; round++)
            {
                ExVector<long> v = ExchangeHeap.NewVector<long>(4096);
                var started = new System.Threading.ManualResetEventSlim();
                System.Exception? other = null;
                bool refused = false;
                var reader = new System.Threading.Thread(() =>
                {
                    var buffer = new long[4096];
                    started.Set();
                    try
                    {
                        while (true)
                        {
                            v.CopyTo(buffer);
                            v.CopyFrom(buffer);
                        }
                    }
                    catch (LinearityViolationException)
                    {
                        refused = true;
                    }
                    catch (System.Exception e)
                    {
                        other = e;
                    }
                });
                reader.Start();
                started.Wait();
                v.Free();
                Assert.True(reader.Join(10_000), "the reader stops once the vector is freed");
                Assert.Null(other);
                Assert.True(refused);
                Assert.False(v.IsOwned);
            }
        }
    }
}

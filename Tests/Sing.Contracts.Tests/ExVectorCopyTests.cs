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
    }
}

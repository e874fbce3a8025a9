using Sing.Network.Protocol;
using Xunit;

namespace Sing.Network.Tests.Protocol;

public class InternetChecksumTests
{
    [Fact]
    public void Rfc1071ExampleSumsAndVerifies()
    {
        // RFC 1071 §3's example words 0001 f203 f4f5 f6f7 sum to ddf2 (before complement).
        byte[] data = { 0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7 };
        Assert.Equal(0x220d, (int)InternetChecksum.Compute(data));
        byte[] withSum = { 0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7, 0x22, 0x0d };
        Assert.Equal(0, InternetChecksum.Compute(withSum));
    }

    [Fact]
    public void OddLengthPadsTheLastByte()
    {
        Assert.Equal(InternetChecksum.Compute(new byte[] { 1, 2, 3, 0 }), InternetChecksum.Compute(new byte[] { 1, 2, 3 }));
    }
}

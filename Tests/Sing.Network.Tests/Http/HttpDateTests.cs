using System.Globalization;
using Sing.Web.Http;
using Xunit;

namespace Sing.Network.Tests.Http;

public class HttpDateTests
{
    private static readonly DateTime Example = new DateTime(1994, 11, 6, 8, 49, 37, DateTimeKind.Utc);

    [Fact]
    public void FormatsImfFixdate()
    {
        Assert.Equal("Sun, 06 Nov 1994 08:49:37 GMT", HttpDate.Format(Example));
        Assert.Equal("Sun, 06 Nov 1994 08:49:37 GMT", HttpDate.Format(Example.AddMilliseconds(999)));   // whole seconds
        Assert.Equal("Thu, 01 Jan 1970 00:00:00 GMT", HttpDate.Format(DateTime.UnixEpoch));
    }

    [Theory]
    [InlineData("Sun, 06 Nov 1994 08:49:37 GMT")]
    [InlineData("Sunday, 06-Nov-94 08:49:37 GMT")]
    [InlineData("Sun Nov  6 08:49:37 1994")]
    [InlineData("  Sun, 06 Nov 1994 08:49:37 GMT ")]
    public void ParsesTheThreeForms(string text)
    {
        Assert.True(HttpDate.TryParse(text, out DateTime parsed));
        Assert.Equal(Example, parsed);
        Assert.Equal(DateTimeKind.Utc, parsed.Kind);
    }

    [Theory]
    [InlineData("")]
    [InlineData("yesterday")]
    [InlineData("Sun, 06 Nov 1994 08:49:37 UTC")]
    [InlineData("Sun, 31 Feb 1994 08:49:37 GMT")]
    [InlineData("Sun, 06 Foo 1994 08:49:37 GMT")]
    [InlineData("Sun, 06 Nov 1994 24:00:00 GMT")]
    [InlineData("Sun, 06 Nov 1994 08:60:00 GMT")]
    [InlineData("Xyz, 06 Nov 1994 08:49:37 GMT")]
    [InlineData("Sun, 6 Nov 1994 08:49:37 GMT")]
    [InlineData("Sun, 06 Nov 94 08:49:37 GMT")]
    [InlineData("Funday, 06-Nov-94 08:49:37 GMT")]
    [InlineData("Sun Nov 6 08:49:37 1994")]
    [InlineData("Sun, 06 Nov 1994 08:49:3x GMT")]
    [InlineData("Sun, 06 Nov 0000 08:49:37 GMT")]
    public void RefusesAnythingElse(string text) => Assert.False(HttpDate.TryParse(text, out _));

    [Fact]
    public void RoundTripsAcrossCenturiesAndAgreesWithDotNet()
    {
        var random = new Random(31);
        for (int i = 0; i < 5000; i++)
        {
            var t = new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(random.NextInt64(0, 200L * 365 * 86400));
            string text = HttpDate.Format(t);
            Assert.Equal(t.ToString("r", CultureInfo.InvariantCulture), text);
            Assert.True(HttpDate.TryParse(text, out DateTime back));
            Assert.Equal(t, back);
            string asctime = t.ToString("ddd MMM ", CultureInfo.InvariantCulture) + t.Day.ToString().PadLeft(2) + t.ToString(" HH:mm:ss yyyy", CultureInfo.InvariantCulture);
            Assert.True(HttpDate.TryParse(asctime, out back), asctime);
            Assert.Equal(t, back);
        }
    }

    [Fact]
    public void TwoDigitYearsPivotAt70()
    {
        Assert.True(HttpDate.TryParse("Thursday, 01-Jan-70 00:00:00 GMT", out DateTime a));
        Assert.Equal(1970, a.Year);
        Assert.True(HttpDate.TryParse("Friday, 31-Dec-69 00:00:00 GMT", out DateTime b));
        Assert.Equal(2069, b.Year);
    }
}

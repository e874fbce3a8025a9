using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>Select timeouts read a monotonic millisecond clock derived from the timestamp counter.</summary>
    public sealed class TimestampTests
    {
        [Fact]
        public void Milliseconds_stay_right_where_ticks_times_a_thousand_would_overflow()
        {
            const long frequency = 2_500_000_000;             // a 2.5 GHz counter
            long ticks = 50L * 24 * 3600 * frequency + 1_250_000_000;   // 50 days and half a second: ticks * 1000 overflows
            Assert.Equal(50L * 24 * 3600 * 1000 + 500, Timestamps.ToMilliseconds(ticks, frequency));
            Assert.Equal(3_689_348_814_741, Timestamps.ToMilliseconds(long.MaxValue, frequency));   // 9223372036854775807 / 2.5e6, rounded down
            Assert.Equal(1, Timestamps.ToMilliseconds(2_500_000, frequency));
            Assert.Equal(0, Timestamps.ToMilliseconds(12345, 0));
        }
    }
}

namespace Sing.Contracts
{
    /// <summary>Timestamp arithmetic for the channel runtimes.</summary>
    public static class Timestamps
    {
        /// <summary>Milliseconds in <paramref name="ticks"/> at <paramref name="frequency"/> ticks per second, without
        /// the overflow of <c>ticks * 1000</c> (which a 2.5 GHz counter reaches after about 43 days).</summary>
        public static long ToMilliseconds(long ticks, long frequency) =>
            frequency <= 0 ? 0 : ticks / frequency * 1000 + ticks % frequency * 1000 / frequency;
    }
}

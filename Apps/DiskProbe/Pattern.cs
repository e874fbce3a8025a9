namespace Sing.Apps.DiskProbe
{
    /// <summary>The bytes a round trip writes: a function of the absolute sector and the offset, different for every
    /// sector and every run seed, so a read from the wrong place or a stale buffer cannot match by accident.</summary>
    internal static class Pattern
    {
        public static byte At(long sector, int offset, int seed) => (byte)((sector * 131) ^ (offset * 7) ^ (offset >> 8) ^ seed);
    }
}

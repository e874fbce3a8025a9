namespace Sing.Drivers.Ahci
{
    /// <summary>What one name serves: a whole disk (/dev/diskN) or one partition (/dev/diskNpM), as a window of
    /// <see cref="Count"/> sectors from <see cref="First"/> on a port. Requests are checked against the window, so a
    /// partition's client can never reach sectors outside its partition.</summary>
    internal sealed class Volume
    {
        public readonly string Path;
        public readonly AhciPort Port;
        public readonly long First, Count;

        public Volume(string path, AhciPort port, long first, long count)
        {
            Path = path;
            Port = port;
            First = first;
            Count = count;
        }

        /// <summary>Whether [lba, lba+sectors) lies inside the window (sectors already known to be positive).</summary>
        public bool Contains(long lba, int sectors) => lba >= 0 && lba < Count && sectors <= Count - lba;
    }
}

using Sing.Contracts.Sip;
using Sing.Storage.Fat;
using Singularity.Configuration;
using System.Diagnostics;
using Singularity.V1;

namespace Sing.Apps.FileSystem
{
    /// <summary>filesystem's parameters (Manifests/Programs/filesystem.xml).</summary>
    [ProgramStartup]
    internal sealed partial class FileSystemStartup
    {
        [Parameter("device")] public string DevicePath;
        [Parameter("readonly")] public string ReadOnlyDirectory;
        [Parameter("wait")] public int WaitMilliseconds;
        [Parameter("format")] public bool Format;
    }

    internal static class Program
    {
        private const string DefaultDevice = "/dev/disk0p1";
        private const string WholeDisk = "/dev/disk0";

        /// <summary>Exit codes: 0 when the kernel withdrew /fs; 2 when no usable volume appeared within "wait"; 3 when
        /// /fs is taken. /fs is registered only once the volume is mounted, so "names" and the shell's "wait /fs" show
        /// when files can be used, and a client never waits on a file system that has nothing to serve.</summary>
        internal static int Main(FileSystemStartup startup)
        {
            var clock = new RtcClock();
            FatVolume volume = MountFirstUsable(startup, clock, out string error);
            if (volume == null)
            {
                Debug.WriteLine("fs: " + error + "; /fs is not served");
                return 2;
            }
            AbiStatus registered = Names.Register("/fs", out ChannelEndpoint requests);
            if (registered != AbiStatus.Ok)
            {
                Debug.WriteLine("fs: cannot register /fs: " + registered.ToString());
                return 3;
            }
            // Every client's channel follows the contract from its first message: one that breaks it is ended by the
            // kernel, not left to this server's own checks.
            AbiStatus checking = KernelEndpoints.CheckBinds(requests, Sing.Storage.FileSystemContract.Protocol);
            if (checking != AbiStatus.Ok)
            {
                Debug.WriteLine("fs: cannot have /fs's channels checked: " + checking.ToString());
                return 3;
            }
            var rule = new AccessRule(startup.ReadOnlyDirectory);
            if (startup.Format) Prepare(volume, rule);
            Debug.WriteLine($"fs: mounted {startup.DevicePath} at /fs: FAT32, {volume.TotalBytes / 1024} KiB, {volume.FreeBytes / 1024} KiB free, clusters of {volume.ClusterBytes} bytes; {rule.Directory} is read-only to applications");
            new FileSystemServer(volume, clock, rule).Run(requests);
            return 0;
        }

        /// <summary>Mounts the device, waiting for it to appear: the disk driver may start later than this service. With
        /// the default device (the first partition) the whole disk is tried too, for a disk without a partition table;
        /// a whole disk that does not mount is not final, since its partitions may still be appearing. Waiting is on a
        /// name-service watch of /dev/ (no polling); "wait" 0 waits for ever, after one line saying so.</summary>
        private static FatVolume MountFirstUsable(FileSystemStartup startup, RtcClock clock, out string error)
        {
            string path = startup.DevicePath;
            bool fallback = path == DefaultDevice;
            string candidates = path + (fallback ? ", another partition of " + WholeDisk + " or the whole disk" : "");
            error = "no block device at " + candidates;
            AbiStatus watching = Names.Watch("/dev/", out ChannelEndpoint added);
            ulong deadline = startup.WaitMilliseconds <= 0 ? ulong.MaxValue : (ulong)startup.WaitMilliseconds;
            ulong waited = 0;
            bool told = false;
            while (true)
            {
                FatVolume volume = TryMount(path, startup.Format, clock, ref error);
                if (volume == null && fallback) volume = MountOtherPartitionOrDisk(startup, clock, ref error);
                if (volume != null || waited >= deadline)
                {
                    if (watching == AbiStatus.Ok) Channels.Close(added);
                    return volume;
                }
                if (!told && startup.WaitMilliseconds <= 0)
                {
                    Debug.WriteLine("fs: waiting for a block device at " + candidates + " (the disk driver registers it)");
                    told = true;
                }
                // A new name under /dev/ (or, without a watch, a quarter second) is the cue to try again.
                ulong slice = deadline == ulong.MaxValue ? Channels.Forever : deadline - waited < 250 ? deadline - waited : 250;
                long before = Stopwatch.GetTimestamp();
                if (watching == AbiStatus.Ok)
                {
                    if (Channels.Receive(added, out ReceivedMessage name, slice) == AbiStatus.Ok && !name.Block.IsNull) Exchange.Free(name.Block);
                }
                else Threads.Sleep(slice == Channels.Forever ? 250 : slice);
                ulong elapsed = (ulong)((Stopwatch.GetTimestamp() - before) * 1000 / Stopwatch.Frequency);
                waited += elapsed == 0 ? 1 : elapsed;
            }
        }

        /// <summary>With the default device: the disk's other partitions in number order (the first FAT partition
        /// wins: partition 1 may be another file system, or an MBR may have its FAT partition in slot 2 or among the
        /// logical ones), then the whole disk, for a disk without a partition table.</summary>
        private static FatVolume MountOtherPartitionOrDisk(FileSystemStartup startup, RtcClock clock, ref string error)
        {
            string prefix = WholeDisk + "p";
            string[] names = Names.Enumerate(prefix);
            for (int number = 2; number <= 128; number++)
            {
                string candidate = prefix + number.ToString();
                if (System.Array.IndexOf(names, candidate) < 0) continue;
                FatVolume volume = TryMount(candidate, false, clock, ref error);
                if (volume == null) continue;
                startup.DevicePath = candidate;
                return volume;
            }
            FatVolume whole = TryMount(WholeDisk, false, clock, ref error);
            if (whole != null) startup.DevicePath = WholeDisk;
            return whole;
        }

        /// <summary>A freshly formatted volume gets the protected directory with a note in it, so the rule has something
        /// to protect (applications cannot create it themselves).</summary>
        private static void Prepare(FatVolume volume, AccessRule rule)
        {
            if (rule.Directory == "/") return;
            try
            {
                volume.CreateDirectory(rule.Directory);
                FatFile note = volume.Open(rule.Directory + "/readme.txt", true, true, true);
                string text = "Applications may read this directory but not change it.\n";
                var bytes = new byte[text.Length];
                for (int i = 0; i < text.Length; i++) bytes[i] = (byte)text[i];
                note.Write(0, bytes, 0, bytes.Length);
                note.Close();
                volume.Sync();
            }
            catch (FatException e)
            {
                Debug.WriteLine("fs: could not prepare " + rule.Directory + ": " + e.Message);
            }
        }

        private static FatVolume TryMount(string path, bool format, RtcClock clock, ref string error)
        {
            BlockSectorDevice device = BlockSectorDevice.Connect(path, out string connectError);
            if (device == null) return null;
            try
            {
                if (format)
                {
                    FatFormatter.Format(device, "SINGULARITY", 0x53494E47);
                    Debug.WriteLine("fs: formatted " + path + " as FAT32");
                }
                return FatVolume.Mount(device, clock);
            }
            catch (FatException e)
            {
                error = path + ": " + e.Message;
                return null;
            }
        }
    }
}

using Sing.Contracts;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.DiskProbe
{
    [Singularity.Configuration.ProgramStartup]
    internal sealed partial class DiskProbeStartup
    {
        [Singularity.Configuration.Parameter("args")] public string Args = "";
    }

    /// <summary>Verbs: "info [PATH]" | "roundtrip LBA SECTORS" | "range PARTITION-START" | "parallel N" | "violate" |
    /// "vanish" | "hold" | "phys" | "seqread KIB [MIB]" (a measurement; without MIB the whole disk). Each prints one result line and exits 0 when the driver behaved as it must, else a code naming
    /// the first check that failed.</summary>
    internal static class Program
    {
        private const string Disk = "/dev/disk0";

        internal static int Main(DiskProbeStartup startup)
        {
            string[] args = startup.Args.Split(' ');
            switch (args[0])
            {
                case "info": return Info(args.Length > 1 ? args[1] : Disk);
                case "roundtrip": return RoundTrip(long.Parse(args[1]), int.Parse(args[2]));
                case "range": return Range.Check(long.Parse(args[1]));
                case "parallel": return Parallel(int.Parse(args[1]));
                case "violate": return Violate();
                case "hold": return Hold();
                case "vanish": return Vanish();
                case "phys": return DmaEntryAttacks.Run();
                case "seqread": return SequentialRead.Run(int.Parse(args[1]), args.Length > 2 ? int.Parse(args[2]) : 0);
                default:
                    Debug.WriteLine($"unknown verb '{args[0]}'");
                    return 2;
            }
        }

        internal static BlockDevice.Imp? Connect(string path)
        {
            BlockDevice.Imp? disk = BlockDeviceConnection.Connect(path);
            if (disk == null) Debug.WriteLine($"{path}: no block device to connect to");
            return disk;
        }

        private static int Info(string path)
        {
            BlockDevice.Imp? disk = Connect(path);
            if (disk == null) return 10;
            bool ok = BlockClient.Info(disk, out long sectors, out int size, out int max);
            disk.Free();
            if (!ok) return 11;
            Debug.WriteLine($"{path}: {sectors} sectors of {size} bytes ({sectors * size / 1024} KiB), at most {max} sectors per request");
            return 0;
        }

        /// <summary>Writes a pattern to SECTORS sectors at LBA, flushes, reads them back into another buffer and
        /// compares; both buffers must come back as the very blocks sent (zero copy: the device read and wrote them).</summary>
        private static int RoundTrip(long lba, int sectors)
        {
            BlockDevice.Imp? disk = Connect(Disk);
            if (disk == null) return 20;
            int bytes = sectors * 512;
            int seed = (int)(System.Diagnostics.Stopwatch.GetTimestamp() & 0xFF);
            ExVector<byte> data = ExchangeHeap.NewVector<byte>(bytes);
            for (int i = 0; i < bytes; i++) data[i] = Pattern.At(lba + i / 512, i % 512, seed);
            ulong sent = AddressOf(data);
            int code = BlockClient.Write(disk, lba, sectors, data, out ExVector<byte>? written);
            if (written == null || code != 0)
            {
                written?.Free();
                disk.Free();
                Debug.WriteLine($"roundtrip: write failed with {code}");
                return 21;
            }
            bool sameWritten = AddressOf(written) == sent;
            written.Free();
            if (BlockClient.Flush(disk) != 0)
            {
                disk.Free();
                return 22;
            }
            ExVector<byte> empty = ExchangeHeap.NewVector<byte>(bytes);
            ulong readBuffer = AddressOf(empty);
            code = BlockClient.Read(disk, lba, sectors, empty, out ExVector<byte>? read);
            disk.Free();
            if (read == null || code != 0)
            {
                read?.Free();
                Debug.WriteLine($"roundtrip: read failed with {code}");
                return 23;
            }
            int mismatch = -1;
            for (int i = 0; i < bytes && mismatch < 0; i++) if (read[i] != Pattern.At(lba + i / 512, i % 512, seed)) mismatch = i;
            bool sameRead = AddressOf(read) == readBuffer;
            read.Free();
            if (mismatch >= 0)
            {
                Debug.WriteLine($"roundtrip: byte {mismatch} read back differs from what was written");
                return 24;
            }
            if (!sameWritten || !sameRead) return 25;
            Debug.WriteLine($"roundtrip: wrote, flushed and read back {sectors} sectors at LBA {lba}: identical, in the same exchange blocks (zero copy)");
            return 0;
        }

        /// <summary>N channels each with one read in flight at once (sectors written first through one channel); every
        /// answer must carry its own sectors.</summary>
        private static int Parallel(int n)
        {
            const int Sectors = 8, First = 4096;
            int seed = 0x3C;
            BlockDevice.Imp? writer = Connect(Disk);
            if (writer == null) return 30;
            ExVector<byte> data = ExchangeHeap.NewVector<byte>(n * Sectors * 512);
            for (int i = 0; i < data.Length; i++) data[i] = Pattern.At(First + i / 512, i % 512, seed);
            int written = 0;
            for (int chunk = 0; chunk < n && written == 0; chunk += 16)
            {
                int count = n - chunk < 16 ? n - chunk : 16;
                ExVector<byte> part = ExchangeHeap.NewVector<byte>(count * Sectors * 512);
                for (int i = 0; i < part.Length; i++) part[i] = data[chunk * Sectors * 512 + i];
                written = BlockClient.Write(writer, First + chunk * Sectors, count * Sectors, part, out ExVector<byte>? back);
                back?.Free();
            }
            data.Free();
            writer.Free();
            if (written != 0) return 31;

            // All channels connected first, then one read sent on each, then the answers: the driver finds the
            // requests waiting together and issues them into several command slots.
            var set = new EndpointSet<BlockDevice.Imp>();
            var connected = new EndpointSet<BlockDevice.Imp>();
            for (int i = 0; i < n; i++)
            {
                BlockDevice.Imp? disk = Connect(Disk);
                if (disk == null)
                {
                    set.Free();
                    connected.Free();
                    return 32;
                }
                // A GetInfo answer makes each channel ready, so the set hands them back one by one for their reads.
                disk.SendGetInfo();
                connected.Add(disk, i);
            }
            for (int i = 0; i < n; i++)
            {
                BlockDevice.Imp? disk = connected.Take(Select.Infinite, out object? state);
                if (disk == null) return 35;
                int which = (int)state!;
                disk.RecvInfo(out _, out _, out _, out _);
                disk.SendRead(First + which * Sectors, Sectors, ExchangeHeap.NewVector<byte>(Sectors * 512));
                set.Add(disk, which);
            }
            connected.Free();
            int wrong = 0;
            for (int answered = 0; answered < n; answered++)
            {
                BlockDevice.Imp? disk = set.Take(Select.Infinite, out object? state);
                if (disk == null) return 33;
                int which = (int)state!;
                int code = BlockClient.ReadAnswer(disk, out ExVector<byte>? buffer);
                disk.Free();
                if (buffer == null || code != 0)
                {
                    buffer?.Free();
                    wrong++;
                    continue;
                }
                for (int i = 0; i < buffer.Length; i++)
                    if (buffer[i] != Pattern.At(First + which * Sectors + i / 512, i % 512, seed))
                    {
                        wrong++;
                        break;
                    }
                buffer.Free();
            }
            set.Free();
            if (wrong != 0)
            {
                Debug.WriteLine($"parallel: {wrong} of {n} answers wrong");
                return 34;
            }
            Debug.WriteLine($"parallel: {n} reads in flight on {n} channels, each answered with its own sectors");
            return 0;
        }

        /// <summary>Sends a message the contract does not have on the raw kernel endpoint: the kernel's contract checker
        /// must end this process (the driver sees ChannelClosed and goes on).</summary>
        private static int Violate()
        {
            BlockDevice.Imp? disk = Connect(Disk);
            if (disk == null) return 40;
            ChannelEndpoint raw = Sing.Contracts.Sip.KernelEndpoints.Unwrap(disk);
            Debug.WriteLine("violate: sending tag 0x7777, which BlockDevice does not have");
            Channels.Send(raw, 0x7777, 0);
            Debug.WriteLine("violate: the kernel let the violation through");
            return 41;
        }

        /// <summary>Sends the largest read the driver takes and goes away without its answer: the driver must drop the
        /// reply (and the buffer with it) and serve the next client.</summary>
        private static int Vanish()
        {
            BlockDevice.Imp? disk = Connect(Disk);
            if (disk == null) return 45;
            disk.SendRead(0, 128, ExchangeHeap.NewVector<byte>(128 * 512));
            disk.Free();
            Debug.WriteLine("vanish: sent a 64 KiB read and closed the channel without waiting");
            return 0;
        }

        /// <summary>Reads in a loop until the driver goes away: the answer must then be ChannelClosed.</summary>
        private static int Hold()
        {
            BlockDevice.Imp? disk = Connect(Disk);
            if (disk == null) return 50;
            Debug.WriteLine("hold: reading until the driver is gone");
            ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(64 * 512);
            long requests = 0;
            while (true)
            {
                int code = BlockClient.Read(disk, (requests * 64) % 16384, 64, buffer, out ExVector<byte>? back);
                requests++;
                if (code == -1)
                {
                    back?.Free();
                    disk.Free();
                    Debug.WriteLine($"hold: ChannelClosed after {requests} requests");
                    return 0;
                }
                if (code != 0 || back == null)
                {
                    back?.Free();
                    disk.Free();
                    Debug.WriteLine($"hold: request failed with {code}");
                    return 51;
                }
                buffer = back;
            }
        }

        private static unsafe ulong AddressOf(ExVector<byte> vector)
        {
            fixed (byte* p = &vector[0]) return (ulong)p;
        }
    }
}

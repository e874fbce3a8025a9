using System.Diagnostics;
using Sing.Contracts;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.DiskProbe
{
    /// <summary>Raw sequential read through the block contract: MIB mebibytes of /dev/disk0 from sector 0 (wrapping at
    /// the end of the disk), or with MIB 0 the whole disk once (the storage row Disk.SeqRead-KIBK of
    /// Bench/WebFiles/README.md), in requests of KIB kibibytes, one request outstanding, the same exchange-heap buffer
    /// sent back each time (the disk DMAs into it; nothing is copied). Reports guest time from the TSC: MB/s and cycles
    /// per KiB, after one untimed warm-up request, as a sentence and as a BENCH line (cycles per KiB).</summary>
    internal static class SequentialRead
    {
        public static int Run(int kib, int mib)
        {
            BlockDevice.Imp? disk = Program.Connect("/dev/disk0");
            if (disk == null) return 100;
            if (!BlockClient.Info(disk, out long sectors, out _, out int max) || kib * 2 > max || kib <= 0 || mib < 0)
            {
                disk.Free();
                return 101;
            }
            int perRequest = kib * 2;
            long requests = mib > 0 ? (long)mib * 1024 / kib : sectors / perRequest;
            long kibRead = requests * kib;
            ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(kib * 1024);
            long lba = 0;
            long start = 0;
            for (long i = -1; i < requests; i++)
            {
                if (i == 0) start = Stopwatch.GetTimestamp();
                if (lba + perRequest > sectors) lba = 0;
                int code = BlockClient.Read(disk, lba, perRequest, buffer, out ExVector<byte>? back);
                if (code != 0 || back == null)
                {
                    back?.Free();
                    disk.Free();
                    Debug.WriteLine($"seqread: request failed with {code}");
                    return 102;
                }
                buffer = back;
                lba += perRequest;
            }
            long ticks = Stopwatch.GetTimestamp() - start;
            buffer.Free();
            disk.Free();
            double seconds = (double)ticks / Stopwatch.Frequency;
            long bytes = kibRead * 1024;
            long mbPerSecond = (long)(bytes / seconds / 1_000_000);
            long cyclesPerKib = ticks / kibRead;
            Debug.WriteLine($"seqread: {kib} KiB requests, {kibRead / 1024} MiB in {(long)(seconds * 1000)} ms of guest time: {mbPerSecond} MB/s, {cyclesPerKib} cycles per KiB");
            Debug.WriteLine($"BENCH Disk.SeqRead-{kib}K cycles_per_op={cyclesPerKib} iterations={kibRead} repetitions=1 min={cyclesPerKib} max={cyclesPerKib} requests={requests} mb_per_s={mbPerSecond} suite=singbench-sip");
            return 0;
        }
    }
}

using Sing.Contracts;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.DiskProbe
{
    /// <summary>The partition /dev/disk0p1 is a window on the disk: its sector 0 is the disk's sector START, and
    /// every request that leaves the window or is malformed is refused with the contract's code, the buffer coming
    /// back each time.</summary>
    internal static class Range
    {
        public static int Check(long start)
        {
            BlockDevice.Imp? part = Program.Connect("/dev/disk0p1");
            BlockDevice.Imp? disk = Program.Connect("/dev/disk0");
            if (part == null || disk == null)
            {
                part?.Free();
                disk?.Free();
                return 60;
            }
            int failed = 0;
            if (!BlockClient.Info(part, out long sectors, out _, out int max)) failed = 61;
            // Same bytes through both names.
            if (failed == 0 && !SameSector(part, disk, 0, start)) failed = 62;
            if (failed == 0 && !SameSector(part, disk, sectors - 1, start + sectors - 1)) failed = 63;
            // (lba, sectors, buffer sectors, write, expected code)
            long[,] bad =
            {
                { sectors, 1, 1, 0, 1 },          // first sector past the end
                { sectors - 1, 2, 2, 1, 1 },      // straddles the end (a write: must not touch the next partition)
                { -1, 1, 1, 0, 1 },               // negative
                { long.MaxValue - 1, 4, 4, 0, 1 }, // overflowing lba + sectors
                { 0, 0, 1, 0, 3 },                // no sectors
                { 0, 2, 1, 0, 3 },                // buffer shorter than the request
                { 0, max + 1, max + 1, 0, 3 },    // more than the driver moves at once
            };
            for (int i = 0; i < bad.GetLength(0) && failed == 0; i++)
            {
                ExVector<byte> buffer = ExchangeHeap.NewVector<byte>((int)bad[i, 2] * 512);
                ExVector<byte>? back;
                int code = bad[i, 3] == 1
                    ? BlockClient.Write(part, bad[i, 0], (int)bad[i, 1], buffer, out back)
                    : BlockClient.Read(part, bad[i, 0], (int)bad[i, 1], buffer, out back);
                if (back == null) failed = 70 + i;
                else back.Free();
                if (failed == 0 && code != bad[i, 4])
                {
                    Debug.WriteLine($"range: request {i} (lba {bad[i, 0]}, {bad[i, 1]} sectors) answered {code}, expected {bad[i, 4]}");
                    failed = 80 + i;
                }
            }
            part.Free();
            disk.Free();
            if (failed == 0) Debug.WriteLine($"range: /dev/disk0p1 is sectors {start}-{start + sectors - 1} of /dev/disk0; 7 bad requests refused with the contract's codes");
            return failed;
        }

        private static bool SameSector(BlockDevice.Imp part, BlockDevice.Imp disk, long partLba, long diskLba)
        {
            if (BlockClient.Read(part, partLba, 1, ExchangeHeap.NewVector<byte>(512), out ExVector<byte>? a) != 0 || a == null)
            {
                a?.Free();
                return false;
            }
            if (BlockClient.Read(disk, diskLba, 1, ExchangeHeap.NewVector<byte>(512), out ExVector<byte>? b) != 0 || b == null)
            {
                a.Free();
                b?.Free();
                return false;
            }
            bool same = true;
            for (int i = 0; i < 512 && same; i++) same = a[i] == b[i];
            a.Free();
            b.Free();
            return same;
        }
    }
}

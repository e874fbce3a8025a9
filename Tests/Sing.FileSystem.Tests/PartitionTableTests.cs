using System.Buffers.Binary;
using System.Text.Json;
using Sing.Drivers.Ahci;
using Xunit;

namespace Sing.FileSystem.Tests;

/// <summary>The disk driver's partition table reader (Drivers/Ahci/PartitionTable.cs) on images made here: MBR
/// primaries keep their slot numbers, extended partitions are followed (and their loops and escapes stopped), a GPT
/// is used only when its CRCs hold (else its backup), thousands of mutated tables never make it throw or hand out a
/// range outside the disk, and it finds what the host's sfdisk wrote.</summary>
public class PartitionTableTests
{
    private const int Sector = PartitionTable.SectorSize;

    [Fact]
    public void MbrPrimariesKeepTheirSlotNumbers()
    {
        var disk = new ImageSource(4096);
        disk.MbrEntry(0, 0, 0x0C, 2048, 1024);
        disk.MbrEntry(0, 2, 0x83, 3072, 1024);
        var (found, notes) = Read(disk);
        Assert.Equal(new[] { (1, 2048L, 1024L), (3, 3072L, 1024L) }, found);
        Assert.Empty(notes);
    }

    [Fact]
    public void MbrEntriesOutsideTheDiskAreSkippedWithAReason()
    {
        var disk = new ImageSource(4096);
        disk.MbrEntry(0, 0, 0x0C, 2048, 4096);
        disk.MbrEntry(0, 1, 0x0C, 5000, 10);
        var (found, notes) = Read(disk);
        Assert.Empty(found);
        Assert.Contains(notes, n => n.StartsWith("MBR entry 1 (sectors 2048+4096) lies outside the disk's 4096 sectors", StringComparison.Ordinal));
        Assert.Contains(notes, n => n.StartsWith("MBR entry 2 (sectors 5000+10)", StringComparison.Ordinal));
    }

    [Fact]
    public void NoSignatureMeansNoTable()
    {
        var disk = new ImageSource(4096);
        disk.MbrEntry(0, 0, 0x0C, 2048, 1024);
        disk.Bytes[510] = 0;
        Assert.Empty(Read(disk).Found);
    }

    [Fact]
    public void LogicalPartitionsOfAnExtendedOneAreNumberedFromFive()
    {
        var disk = new ImageSource(16384);
        disk.MbrEntry(0, 0, 0x0C, 2048, 2048);
        disk.MbrEntry(0, 1, 0x0F, 4096, 12288);
        // Three EBRs at 4096, 6144, 8192 of the extended partition [4096, 16384), each with a logical partition 63
        // sectors after it, linked relative to the extended partition's start.
        disk.MbrEntry(4096, 0, 0x83, 63, 1000);
        disk.MbrEntry(4096, 1, 0x05, 2048, 2048);
        disk.MbrEntry(6144, 0, 0x0C, 63, 2000);
        disk.MbrEntry(6144, 1, 0x05, 4096, 2048);
        disk.MbrEntry(8192, 0, 0x07, 63, 8000);
        var (found, notes) = Read(disk);
        Assert.Equal(new[] { (1, 2048L, 2048L), (5, 4159L, 1000L), (6, 6207L, 2000L), (7, 8255L, 8000L) }, found);
        Assert.Empty(notes);
    }

    [Fact]
    public void AnEbrChainThatLoopsIsStopped()
    {
        var disk = new ImageSource(16384);
        disk.MbrEntry(0, 1, 0x05, 4096, 12288);
        disk.MbrEntry(4096, 0, 0x83, 63, 100);
        disk.MbrEntry(4096, 1, 0x05, 2048, 2048);
        disk.MbrEntry(6144, 0, 0x83, 63, 100);
        var (found, _) = Read(disk);                       // the second EBR has no link: the chain ends there
        Assert.Equal(2, found.Count);

        disk.MbrEntry(6144, 1, 0x05, 2048, 2048);          // the second EBR links to itself
        var (again, notes) = Read(disk);
        Assert.Equal(new[] { 5, 6 }, again.Select(p => p.Number));
        Assert.Contains("extended partition: the EBR chain loops back to sector 6144: stopped", notes);
    }

    [Fact]
    public void LogicalPartitionsMayNotLeaveTheirExtendedPartition()
    {
        var disk = new ImageSource(16384);
        disk.MbrEntry(0, 1, 0x05, 4096, 4096);
        disk.MbrEntry(4096, 0, 0x83, 63, 6000);              // beyond [4096, 8192)
        disk.MbrEntry(4096, 1, 0x05, 9000, 100);             // a link beyond the partition
        var (found, notes) = Read(disk);
        Assert.Empty(found);
        Assert.Contains(notes, n => n.StartsWith("logical partition 5 (sectors 4159+6000) lies outside its extended partition", StringComparison.Ordinal));
        Assert.Contains("extended partition: the EBR at sector 4096 links outside the partition: chain ends", notes);
    }

    [Fact]
    public void AValidGptGivesItsEntriesByIndex()
    {
        var disk = ImageSource.WithGpt(16384, (2048, 4095), (4096, 16000));
        var (found, notes) = Read(disk);
        Assert.Equal(new[] { (1, 2048L, 2048L), (2, 4096L, 11905L) }, found);
        Assert.Empty(notes);
    }

    [Fact]
    public void ABadPrimaryHeaderFallsBackToTheBackup()
    {
        var disk = ImageSource.WithGpt(16384, (2048, 4095));
        disk.Bytes[Sector + 40] ^= 1;   // first usable LBA changed: the header's CRC no longer holds
        var (found, notes) = Read(disk);
        Assert.Equal(new[] { (1, 2048L, 2048L) }, found);
        Assert.Contains("GPT: primary header at LBA 1 fails its CRC-32; trying the backup at LBA 16383", notes);
    }

    [Fact]
    public void ABadEntryArrayFallsBackToTheBackupAndBothBadMeansNone()
    {
        var disk = ImageSource.WithGpt(16384, (2048, 4095));
        disk.Bytes[2 * Sector + 32] ^= 0x10;   // the primary array's first entry moved: its CRC no longer holds
        var (found, notes) = Read(disk);
        Assert.Equal(new[] { (1, 2048L, 2048L) }, found);
        Assert.Contains("GPT: primary header at LBA 1 has an entry array that fails its CRC-32; trying the backup at LBA 16383", notes);

        disk.Bytes[(16383 - 32) * (long)Sector + 32] ^= 0x10;   // and the backup's
        (found, notes) = Read(disk);
        Assert.Empty(found);
        Assert.Contains("GPT: backup header at LBA 16383 has an entry array that fails its CRC-32; no partitions", notes);
    }

    [Fact]
    public void AGptWithoutCrcsIsRefused()
    {
        var disk = ImageSource.WithGpt(16384, (2048, 4095));
        BinaryPrimitives.WriteUInt32LittleEndian(disk.Bytes.AsSpan(Sector + 16), 0);
        BinaryPrimitives.WriteUInt32LittleEndian(disk.Bytes.AsSpan(16383 * Sector + 16), 0);
        Assert.Empty(Read(disk).Found);
    }

    [Fact]
    public void GptEntriesOutsideTheUsableRangeAreSkipped()
    {
        var disk = ImageSource.WithGpt(16384, (2048, 4095), (10, 20), (16000, 16383));
        var (found, notes) = Read(disk);
        Assert.Equal(new[] { (1, 2048L, 2048L) }, found);
        Assert.Contains("GPT entry 2 (sectors 10-20) lies outside the usable range 34-16350: skipped", notes);
        Assert.Contains("GPT entry 3 (sectors 16000-16383) lies outside the usable range 34-16350: skipped", notes);
    }

    [Fact]
    public void OurCrcIsTheStandardOne()
    {
        var data = new byte[1000];
        new Random(7).NextBytes(data);
        Assert.Equal(System.IO.Hashing.Crc32.HashToUInt32(data), Sing.Drivers.Ahci.Crc32.Of(data, 0, data.Length));
        Assert.Equal(0xCBF43926u, Sing.Drivers.Ahci.Crc32.Of("123456789"u8.ToArray(), 0, 9));
    }

    /// <summary>Mutated tables (random bytes flipped in the MBR, the EBRs, the GPT headers and arrays, with the CRCs
    /// recomputed for half of them so the mutation reaches the checks behind them): the reader never throws, never
    /// loops, and every range it returns lies inside the disk.</summary>
    [Fact]
    public void MutatedTablesNeverEscapeTheDisk()
    {
        var random = new Random(20261123);
        int withPartitions = 0;
        for (int round = 0; round < 3000; round++)
        {
            ImageSource disk = (round % 2) == 0 ? ImageSource.WithGpt(16384, (2048, 4095), (4096, 9000)) : ExtendedDisk();
            int[] hot = (round % 2) == 0 ? new[] { 0, 1, 2, 16383 - 32, 16383 } : new[] { 0, 4096, 6144 };
            int flips = 1 + random.Next(12);
            for (int f = 0; f < flips; f++)
            {
                long at = hot[random.Next(hot.Length)] * (long)Sector + random.Next(Sector);
                disk.Bytes[at] = random.Next(4) == 0 ? (byte)0xFF : (byte)random.Next(256);
            }
            if ((round % 4) == 0) disk.FixGptCrcs();
            var (found, _) = Read(disk);
            if (found.Count > 0) withPartitions++;
            foreach (var (_, first, count) in found)
                Assert.True(first > 0 && count > 0 && first + count <= disk.Sectors, $"round {round}: {first}+{count} outside {disk.Sectors}");
            Assert.True(found.Count <= 128 + 64);
        }
        Assert.True(withPartitions > 300, $"only {withPartitions} mutated tables still gave partitions: the mutations are too coarse to test much");
    }

    /// <summary>sfdisk (util-linux, what Linux installers use) writes a GPT and a DOS table with logical
    /// partitions; the reader finds the same numbers and ranges that sfdisk --json reports.</summary>
    [Theory]
    [InlineData("label: gpt\nstart=2048, size=4096, type=EBD0A0A2-B9E5-4433-87C0-68B6B72699C7\nstart=8192, size=8192\n,4096\n")]
    [InlineData("label: dos\nstart=2048, size=4096, type=c\nstart=8192, size=20000, type=5\nstart=10240, size=2048, type=83\nstart=14336, size=4096, type=c\n")]
    public void AgreesWithSfdisk(string script)
    {
        string image = HostTools.TempImage();
        try
        {
            using (var f = File.Create(image)) f.SetLength(32768L * Sector);
            var (code, output) = HostTools.RunWithInput("sfdisk", script, "--no-reread", "--no-tell-kernel", image);
            Assert.True(code == 0, output);
            var (jsonCode, json) = HostTools.Run("sfdisk", "--json", image);
            Assert.True(jsonCode == 0, json);
            var expected = new List<(int, long, long)>();
            foreach (JsonElement p in JsonDocument.Parse(json).RootElement.GetProperty("partitiontable").GetProperty("partitions").EnumerateArray())
            {
                string type = p.GetProperty("type").GetString()!;
                if (type is "5" or "f" or "85") continue;   // the extended container itself is no volume
                int number = int.Parse(p.GetProperty("node").GetString()![image.Length..]);   // node: the image's path and the number
                expected.Add((number, p.GetProperty("start").GetInt64(), p.GetProperty("size").GetInt64()));
            }
            var disk = new ImageSource(File.ReadAllBytes(image));
            var (found, notes) = Read(disk);
            Assert.Equal(expected, found);
            Assert.Empty(notes);
        }
        finally
        {
            File.Delete(image);
        }
    }

    private static ImageSource ExtendedDisk()
    {
        var disk = new ImageSource(16384);
        disk.MbrEntry(0, 0, 0x0C, 2048, 2048);
        disk.MbrEntry(0, 1, 0x0F, 4096, 12288);
        disk.MbrEntry(4096, 0, 0x83, 63, 1000);
        disk.MbrEntry(4096, 1, 0x05, 2048, 2048);
        disk.MbrEntry(6144, 0, 0x0C, 63, 2000);
        return disk;
    }

    private static (List<(int Number, long First, long Count)> Found, List<string> Notes) Read(ImageSource disk)
    {
        var notes = new List<string>();
        var found = PartitionTable.Read(disk, notes).Select(p => (p.Number, p.First, p.Count)).ToList();
        return (found, notes);
    }

    /// <summary>A disk image in memory, with writers for MBR/EBR entries and a whole GPT (primary and backup, CRCs right).</summary>
    private sealed class ImageSource : ISectorSource
    {
        public readonly byte[] Bytes;

        public ImageSource(long sectors) : this(new byte[sectors * Sector]) { }

        public ImageSource(byte[] bytes) => Bytes = bytes;

        public long Sectors => Bytes.Length / Sector;

        public bool Read(long lba, byte[] sector)
        {
            if (lba < 0 || lba >= Sectors) return false;
            Array.Copy(Bytes, lba * Sector, sector, 0, Sector);
            return true;
        }

        public void MbrEntry(long lba, int index, byte type, long first, long count)
        {
            long at = lba * Sector + 446 + index * 16;
            Bytes[at + 4] = type;
            BinaryPrimitives.WriteUInt32LittleEndian(Bytes.AsSpan((int)at + 8), (uint)first);
            BinaryPrimitives.WriteUInt32LittleEndian(Bytes.AsSpan((int)at + 12), (uint)count);
            Bytes[lba * Sector + 510] = 0x55;
            Bytes[lba * Sector + 511] = 0xAA;
        }

        public static ImageSource WithGpt(long sectors, params (long First, long Last)[] partitions)
        {
            var disk = new ImageSource(sectors);
            disk.MbrEntry(0, 0, 0xEE, 1, sectors - 1);
            long backupArray = sectors - 1 - 32;
            foreach (long array in new[] { 2L, backupArray })
            {
                for (int i = 0; i < partitions.Length; i++)
                {
                    int at = (int)(array * Sector) + i * 128;
                    Convert.FromHexString("A2A0D0EBE5B9334487C068B6B72699C7").CopyTo(disk.Bytes, at);
                    Bytes16(i).CopyTo(disk.Bytes, at + 16);
                    BinaryPrimitives.WriteUInt64LittleEndian(disk.Bytes.AsSpan(at + 32), (ulong)partitions[i].First);
                    BinaryPrimitives.WriteUInt64LittleEndian(disk.Bytes.AsSpan(at + 40), (ulong)partitions[i].Last);
                }
            }
            disk.Header(1, sectors - 1, 2);
            disk.Header(sectors - 1, 1, backupArray);
            disk.FixGptCrcs();
            return disk;
        }

        private void Header(long lba, long alternate, long array)
        {
            var h = Bytes.AsSpan((int)(lba * Sector), Sector);
            "EFI PART"u8.CopyTo(h);
            BinaryPrimitives.WriteUInt32LittleEndian(h[8..], 0x00010000);
            BinaryPrimitives.WriteUInt32LittleEndian(h[12..], 92);
            BinaryPrimitives.WriteUInt64LittleEndian(h[24..], (ulong)lba);
            BinaryPrimitives.WriteUInt64LittleEndian(h[32..], (ulong)alternate);
            BinaryPrimitives.WriteUInt64LittleEndian(h[40..], 34);
            BinaryPrimitives.WriteUInt64LittleEndian(h[48..], (ulong)(Sectors - 34));
            BinaryPrimitives.WriteUInt64LittleEndian(h[72..], (ulong)array);
            BinaryPrimitives.WriteUInt32LittleEndian(h[80..], 128);
            BinaryPrimitives.WriteUInt32LittleEndian(h[84..], 128);
        }

        /// <summary>Recomputes both headers' array and header CRCs from what is on the image now.</summary>
        public void FixGptCrcs()
        {
            foreach (long lba in new[] { 1L, Sectors - 1 })
            {
                var h = Bytes.AsSpan((int)(lba * Sector), Sector);
                long array = (long)BinaryPrimitives.ReadUInt64LittleEndian(h[72..]);
                uint entries = BinaryPrimitives.ReadUInt32LittleEndian(h[80..]), size = BinaryPrimitives.ReadUInt32LittleEndian(h[84..]);
                long bytes = (long)entries * size;
                if (array > 0 && array < Sectors && bytes > 0 && bytes <= (Sectors - array) * Sector)
                    BinaryPrimitives.WriteUInt32LittleEndian(h[88..], System.IO.Hashing.Crc32.HashToUInt32(Bytes.AsSpan((int)(array * Sector), (int)bytes)));
                uint headerSize = BinaryPrimitives.ReadUInt32LittleEndian(h[12..]);
                if (headerSize is < 92 or > Sector) continue;
                BinaryPrimitives.WriteUInt32LittleEndian(h[16..], 0);
                BinaryPrimitives.WriteUInt32LittleEndian(h[16..], System.IO.Hashing.Crc32.HashToUInt32(h[..(int)headerSize]));
            }
        }

        private static byte[] Bytes16(int i)
        {
            var b = new byte[16];
            b[0] = (byte)(i + 1);
            b[15] = 0x5A;
            return b;
        }
    }
}

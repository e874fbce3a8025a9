using System.Buffers.Binary;

namespace Sing.Boot.Tests;

/// <summary>Raw disk images made fresh for one test run in its own directory (a test never depends on, nor dirties,
/// an image another run uses): an MBR disk with one partition, a GPT disk with one partition, and an MBR disk with
/// logical partitions in an extended one. The partition tables are written here byte by byte (MBR: 4 entries at 446,
/// 0x55AA at 510; EBRs the same at the start of each logical partition's slot; GPT: protective MBR, header at LBA 1
/// with its CRC-32s, 128-byte entries from LBA 2), so the tests need no host tools.</summary>
internal static class ScratchDisk
{
    public const int SectorSize = 512;

    /// <summary>MBR disk of <paramref name="sectors"/> sectors, one FAT32 (LBA) partition from <paramref name="first"/> to the end.</summary>
    public static string Mbr(string directory, string name, long sectors, long first)
    {
        byte[] mbr = new byte[SectorSize];
        WriteMbrEntry(mbr, 0, 0x0C, first, sectors - first);
        return Write(directory, name, sectors, (0, mbr));
    }

    /// <summary>GPT disk of <paramref name="sectors"/> sectors, one partition [first, last]; no backup header (the
    /// driver needs it only when the primary is damaged).</summary>
    public static string Gpt(string directory, string name, long sectors, long first, long last)
    {
        byte[] mbr = new byte[SectorSize];
        WriteMbrEntry(mbr, 0, 0xEE, 1, Math.Min(sectors - 1, uint.MaxValue));
        byte[] header = new byte[SectorSize];
        "EFI PART"u8.CopyTo(header);
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(8), 0x00010000);   // revision 1.0
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(12), 92);          // header size
        BinaryPrimitives.WriteUInt64LittleEndian(header.AsSpan(24), 1);           // this header's LBA
        BinaryPrimitives.WriteUInt64LittleEndian(header.AsSpan(32), (ulong)sectors - 1);
        BinaryPrimitives.WriteUInt64LittleEndian(header.AsSpan(40), 34);          // first usable
        BinaryPrimitives.WriteUInt64LittleEndian(header.AsSpan(48), (ulong)sectors - 34);
        BinaryPrimitives.WriteUInt64LittleEndian(header.AsSpan(72), 2);           // entries start
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(80), 128);         // entry count
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(84), 128);         // entry size
        byte[] entries = new byte[SectorSize];
        // Type: Microsoft basic data (EBD0A0A2-B9E5-4433-87C0-68B6B72699C7), as stored (mixed endian).
        Convert.FromHexString("A2A0D0EBE5B9334487C068B6B72699C7").CopyTo(entries, 0);
        Convert.FromHexString("0102030405060708090A0B0C0D0E0F10").CopyTo(entries, 16);
        BinaryPrimitives.WriteUInt64LittleEndian(entries.AsSpan(32), (ulong)first);
        BinaryPrimitives.WriteUInt64LittleEndian(entries.AsSpan(40), (ulong)last);
        byte[] array = new byte[128 * 128];
        entries.CopyTo(array, 0);
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(88), System.IO.Hashing.Crc32.HashToUInt32(array));
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(16), System.IO.Hashing.Crc32.HashToUInt32(header.AsSpan(0, 92)));
        return Write(directory, name, sectors, (0, mbr), (1, header), (2, entries));
    }

    /// <summary>MBR disk of <paramref name="sectors"/> sectors: primary 1 at [2048, 6144), an extended partition from
    /// 8192 to the end in slot 2, and in it two logical partitions (5: 63 sectors after the EBR at 8192, 4096 sectors;
    /// 6: after the EBR at 16384, up to the end).</summary>
    public static string Extended(string directory, string name, long sectors)
    {
        byte[] mbr = new byte[SectorSize], first = new byte[SectorSize], second = new byte[SectorSize];
        WriteMbrEntry(mbr, 0, 0x0C, 2048, 4096);
        WriteMbrEntry(mbr, 1, 0x0F, 8192, sectors - 8192);
        WriteMbrEntry(first, 0, 0x0C, 63, 4096);
        WriteMbrEntry(first, 1, 0x05, 16384 - 8192, sectors - 16384);
        WriteMbrEntry(second, 0, 0x83, 63, sectors - 16384 - 63);
        return Write(directory, name, sectors, (0, mbr), (8192, first), (16384, second));
    }

    private static void WriteMbrEntry(byte[] mbr, int index, byte type, long first, long count)
    {
        int at = 446 + index * 16;
        mbr[at + 4] = type;
        BinaryPrimitives.WriteUInt32LittleEndian(mbr.AsSpan(at + 8), (uint)first);
        BinaryPrimitives.WriteUInt32LittleEndian(mbr.AsSpan(at + 12), (uint)count);
        mbr[510] = 0x55;
        mbr[511] = 0xAA;
    }

    private static string Write(string directory, string name, long sectors, params (long Lba, byte[] Data)[] blocks)
    {
        Directory.CreateDirectory(directory);
        string path = Path.Combine(directory, name);
        using var file = new FileStream(path, FileMode.Create, FileAccess.Write);
        file.SetLength(sectors * SectorSize);
        foreach (var (lba, data) in blocks)
        {
            file.Position = lba * SectorSize;
            file.Write(data);
        }
        return path;
    }

    /// <summary>A directory of its own for one test session's images, under the test logs.</summary>
    public static string NewDirectory(string session) =>
        Path.Combine(Repository.LogDirectory, "disks", $"{session}-{Environment.ProcessId}-{Guid.NewGuid():N}");
}

using Sing.Storage.Fat;

namespace Sing.FileSystem.Tests;

/// <summary>A sector device over a byte array (an image file's bytes), counting requests.</summary>
internal sealed class MemoryDevice : ISectorDevice
{
    public byte[] Bytes { get; }
    public int SectorSize { get; }
    public long SectorCount => Bytes.Length / SectorSize;
    public bool IsReadOnly { get; init; }
    public int Reads { get; private set; }
    public int Writes { get; private set; }
    public int Flushes { get; private set; }

    public MemoryDevice(byte[] bytes, int sectorSize = 512)
    {
        Bytes = bytes;
        SectorSize = sectorSize;
    }

    public static MemoryDevice Blank(long bytes) => new(new byte[bytes]);

    public void Read(long lba, int count, byte[] buffer, int offset)
    {
        Check(lba, count);
        Reads++;
        Array.Copy(Bytes, lba * SectorSize, buffer, offset, count * SectorSize);
    }

    public void Write(long lba, int count, byte[] buffer, int offset)
    {
        Check(lba, count);
        if (IsReadOnly) throw new FatException(FatError.ReadOnly, "read-only device");
        Writes++;
        Array.Copy(buffer, offset, Bytes, lba * SectorSize, count * SectorSize);
    }

    public void Flush() => Flushes++;

    private void Check(long lba, int count)
    {
        if (lba < 0 || count < 1 || lba + count > SectorCount)
            throw new FatException(FatError.DeviceError, $"sectors {lba}+{count} are outside the device ({SectorCount})");
    }
}

/// <summary>A fixed clock, so timestamps in tests are known.</summary>
internal sealed class FixedClock : IFatClock
{
    public FatTimestamp Time { get; set; } = new(2026, 11, 23, 14, 30, 20);
    public FatTimestamp Now() => Time;
}

#nullable enable
namespace Sing.Storage.Fat
{
    /// <summary>The storage a FAT volume lives on: fixed-size sectors addressed by LBA. The file-system SIP implements
    /// it over the block contract; host tests implement it over a byte array. Failures throw
    /// <see cref="FatException"/> with <see cref="FatError.DeviceError"/>.</summary>
    public interface ISectorDevice
    {
        int SectorSize { get; }
        long SectorCount { get; }
        bool IsReadOnly { get; }

        /// <summary>Reads <paramref name="count"/> sectors from <paramref name="lba"/> into <paramref name="buffer"/> at <paramref name="offset"/>.</summary>
        void Read(long lba, int count, byte[] buffer, int offset);

        /// <summary>Writes <paramref name="count"/> sectors at <paramref name="lba"/> from <paramref name="buffer"/> at <paramref name="offset"/>.</summary>
        void Write(long lba, int count, byte[] buffer, int offset);

        /// <summary>Makes everything written so far durable.</summary>
        void Flush();
    }
}

#nullable enable
namespace Sing.Storage.Fat
{
    /// <summary>One live entry of a directory as scanned: its short entry's fields, its long name if the long-name
    /// entries before it were intact, and where it sits (slot index; long-name slots before it).</summary>
    internal sealed class DirectoryEntry
    {
        public const byte ReadOnly = 0x01, Hidden = 0x02, System = 0x04, VolumeLabel = 0x08, Directory = 0x10, Archive = 0x20;
        public const byte LongNameAttributes = 0x0F;

        public string Name = "";
        public byte[] Short = new byte[11];
        public byte Attributes;
        public uint FirstCluster;
        public uint Size;
        public ushort CreatedDate, CreatedTime, ModifiedDate, ModifiedTime;
        public int Index;
        public int LongSlots;
        public string? Problem;

        public bool IsDirectory => (Attributes & Directory) != 0;
        public bool IsDot => Short[0] == (byte)'.';

        public FatEntryInfo ToInfo() => new FatEntryInfo
        {
            Name = Name,
            IsDirectory = IsDirectory,
            Size = IsDirectory ? 0 : Size,
            Created = FatTimestamp.FromFat(CreatedDate, CreatedTime),
            Modified = FatTimestamp.FromFat(ModifiedDate, ModifiedTime),
            Attributes = Attributes,
            Problem = Problem,
        };
    }
}

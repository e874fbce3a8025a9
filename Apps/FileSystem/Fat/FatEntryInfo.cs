#nullable enable
namespace Sing.Storage.Fat
{
    /// <summary>What list and stat report about one directory entry.</summary>
    public sealed class FatEntryInfo
    {
        public string Name = "";
        public bool IsDirectory;
        public long Size;
        public FatTimestamp Created;
        public FatTimestamp Modified;
        public byte Attributes;
        /// <summary>Null for a sound entry; otherwise why it cannot be used (an illegal stored name, a first
        /// cluster outside the volume): list shows such entries so the damage is visible, open and stat refuse them.</summary>
        public string? Problem;
    }
}

#nullable enable
using System;

namespace Sing.Web.Http
{
    /// <summary>What the file system says about one path: whether it exists, is a directory, its size and when it was
    /// last written (UTC). <see cref="Unavailable"/> means the file system could not be asked (answered 500).</summary>
    public readonly struct FileMetadata
    {
        public readonly bool Exists;
        public readonly bool IsDirectory;
        /// <summary>The file system did not answer (its SIP is gone or failed).</summary>
        public readonly bool Unavailable;
        public readonly long Length;
        public readonly DateTime LastModifiedUtc;

        private FileMetadata(bool exists, bool isDirectory, bool unavailable, long length, DateTime lastModifiedUtc)
        {
            Exists = exists; IsDirectory = isDirectory; Unavailable = unavailable; Length = length; LastModifiedUtc = lastModifiedUtc;
        }

        public static FileMetadata Missing => new FileMetadata(false, false, false, 0, default);
        public static FileMetadata NotAnswered => new FileMetadata(false, false, true, 0, default);
        public static FileMetadata File(long length, DateTime lastModifiedUtc) => new FileMetadata(true, false, false, length, lastModifiedUtc);
        public static FileMetadata Directory(DateTime lastModifiedUtc) => new FileMetadata(true, true, false, 0, lastModifiedUtc);
    }
}

namespace Sing.Storage
{
    /// <summary>The error numbers of the /fs and file contracts (the FAT engine's FatError values) as words.</summary>
    public static class FileSystemErrors
    {
        public const int NotFound = 1, AlreadyExists = 2, NotADirectory = 3, IsADirectory = 4, DirectoryNotEmpty = 5,
            NoSpace = 6, Corrupt = 7, BadName = 8, BadVolume = 9, DeviceError = 10, AccessDenied = 11,
            InvalidArgument = 12, Busy = 13, ReadOnly = 14;

        public static string Describe(int error) => error switch
        {
            NotFound => "not found",
            AlreadyExists => "already exists",
            NotADirectory => "not a directory",
            IsADirectory => "is a directory",
            DirectoryNotEmpty => "directory not empty",
            NoSpace => "no space left",
            Corrupt => "damaged file system structure",
            BadName => "name not allowed",
            BadVolume => "unusable volume",
            DeviceError => "device error",
            AccessDenied => "access denied",
            InvalidArgument => "invalid argument",
            Busy => "file is open",
            ReadOnly => "read-only volume",
            _ => "error " + error.ToString(),
        };
    }
}

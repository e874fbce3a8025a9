#nullable enable
using System;

namespace Sing.Storage.Fat
{
    /// <summary>Why a file-system operation failed. The numbers travel in the /fs contract's Failed message.</summary>
    public enum FatError
    {
        None = 0,
        NotFound = 1,
        AlreadyExists = 2,
        NotADirectory = 3,
        IsADirectory = 4,
        DirectoryNotEmpty = 5,
        NoSpace = 6,
        /// <summary>The volume's structures are damaged where this operation looked (a chain, an entry).</summary>
        Corrupt = 7,
        BadName = 8,
        /// <summary>The volume cannot be mounted (boot sector, FAT copies).</summary>
        BadVolume = 9,
        DeviceError = 10,
        AccessDenied = 11,
        InvalidArgument = 12,
        /// <summary>The file is open, so it cannot be deleted or renamed now.</summary>
        Busy = 13,
        ReadOnly = 14,
        /// <summary>The client holds as many channels and open files as the server allows one process.</summary>
        TooManyOpen = 15,
    }

    /// <summary>The only exception the FAT engine lets escape: a failure with its kind and a sentence saying what.</summary>
    public sealed class FatException : Exception
    {
        public FatError Error { get; }

        public FatException(FatError error, string message) : base(message) { Error = error; }
    }
}

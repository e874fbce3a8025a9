using Sing.Contracts;

namespace Sing.Storage
{
    /// <summary>One open file, from FileSystemContract.Open. Read and Write move the client's exchange-heap vector to
    /// the file system and back (the bytes are not copied between SIPs) at the current position, which they
    /// advance; ReadDone's count 0 means the end of the file. Failed returns the vector with an error number
    /// (<see cref="FileSystemErrors"/>). Seek's origin is 0 (start), 1 (current) or 2 (end); Position answers with the
    /// new position (unchanged when the result would be negative). Close ends the conversation; closing the channel
    /// does the same.</summary>
    [Contract]
    [State("Ready",
        "Read? -> (ReadDone! | Failed!) -> Ready",
        "Write? -> (Written! | Failed!) -> Ready",
        "Seek? -> Position! -> Ready",
        "GetSize? -> Size! -> Ready",
        "Truncate? -> (Truncated! | Refused!) -> Ready",
        "Close? -> Closed")]
    [State("Closed")]
    public sealed partial class FileContract
    {
        [InMessage] partial void Read(ExVector<byte> buffer, int count);
        [OutMessage] partial void ReadDone(ExVector<byte> buffer, int count);
        [InMessage] partial void Write(ExVector<byte> buffer, int count);
        [OutMessage] partial void Written(ExVector<byte> buffer, int count);
        [OutMessage] partial void Failed(int error, ExVector<byte> buffer);
        [InMessage] partial void Seek(long offset, int origin);
        [OutMessage] partial void Position(long position);
        [InMessage] partial void GetSize();
        [OutMessage] partial void Size(long size);
        [InMessage] partial void Truncate(long length);
        [OutMessage] partial void Truncated();
        [OutMessage] partial void Refused(int error);
        [InMessage] partial void Close();
    }
}

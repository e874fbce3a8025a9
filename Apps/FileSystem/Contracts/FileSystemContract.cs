using Sing.Contracts;

namespace Sing.Storage
{
    /// <summary>The file system served at /fs. Paths travel as exchange-heap character vectors (absolute or relative
    /// to the volume's root, '/'-separated, matched case-insensitively). Open answers with a fresh channel of
    /// <see cref="FileContract"/> for the file; List answers with one line per entry:
    /// "d|f TAB size TAB yyyy-mm-dd hh:mm:ss TAB name [TAB damage]". Failed carries an error number
    /// (<see cref="FileSystemErrors"/>) and a sentence naming the path and the reason. The server checks each request
    /// against the principal (the program behind the channel, from the kernel's connect request), the access control
    /// lists on the volume, and the access rule of its manifest.</summary>
    [Contract]
    [State("Ready",
        "Open? -> (Opened! | Failed!) -> Ready",
        "List? -> (Listing! | Failed!) -> Ready",
        "Stat? -> (Status! | Failed!) -> Ready",
        "MakeDirectory? -> (Done! | Failed!) -> Ready",
        "Delete? -> (Done! | Failed!) -> Ready",
        "Rename? -> (Done! | Failed!) -> Ready",
        "GetSpace? -> Space! -> Ready",
        "Sync? -> (Done! | Failed!) -> Ready",
        "GetAcl? -> (AclText! | Failed!) -> Ready",
        "SetAcl? -> (Done! | Failed!) -> Ready")]
    public sealed partial class FileSystemContract
    {
        /// <summary>Open modes (flags): read is always allowed once opened.</summary>
        public const int ModeRead = 0, ModeWrite = 1, ModeCreate = 2, ModeTruncate = 4;

        [InMessage] partial void Open(ExVector<char> path, int mode);
        [OutMessage] partial void Opened([InState("Ready")] FileContract.Imp file, long size);
        [InMessage] partial void List(ExVector<char> path);
        [OutMessage] partial void Listing(ExVector<char> text);
        [InMessage] partial void Stat(ExVector<char> path);
        /// <summary>Modified is the FAT date in the high 16 bits and the FAT time in the low 16.</summary>
        [OutMessage] partial void Status(int isDirectory, long size, int modified);
        [InMessage] partial void MakeDirectory(ExVector<char> path);
        [InMessage] partial void Delete(ExVector<char> path);
        [InMessage] partial void Rename(ExVector<char> from, ExVector<char> to);
        [OutMessage] partial void Done();
        [OutMessage] partial void Failed(int error, ExVector<char> reason);
        [InMessage] partial void GetSpace();
        [OutMessage] partial void Space(long freeBytes, long totalBytes);
        [InMessage] partial void Sync();
        /// <summary>The ACL that applies to a path: a first line "set on PATH", "inherited from PATH" or "none", then one
        /// "PATTERN TAB RIGHTS" line per entry (Apps/FileSystem/README.md). Anyone may read a path's ACL.</summary>
        [InMessage] partial void GetAcl(ExVector<char> path);
        [OutMessage] partial void AclText(ExVector<char> text);
        /// <summary>Sets a path's explicit ACL to the entries, one "PATTERN RIGHTS" per line (empty: the explicit ACL goes
        /// and the path inherits again); needs the change-ACL right (a) on the path.</summary>
        [InMessage] partial void SetAcl(ExVector<char> path, ExVector<char> entries);
    }
}

using Sing.Storage.Fat;
using Singularity.V1;

namespace Sing.Apps.FileSystem
{
    /// <summary>The server's state for one client channel of /fs: who is behind it.</summary>
    internal sealed class ClientSession
    {
        public readonly Principal Who;

        public ClientSession(Principal who) { Who = who; }
    }

    /// <summary>The server's state for one file channel: the open file and the position, and who opened it.</summary>
    internal sealed class FileSession
    {
        public readonly FatFile File;
        public readonly Principal Who;
        public long Position;

        public FileSession(FatFile file, Principal who)
        {
            File = file;
            Who = who;
        }
    }
}

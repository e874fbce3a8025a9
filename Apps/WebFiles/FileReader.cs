using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.WebFiles
{
    /// <summary>The client loop's one operation over /fs: open read-only, read to the end in requests of at most 64 KiB
    /// into one exchange-heap buffer that goes to the file system and back with every read, close. Nothing is
    /// allocated per request but the path's vector, which the contract carries to the server.</summary>
    internal sealed class FileReader
    {
        public const int ChunkBytes = 64 * 1024;

        private readonly TRef<FileSystemContract.Imp> _fs;
        private readonly TRef<ExVector<byte>> _buffer;

        private FileReader([Claims] FileSystemContract.Imp fs)
        {
            _fs = new TRef<FileSystemContract.Imp>(fs);
            _buffer = new TRef<ExVector<byte>>(ExchangeHeap.NewVector<byte>(ChunkBytes));
        }

        /// <summary>Binds /fs, trying for up to <paramref name="milliseconds"/> (the file system mounts while we start).</summary>
        public static FileReader Connect(int milliseconds, out string error)
        {
            AbiStatus status = AbiStatus.NotFound;
            ChannelEndpoint raw = default;
            for (int waited = 0; waited <= milliseconds; waited += 25)
            {
                status = Names.Bind(FileSystemClient.Path, out raw);
                if (status == AbiStatus.Ok) break;
                Threads.Sleep(25);
            }
            if (status != AbiStatus.Ok)
            {
                error = "no file system at /fs after " + milliseconds.ToString() + " ms (" + status.ToString() + ")";
                return null;
            }
            error = null;
            return new FileReader(FileSystemContract.Imp.Attach(KernelEndpoints.Wrap(raw), FileSystemContract.States.Ready));
        }

        /// <summary>Opens, reads whole and closes <paramref name="path"/>: the bytes read, or -1 with the reason.</summary>
        public long ReadWhole(string path, out string error)
        {
            FileSystemContract.Imp fs = _fs.Acquire();
            fs.SendOpen(TextVector.From(path), FileSystemContract.ModeRead);
            FileSystemContract.Imp.ReadyAfterOpenReceived opened = fs.ReceiveReadyAfterOpen();
            FileContract.Imp file = null;
            error = null;
            switch (opened.Tag)
            {
                case FileSystemContract.Imp.ReadyAfterOpenTag.Opened:
                    opened.GetOpened(out file, out _);
                    break;
                case FileSystemContract.Imp.ReadyAfterOpenTag.Failed:
                    opened.GetFailed(out _, out ExVector<char> reason);
                    error = "open: " + TextVector.Read(reason);
                    reason.Free();
                    break;
                default:
                    error = "open: " + FileSystemClient.Closed;
                    break;
            }
            _fs.Release(fs);
            if (file == null) return -1;
            long total = 0;
            while (error == null)
            {
                file.SendRead(_buffer.Acquire(), ChunkBytes);
                FileContract.Imp.ReadyAfterReadReceived r = file.ReceiveReadyAfterRead();
                int n = 0;
                switch (r.Tag)
                {
                    case FileContract.Imp.ReadyAfterReadTag.ReadDone:
                    {
                        r.GetReadDone(out ExVector<byte> back, out n);
                        _buffer.Release(back);
                        if (n < 0 || n > ChunkBytes) error = "read: the file system answered " + n.ToString() + " bytes";
                        break;
                    }
                    case FileContract.Imp.ReadyAfterReadTag.Failed:
                    {
                        r.GetFailed(out int code, out ExVector<byte> back);
                        _buffer.Release(back);
                        error = "read: " + FileSystemErrors.Describe(code);
                        break;
                    }
                    default:
                        _buffer.Release(ExchangeHeap.NewVector<byte>(ChunkBytes));
                        file.Free();
                        error = "read: " + FileSystemClient.Closed;
                        return -1;
                }
                if (n == 0) break;
                total += n;
            }
            file.SendClose();
            file.Free();
            return error == null ? total : -1;
        }

        /// <summary>Sets <paramref name="path"/>'s explicit ACL ("PATTERN RIGHTS" lines; not timed): null or the reason.</summary>
        public string SetAcl(string path, string entries)
        {
            var client = FileSystemClient.Connect(out string error);
            if (client == null) return error;
            error = client.SetAcl(path, entries);
            client.Close();
            return error;
        }

        /// <summary>The whole file into a new array (the list; not timed), or null with the reason.</summary>
        public byte[] ReadAll(string path, out string error)
        {
            var client = FileSystemClient.Connect(out error);
            if (client == null) return null;
            byte[] data = client.ReadAll(path, out error);
            client.Close();
            return data;
        }

        public void Close()
        {
            _fs.Acquire().Free();
            _buffer.Acquire().Free();
        }
    }
}

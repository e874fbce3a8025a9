using System;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.V1;

namespace Sing.Storage
{
    /// <summary>A client's side of /fs, for programs that link the contracts (the shell, fsprobe): each call is one
    /// request and its reply; failures come back as the server's sentence (or "ChannelClosed" when the file system
    /// went away). Files move through a 16 KiB exchange-heap vector that travels to the server and back.</summary>
    public sealed class FileSystemClient
    {
        public const string Path = "/fs";
        public const int ChunkBytes = 16 * 1024;
        public const string Closed = "the file system closed the channel (ChannelClosed)";

        private readonly TRef<FileSystemContract.Imp> _channel;

        private FileSystemClient([Claims] FileSystemContract.Imp channel)
        {
            _channel = new TRef<FileSystemContract.Imp>(channel);
        }

        /// <summary>Binds /fs; null and the reason when nothing serves it.</summary>
        public static FileSystemClient Connect(out string error)
        {
            AbiStatus status = Names.Bind(Path, out ChannelEndpoint raw);
            if (status != AbiStatus.Ok)
            {
                error = "no file system at " + Path + " (" + (status == AbiStatus.NotFound ? "not found" : status.ToString()) + ")";
                return null;
            }
            error = null;
            return new FileSystemClient(FileSystemContract.Imp.Attach(KernelEndpoints.Wrap(raw), FileSystemContract.States.Ready));
        }

        public void Close()
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.Free();
        }

        /// <summary>Gives this client's channel up for delegation (001 §3.6): the raw endpoint, marked so that the process
        /// that receives it joins the principal the file system sees (which then decides by "this chain + receiver");
        /// send it next. This client is unusable afterwards. The status is ChannelDelegate's.</summary>
        public AbiStatus Delegate(out ChannelEndpoint endpoint)
        {
            endpoint = KernelEndpoints.Unwrap(_channel.Acquire());
            return Channels.Delegate(endpoint);
        }

        /// <summary>A client over a /fs channel another process passed or delegated to this one (its receiver).</summary>
        public static FileSystemClient Adopt(ChannelEndpoint endpoint) =>
            new FileSystemClient(FileSystemContract.Imp.Attach(KernelEndpoints.Wrap(endpoint), FileSystemContract.States.Ready));

        /// <summary>The listing text (see FileSystemContract), or null with <paramref name="error"/>.</summary>
        public string List(string path, out string error)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendList(TextVector.From(path));
            FileSystemContract.Imp.ReadyAfterListReceived r = fs.ReceiveReadyAfterList();
            string text = null;
            error = null;
            switch (r.Tag)
            {
                case FileSystemContract.Imp.ReadyAfterListTag.Listing:
                    r.GetListing(out ExVector<char> listing);
                    text = TextVector.Read(listing);
                    listing.Free();
                    break;
                case FileSystemContract.Imp.ReadyAfterListTag.Failed:
                    r.GetFailed(out _, out ExVector<char> reason);
                    error = TextVector.Read(reason);
                    reason.Free();
                    break;
                default:
                    error = Closed;
                    break;
            }
            _channel.Release(fs);
            return text;
        }

        /// <summary>Null, or the reason; <paramref name="modified"/> is FAT date &lt;&lt; 16 | FAT time.</summary>
        public string Stat(string path, out bool isDirectory, out long size, out int modified) =>
            Stat(path, out isDirectory, out size, out modified, out _);

        /// <summary>As <see cref="Stat(string, out bool, out long, out int)"/>; <paramref name="failure"/> is the server's
        /// code when it failed (FatError: 1 when nothing is at the path), else 0.</summary>
        public string Stat(string path, out bool isDirectory, out long size, out int modified, out int failure)
        {
            failure = 0;
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendStat(TextVector.From(path));
            FileSystemContract.Imp.ReadyAfterStatReceived r = fs.ReceiveReadyAfterStat();
            string error = null;
            isDirectory = false;
            size = 0;
            modified = 0;
            switch (r.Tag)
            {
                case FileSystemContract.Imp.ReadyAfterStatTag.Status:
                    r.GetStatus(out int directory, out size, out modified);
                    isDirectory = directory != 0;
                    break;
                case FileSystemContract.Imp.ReadyAfterStatTag.Failed:
                    r.GetFailed(out failure, out ExVector<char> reason);
                    error = TextVector.Read(reason);
                    reason.Free();
                    break;
                default:
                    error = Closed;
                    break;
            }
            _channel.Release(fs);
            return error;
        }

        public string MakeDirectory(string path)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendMakeDirectory(TextVector.From(path));
            FileSystemContract.Imp.ReadyAfterMakeDirectoryReceived r = fs.ReceiveReadyAfterMakeDirectory();
            string error = r.Tag == FileSystemContract.Imp.ReadyAfterMakeDirectoryTag.Done ? null : Closed;
            if (r.Tag == FileSystemContract.Imp.ReadyAfterMakeDirectoryTag.Failed)
            {
                r.GetFailed(out _, out ExVector<char> reason);
                error = TextVector.Read(reason);
                reason.Free();
            }
            _channel.Release(fs);
            return error;
        }

        public string Delete(string path)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendDelete(TextVector.From(path));
            FileSystemContract.Imp.ReadyAfterDeleteReceived r = fs.ReceiveReadyAfterDelete();
            string error = r.Tag == FileSystemContract.Imp.ReadyAfterDeleteTag.Done ? null : Closed;
            if (r.Tag == FileSystemContract.Imp.ReadyAfterDeleteTag.Failed)
            {
                r.GetFailed(out _, out ExVector<char> reason);
                error = TextVector.Read(reason);
                reason.Free();
            }
            _channel.Release(fs);
            return error;
        }

        public string Rename(string from, string to)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendRename(TextVector.From(from), TextVector.From(to));
            FileSystemContract.Imp.ReadyAfterRenameReceived r = fs.ReceiveReadyAfterRename();
            string error = r.Tag == FileSystemContract.Imp.ReadyAfterRenameTag.Done ? null : Closed;
            if (r.Tag == FileSystemContract.Imp.ReadyAfterRenameTag.Failed)
            {
                r.GetFailed(out _, out ExVector<char> reason);
                error = TextVector.Read(reason);
                reason.Free();
            }
            _channel.Release(fs);
            return error;
        }

        /// <summary>The ACL that applies to <paramref name="path"/> (FileSystemContract.GetAcl's text), or null with the reason.</summary>
        public string GetAcl(string path, out string error)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendGetAcl(TextVector.From(path));
            FileSystemContract.Imp.ReadyAfterGetAclReceived r = fs.ReceiveReadyAfterGetAcl();
            string text = null;
            error = null;
            switch (r.Tag)
            {
                case FileSystemContract.Imp.ReadyAfterGetAclTag.AclText:
                    r.GetAclText(out ExVector<char> vector);
                    text = TextVector.Read(vector);
                    vector.Free();
                    break;
                case FileSystemContract.Imp.ReadyAfterGetAclTag.Failed:
                    r.GetFailed(out _, out ExVector<char> reason);
                    error = TextVector.Read(reason);
                    reason.Free();
                    break;
                default:
                    error = Closed;
                    break;
            }
            _channel.Release(fs);
            return text;
        }

        /// <summary>Sets <paramref name="path"/>'s explicit ACL ("PATTERN RIGHTS" lines; empty: inherit); null or the reason.</summary>
        public string SetAcl(string path, string entries)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendSetAcl(TextVector.From(path), TextVector.From(entries));
            FileSystemContract.Imp.ReadyAfterSetAclReceived r = fs.ReceiveReadyAfterSetAcl();
            string error = r.Tag == FileSystemContract.Imp.ReadyAfterSetAclTag.Done ? null : Closed;
            if (r.Tag == FileSystemContract.Imp.ReadyAfterSetAclTag.Failed)
            {
                r.GetFailed(out _, out ExVector<char> reason);
                error = TextVector.Read(reason);
                reason.Free();
            }
            _channel.Release(fs);
            return error;
        }

        public string Sync()
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendSync();
            FileSystemContract.Imp.ReadyAfterSyncReceived r = fs.ReceiveReadyAfterSync();
            string error = r.Tag == FileSystemContract.Imp.ReadyAfterSyncTag.Done ? null : Closed;
            if (r.Tag == FileSystemContract.Imp.ReadyAfterSyncTag.Failed)
            {
                r.GetFailed(out _, out ExVector<char> reason);
                error = TextVector.Read(reason);
                reason.Free();
            }
            _channel.Release(fs);
            return error;
        }

        public string Space(out long free, out long total)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendGetSpace();
            FileSystemContract.Imp.ReadyAfterGetSpaceReceived r = fs.ReceiveReadyAfterGetSpace();
            string error = null;
            free = total = 0;
            if (r.Tag == FileSystemContract.Imp.ReadyAfterGetSpaceTag.Space) r.GetSpace(out free, out total);
            else error = Closed;
            _channel.Release(fs);
            return error;
        }

        /// <summary>Opens a file (FileSystemContract.Mode* flags); null with the reason on failure.</summary>
        public OpenFile Open(string path, int mode, out string error)
        {
            FileSystemContract.Imp fs = _channel.Acquire();
            fs.SendOpen(TextVector.From(path), mode);
            FileSystemContract.Imp.ReadyAfterOpenReceived r = fs.ReceiveReadyAfterOpen();
            OpenFile opened = null;
            error = null;
            switch (r.Tag)
            {
                case FileSystemContract.Imp.ReadyAfterOpenTag.Opened:
                    r.GetOpened(out FileContract.Imp file, out long size);
                    opened = new OpenFile(file, size);
                    break;
                case FileSystemContract.Imp.ReadyAfterOpenTag.Failed:
                    r.GetFailed(out _, out ExVector<char> reason);
                    error = TextVector.Read(reason);
                    reason.Free();
                    break;
                default:
                    error = Closed;
                    break;
            }
            _channel.Release(fs);
            return opened;
        }

        /// <summary>The whole file, or null with the reason.</summary>
        public byte[] ReadAll(string path, out string error)
        {
            OpenFile file = Open(path, FileSystemContract.ModeRead, out error);
            if (file == null) return null;
            long size = file.Size;
            if (size > 64L * 1024 * 1024)
            {
                file.Close();
                error = path + ": too large to read whole (" + size.ToString() + " bytes)";
                return null;
            }
            var data = new byte[size];
            int at = 0;
            while (at < data.Length)
            {
                int n = file.Read(data, at, data.Length - at, out error);
                if (error != null || n == 0) break;
                at += n;
            }
            file.Close();
            if (error == null && at != data.Length) error = path + ": the file ended early";
            return error == null ? data : null;
        }

        /// <summary>Creates or replaces the file with <paramref name="data"/>; null or the reason.</summary>
        public string WriteAll(string path, byte[] data)
        {
            OpenFile file = Open(path, FileSystemContract.ModeWrite | FileSystemContract.ModeCreate | FileSystemContract.ModeTruncate, out string error);
            if (file == null) return error;
            error = file.Write(data, 0, data.Length);
            file.Close();
            return error;
        }
    }

    /// <summary>An open file's channel, with one exchange-heap vector that goes to the server with each request.</summary>
    public sealed class OpenFile
    {
        private readonly TRef<FileContract.Imp> _channel;
        private readonly TRef<ExVector<byte>> _buffer;
        private readonly byte[] _scratch = new byte[FileSystemClient.ChunkBytes];
        private bool _closed;
        private bool _peerGone;   // ChannelClosed was seen: the conversation cannot go on; every later call says so, Close only frees

        public long Size { get; }

        internal OpenFile([Claims] FileContract.Imp channel, long size)
        {
            _channel = new TRef<FileContract.Imp>(channel);
            _buffer = new TRef<ExVector<byte>>(ExchangeHeap.NewVector<byte>(FileSystemClient.ChunkBytes));
            Size = size;
        }

        /// <summary>Reads up to <paramref name="count"/> bytes at the position (0 at the end of the file).</summary>
        public int Read(byte[] into, int offset, int count, out string error)
        {
            if (_peerGone)
            {
                error = FileSystemClient.Closed;
                return 0;
            }
            if (count > FileSystemClient.ChunkBytes) count = FileSystemClient.ChunkBytes;
            FileContract.Imp file = _channel.Acquire();
            file.SendRead(_buffer.Acquire(), count);
            FileContract.Imp.ReadyAfterReadReceived r = file.ReceiveReadyAfterRead();
            int n = 0;
            error = null;
            switch (r.Tag)
            {
                case FileContract.Imp.ReadyAfterReadTag.ReadDone:
                {
                    r.GetReadDone(out ExVector<byte> back, out n);
                    if (n < 0 || n > count) n = 0;
                    back.CopyTo(_scratch);
                    Array.Copy(_scratch, 0, into, offset, n);
                    _buffer.Release(back);
                    break;
                }
                case FileContract.Imp.ReadyAfterReadTag.Failed:
                {
                    r.GetFailed(out int code, out ExVector<byte> back);
                    _buffer.Release(back);
                    error = "read failed: " + FileSystemErrors.Describe(code);
                    break;
                }
                default:
                    _buffer.Release(ExchangeHeap.NewVector<byte>(FileSystemClient.ChunkBytes));
                    error = FileSystemClient.Closed;
                    _peerGone = true;
                    break;
            }
            _channel.Release(file);
            return n;
        }

        /// <summary>Reads up to <paramref name="count"/> bytes at the position straight into the caller's
        /// <paramref name="buffer"/>, which travels to the file system and back (nothing is copied on this side: a web
        /// server hands the same vector on to the network stack). Returns the vector with <paramref name="read"/> bytes
        /// at its start (0 at the end of the file), and null or the reason in <paramref name="error"/>.</summary>
        public ExVector<byte> ReadInto([Claims] ExVector<byte> buffer, int count, out int read, out string error)
        {
            read = 0;
            if (_peerGone)
            {
                error = FileSystemClient.Closed;
                return buffer;
            }
            if (count > buffer.Length) count = buffer.Length;
            FileContract.Imp file = _channel.Acquire();
            file.SendRead(buffer, count);
            FileContract.Imp.ReadyAfterReadReceived r = file.ReceiveReadyAfterRead();
            ExVector<byte> back;
            error = null;
            switch (r.Tag)
            {
                case FileContract.Imp.ReadyAfterReadTag.ReadDone:
                    r.GetReadDone(out back, out read);
                    if (read < 0 || read > count) read = 0;
                    break;
                case FileContract.Imp.ReadyAfterReadTag.Failed:
                    r.GetFailed(out int code, out back);
                    error = "read failed: " + FileSystemErrors.Describe(code);
                    break;
                default:
                    back = ExchangeHeap.NewVector<byte>(count > 0 ? count : 1);
                    error = FileSystemClient.Closed;
                    _peerGone = true;
                    break;
            }
            _channel.Release(file);
            return back;
        }

        /// <summary>Writes all of the bytes at the position; null or the reason.</summary>
        public string Write(byte[] data, int offset, int count)
        {
            while (count > 0)
            {
                if (_peerGone) return FileSystemClient.Closed;
                int n = count < FileSystemClient.ChunkBytes ? count : FileSystemClient.ChunkBytes;
                ExVector<byte> chunk = _buffer.Acquire();
                chunk.CopyFrom(new ReadOnlySpan<byte>(data, offset, n));
                FileContract.Imp file = _channel.Acquire();
                file.SendWrite(chunk, n);
                FileContract.Imp.ReadyAfterWriteReceived r = file.ReceiveReadyAfterWrite();
                string error = null;
                switch (r.Tag)
                {
                    case FileContract.Imp.ReadyAfterWriteTag.Written:
                    {
                        r.GetWritten(out ExVector<byte> back, out _);
                        _buffer.Release(back);
                        break;
                    }
                    case FileContract.Imp.ReadyAfterWriteTag.Failed:
                    {
                        r.GetFailed(out int code, out ExVector<byte> back);
                        _buffer.Release(back);
                        error = "write failed: " + FileSystemErrors.Describe(code);
                        break;
                    }
                    default:
                        _buffer.Release(ExchangeHeap.NewVector<byte>(FileSystemClient.ChunkBytes));
                        error = FileSystemClient.Closed;
                        _peerGone = true;
                        break;
                }
                _channel.Release(file);
                if (error != null) return error;
                offset += n;
                count -= n;
            }
            return null;
        }

        /// <summary>Moves the position (origin 0 start, 1 current, 2 end); returns the new position, -1 if the channel closed.</summary>
        public long Seek(long offset, int origin)
        {
            if (_peerGone) return -1;
            FileContract.Imp file = _channel.Acquire();
            file.SendSeek(offset, origin);
            FileContract.Imp.ReadyAfterSeekReceived r = file.ReceiveReadyAfterSeek();
            long position = -1;
            if (r.Tag == FileContract.Imp.ReadyAfterSeekTag.Position) r.GetPosition(out position);
            else _peerGone = true;
            _channel.Release(file);
            return position;
        }

        /// <summary>The file's size now, -1 if the channel closed.</summary>
        public long CurrentSize()
        {
            if (_peerGone) return -1;
            FileContract.Imp file = _channel.Acquire();
            file.SendGetSize();
            FileContract.Imp.ReadyAfterGetSizeReceived r = file.ReceiveReadyAfterGetSize();
            long size = -1;
            if (r.Tag == FileContract.Imp.ReadyAfterGetSizeTag.Size) r.GetSize(out size);
            else _peerGone = true;
            _channel.Release(file);
            return size;
        }

        public string Truncate(long length)
        {
            if (_peerGone) return FileSystemClient.Closed;
            FileContract.Imp file = _channel.Acquire();
            file.SendTruncate(length);
            FileContract.Imp.ReadyAfterTruncateReceived r = file.ReceiveReadyAfterTruncate();
            string error = r.Tag == FileContract.Imp.ReadyAfterTruncateTag.Truncated ? null : FileSystemClient.Closed;
            if (r.Tag == FileContract.Imp.ReadyAfterTruncateTag.ChannelClosed) _peerGone = true;
            if (r.Tag == FileContract.Imp.ReadyAfterTruncateTag.Refused)
            {
                r.GetRefused(out int code);
                error = "truncate failed: " + FileSystemErrors.Describe(code);
            }
            _channel.Release(file);
            return error;
        }

        public void Close()
        {
            if (_closed) return;
            _closed = true;
            FileContract.Imp file = _channel.Acquire();
            if (!_peerGone) file.SendClose();
            file.Free();
            _buffer.Acquire().Free();
        }
    }
}

#nullable enable
using System;
using System.Diagnostics;
using Sing.Contracts;
using Sing.Network;
using Sing.Storage;
using Sing.Web.Http;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.WebServer
{
    /// <summary>Serves HTTP on one listening socket from one thread: the listener and every connection's channel wait in
    /// one endpoint set, each with exactly one request of ours in flight (an Accept on the listener; a PollRead or a Write
    /// on a connection), so whichever answers first is served first and a slow client holds up nobody. Received bytes go
    /// to the connection's <see cref="HttpConnection"/>, which says what to answer; small files come from the
    /// <see cref="FileCatalog"/>'s memory, larger ones are streamed: the file system fills the connection's own
    /// exchange-heap vector, which then goes on to the stack as it is (001 Figure 2's path, no copy in this process).</summary>
    internal sealed class WebService
    {
        /// <summary>The vector each connection reads into and writes from.</summary>
        public const int BufferBytes = 32 * 1024;
        /// <summary>Connections served at once; more wait in the stack's accept queue.</summary>
        public const int MaxConnections = 1000;

        private sealed class ListenerMember { }

        private readonly EndpointSet<Endpoint> _set = new EndpointSet<Endpoint>();
        private readonly ListenerMember _listenerMember = new ListenerMember();
        private readonly FileCatalog _files;
        private readonly StatusSource _status;
        private readonly AccessLogFile _log;
        private readonly string _root;
        private readonly byte[] _scratch = new byte[BufferBytes];
        private TRef<TcpConnectionContract.Imp>? _accepting;
        private TRef<TcpListenerContract.Imp>? _pausedListener;
        private int _connections;
        private int _nextId;
        private DateTime _utcNow;

        public long Requests { get; private set; }
        public long Accepted { get; private set; }

        public WebService(string root, FileCatalog files, StatusSource status, AccessLogFile log)
        {
            _root = root;
            _files = files;
            _status = status;
            _log = log;
        }

        /// <summary>Serves until the listener's channel closes (the stack went away); every connection is closed then.</summary>
        public void Run([Claims] TcpListenerContract.Imp listener)
        {
            StartAccept(listener);
            while (true)
            {
                Endpoint? ready = _set.Take(AccessLogFile.FlushMilliseconds, out object? state);
                long now = NowMilliseconds();
                _log.FlushIfDue(now);
                if (ready == null) continue;
                if (state == _listenerMember)
                {
                    if (!Accept((TcpListenerContract.Imp)ready, now)) break;
                }
                else Served((TcpConnectionContract.Imp)ready, (WebConnection)state!, now);
            }
            if (_accepting != null) _accepting.Acquire().Free();
            _accepting = null;
            if (_pausedListener != null) _pausedListener.Acquire().Free();
            _pausedListener = null;
            _set.Free();
            _connections = 0;
            _log.Flush();
        }

        /// <summary>Hands the stack the server end of a fresh connection channel for the next client, unless the limit
        /// is reached (then the listener waits aside until a connection closes).</summary>
        private void StartAccept([Claims] TcpListenerContract.Imp listener)
        {
            if (_connections >= MaxConnections)
            {
                _pausedListener = new TRef<TcpListenerContract.Imp>(listener);
                return;
            }
            TcpConnectionContract.CreateChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp server);
            listener.SendAccept(server);
            _accepting = new TRef<TcpConnectionContract.Imp>(connection);
            _set.Add(listener, _listenerMember);
        }

        /// <summary>The listener answered: a new connection starts reading; false when the stack closed the listener.</summary>
        private bool Accept([Claims] TcpListenerContract.Imp listener, long now)
        {
            TcpListenerContract.Imp.ListeningAfterAcceptReceived r = listener.ReceiveListeningAfterAccept();
            TcpConnectionContract.Imp connection = _accepting!.Acquire();
            _accepting = null;
            switch (r.Tag)
            {
                case TcpListenerContract.Imp.ListeningAfterAcceptTag.Accepted:
                {
                    r.GetAccepted(out int address, out int port);
                    Accepted++;
                    _connections++;
                    string client = Ipv4Text.Format(address);
                    var web = new WebConnection(++_nextId, new HttpConnection(_files, client, _root, now), client + ":" + port.ToString());
                    Continue(connection, web, ExchangeHeap.NewVector<byte>(BufferBytes), now);
                    StartAccept(listener);
                    return true;
                }
                case TcpListenerContract.Imp.ListeningAfterAcceptTag.Failed:
                    r.GetFailed(out int error);
                    Debug.WriteLine("webserver: accept failed: " + NetworkErrors.Describe(error));
                    connection.Free();
                    StartAccept(listener);
                    return true;
                default:
                    connection.Free();
                    listener.Free();
                    return false;
            }
        }

        /// <summary>A connection's channel answered our PollRead or Write.</summary>
        private void Served([Claims] TcpConnectionContract.Imp connection, WebConnection web, long now)
        {
            if (web.Writing)
            {
                TcpConnectionContract.Imp.OpenAfterWriteReceived w = connection.ReceiveOpenAfterWrite();
                switch (w.Tag)
                {
                    case TcpConnectionContract.Imp.OpenAfterWriteTag.Written:
                        w.GetWritten(out ExVector<byte> written);
                        Continue(connection, web, written, now);
                        return;
                    case TcpConnectionContract.Imp.OpenAfterWriteTag.WriteFailed:
                        w.GetWriteFailed(out ExVector<byte> refused, out _);
                        refused.Free();
                        break;
                    default:
                        break;   // the stack closed the channel
                }
                Close(connection, web);
                return;
            }
            TcpConnectionContract.Imp.OpenAfterPollReadReceived r = connection.ReceiveOpenAfterPollRead();
            switch (r.Tag)
            {
                case TcpConnectionContract.Imp.OpenAfterPollReadTag.Data:
                {
                    r.GetData(out ExVector<byte> data, out int length);
                    if (length < 0 || length > BufferBytes) length = 0;
                    data.CopyTo(_scratch);
                    Offer(web, new ReadOnlySpan<byte>(_scratch, 0, length));
                    Continue(connection, web, data, now);
                    return;
                }
                case TcpConnectionContract.Imp.OpenAfterPollReadTag.NoData:
                {
                    r.GetNoData(out ExVector<byte> data, out int reason);
                    if (reason != NetworkErrors.None) web.Http.ReceiveEnd();   // 0: only the time ran out
                    Continue(connection, web, data, now);
                    return;
                }
                default:
                    break;   // the stack closed the channel
            }
            Close(connection, web);
        }

        /// <summary>Gives received bytes to the conversation; what it has no room for waits as leftover.</summary>
        private static void Offer(WebConnection web, ReadOnlySpan<byte> data)
        {
            if (web.Leftover != null)
            {
                var joined = new byte[web.Leftover.Length + data.Length];
                Array.Copy(web.Leftover, joined, web.Leftover.Length);
                data.CopyTo(new Span<byte>(joined, web.Leftover.Length, data.Length));
                web.Leftover = null;
                data = joined;
            }
            int taken = web.Http.Receive(data);
            if (taken < data.Length) web.Leftover = data.Slice(taken).ToArray();
        }

        /// <summary>The connection's next request to the stack: write what is queued, else ask the conversation for
        /// answers, else read (for at most the time until the conversation's next deadline).</summary>
        private void Continue([Claims] TcpConnectionContract.Imp connection, WebConnection web, [Claims] ExVector<byte> buffer, long now)
        {
            if (!web.HasOutput && !web.CloseAfterWriting) Answer(web, now);
            if (web.HasOutput)
            {
                int n = web.FillFromMemory(_scratch);
                if (n > 0) buffer.CopyFrom(new ReadOnlySpan<byte>(_scratch, 0, n));
                else buffer = ReadFile(web, buffer, out n);
                if (n > 0)
                {
                    connection.SendWrite(buffer, n);
                    web.Writing = true;
                    _set.Add(connection, web);
                    return;
                }
                // The file ended early or the file system failed: the client sees a short body and a closed connection.
                web.DropOutput();
                web.CloseAfterWriting = true;
            }
            if (web.CloseAfterWriting)
            {
                buffer.Free();
                Close(connection, web);
                return;
            }
            long wait = web.WakeAt - now;
            connection.SendPollRead(buffer, wait < 1 ? 1 : wait > int.MaxValue ? int.MaxValue : (int)wait);
            web.Writing = false;
            _set.Add(connection, web);
        }

        /// <summary>Runs the conversation until it waits for more input or decides to close, queueing every answer
        /// (pipelined requests are answered in order).</summary>
        private void Answer(WebConnection web, long now)
        {
            _utcNow = UtcNow();
            _files.SetTime(now);
            while (true)
            {
                if (web.Leftover != null)
                {
                    byte[] rest = web.Leftover;
                    web.Leftover = null;
                    Offer(web, rest);
                }
                HttpAction action = web.Http.Next(now, _utcNow);
                switch (action.Kind)
                {
                    case HttpActionKind.Wait:
                        web.WakeAt = action.WakeAtMilliseconds;
                        return;
                    case HttpActionKind.Close:
                        web.CloseAfterWriting = true;
                        return;
                    case HttpActionKind.ServeStatus:
                    {
                        byte[] body = _status.Render(action.Resource);
                        action = web.Http.CompleteStatus(body);
                        break;
                    }
                }
                Requests++;
                web.Queue(action.Head);
                if (action.Kind == HttpActionKind.ServeFile)
                {
                    if (!action.IsHead)
                    {
                        byte[]? contents = _files.Contents(action.FilePath, action.FileLength);
                        if (contents != null && contents.Length == action.FileLength) web.Queue(contents);
                        else web.QueueFile(action.FilePath, action.FileLength);
                    }
                }
                else web.Queue(action.Body);
                if (action.LogLine != null) _log.Add(action.LogLine);
                if (action.CloseAfter)
                {
                    web.CloseAfterWriting = true;
                    return;
                }
            }
        }

        /// <summary>The next chunk of the file being streamed, read by the file system straight into
        /// <paramref name="buffer"/>; 0 bytes when the file cannot give what the head announced.</summary>
        private ExVector<byte> ReadFile(WebConnection web, [Claims] ExVector<byte> buffer, out int read)
        {
            read = 0;
            if (web.File == null)
            {
                if (!web.TakeFilePiece(out string path, out long length)) return buffer;
                web.File = _files.Open(path);
                web.FileLeft = length;
                if (web.File == null) return buffer;
            }
            int want = web.FileLeft < BufferBytes ? (int)web.FileLeft : BufferBytes;
            buffer = web.File.ReadInto(buffer, want, out read, out string? error);
            if (error != null) read = 0;
            web.FileLeft -= read;
            if (web.FileLeft <= 0 || read == 0)
            {
                web.File.Close();
                web.File = null;
            }
            return buffer;
        }

        private void Close([Claims] TcpConnectionContract.Imp connection, WebConnection web)
        {
            web.DropOutput();
            connection.Free();
            _connections--;
            if (_pausedListener != null && _connections < MaxConnections)
            {
                TcpListenerContract.Imp listener = _pausedListener.Acquire();
                _pausedListener = null;
                StartAccept(listener);
            }
        }

        internal static long NowMilliseconds() => Stopwatch.GetTimestamp() * 1000 / Stopwatch.Frequency;

        /// <summary>The wall clock for Date headers and the log; the epoch of FAT when no clock driver answers.</summary>
        internal static DateTime UtcNow()
        {
            try
            {
                return DateTime.UtcNow;
            }
            catch (PlatformNotSupportedException)
            {
                return new DateTime(1980, 1, 1, 0, 0, 0, DateTimeKind.Utc);
            }
        }
    }
}

#nullable enable
using System;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Network
{
    /// <summary>A client's side of /service/net for programs that work one request at a time (the shell's ifconfig,
    /// netstat, ping and fetch): each call is one request and its reply; failures come back as a sentence. A server
    /// that waits on many sockets at once (the web server) uses the contracts' endpoints directly.</summary>
    public sealed class NetworkClient
    {
        public const string Path = "/service/net";
        public const string Closed = "the network stack closed the channel (ChannelClosed)";

        private readonly TRef<NetworkContract.Imp> _channel;

        private NetworkClient([Claims] NetworkContract.Imp channel)
        {
            _channel = new TRef<NetworkContract.Imp>(channel);
        }

        /// <summary>Binds /service/net; null and the reason when no stack serves it.</summary>
        public static NetworkClient? Connect(out string error)
        {
            AbiStatus status = Names.Bind(Path, out ChannelEndpoint raw);
            if (status != AbiStatus.Ok)
            {
                error = "no network stack at " + Path + " (" + (status == AbiStatus.NotFound ? "not found" : status.ToString()) + ")";
                return null;
            }
            error = "";
            return new NetworkClient(NetworkContract.Imp.Attach(KernelEndpoints.Wrap(raw), NetworkContract.States.Ready));
        }

        public void Close() => _channel.Acquire().Free();

        /// <summary>The stack's status lines (interface, counters, sockets), or null with the reason.</summary>
        public string? Status(out string error)
        {
            NetworkContract.Imp net = _channel.Acquire();
            net.SendGetStatus();
            NetworkContract.Imp.ReadyAfterGetStatusReceived r = net.ReceiveReadyAfterGetStatus();
            string? text = null;
            error = Closed;
            if (r.Tag == NetworkContract.Imp.ReadyAfterGetStatusTag.Status)
            {
                r.GetStatus(out ExVector<char> vector);
                text = TextVector.Read(vector);
                vector.Free();
                error = "";
            }
            _channel.Release(net);
            return text;
        }

        /// <summary>The address of <paramref name="name"/> (a dotted quad is parsed here, anything else asked of DNS),
        /// or 0 with the reason.</summary>
        public int Resolve(string name, out string error)
        {
            if (Ipv4Text.TryParse(name, out int literal))
            {
                error = "";
                return literal;
            }
            NetworkContract.Imp net = _channel.Acquire();
            net.SendResolve(TextVector.From(name));
            NetworkContract.Imp.ReadyAfterResolveReceived r = net.ReceiveReadyAfterResolve();
            int address = 0;
            error = Closed;
            if (r.Tag == NetworkContract.Imp.ReadyAfterResolveTag.Resolved)
            {
                r.GetResolved(out address);
                error = "";
            }
            else if (r.Tag == NetworkContract.Imp.ReadyAfterResolveTag.Failed) error = TakeFailure(ref r);
            _channel.Release(net);
            return address;
        }

        /// <summary>One ICMP echo: true with the round trip and the reply's TTL, or false with the reason.</summary>
        public bool Ping(int address, int sequence, int timeoutMilliseconds, out int microseconds, out int ttl, out string error)
        {
            NetworkContract.Imp net = _channel.Acquire();
            net.SendPing(address, sequence, timeoutMilliseconds);
            NetworkContract.Imp.ReadyAfterPingReceived r = net.ReceiveReadyAfterPing();
            microseconds = 0;
            ttl = 0;
            error = Closed;
            bool ok = false;
            if (r.Tag == NetworkContract.Imp.ReadyAfterPingTag.Pong)
            {
                r.GetPong(out microseconds, out ttl);
                error = "";
                ok = true;
            }
            else if (r.Tag == NetworkContract.Imp.ReadyAfterPingTag.Failed)
            {
                r.GetFailed(out int code, out ExVector<char> reason);
                error = TextVector.Read(reason);
                reason.Free();
                if (error.Length == 0) error = NetworkErrors.Describe(code);
            }
            _channel.Release(net);
            return ok;
        }

        /// <summary>A TCP connection to <paramref name="address"/>:<paramref name="port"/> once its handshake is done,
        /// or null with the reason (refused, timed out, unreachable).</summary>
        public TcpStream? OpenTcp(int address, int port, out string error)
        {
            TcpConnectionContract.CreateChannel(out TcpConnectionContract.Imp connection, out TcpConnectionContract.Exp server);
            NetworkContract.Imp net = _channel.Acquire();
            net.SendConnect(address, port, server);
            NetworkContract.Imp.ReadyAfterConnectReceived r = net.ReceiveReadyAfterConnect();
            TcpStream? stream = null;
            error = Closed;
            if (r.Tag == NetworkContract.Imp.ReadyAfterConnectTag.Connected)
            {
                r.GetConnected(out _, out _);
                stream = new TcpStream(connection);
                error = "";
            }
            else
            {
                if (r.Tag == NetworkContract.Imp.ReadyAfterConnectTag.Failed)
                {
                    r.GetFailed(out int code, out ExVector<char> reason);
                    error = TextVector.Read(reason);
                    reason.Free();
                    if (error.Length == 0) error = NetworkErrors.Describe(code);
                }
                connection.Free();
            }
            _channel.Release(net);
            return stream;
        }

        /// <summary>Starts listening on <paramref name="port"/>: the listener's channel, or null with the reason.</summary>
        public TcpListenerContract.Imp? Listen(int port, int backlog, out string error)
        {
            TcpListenerContract.CreateChannel(out TcpListenerContract.Imp listener, out TcpListenerContract.Exp server);
            NetworkContract.Imp net = _channel.Acquire();
            net.SendListen(port, backlog, server);
            NetworkContract.Imp.ReadyAfterListenReceived r = net.ReceiveReadyAfterListen();
            error = Closed;
            bool ok = false;
            if (r.Tag == NetworkContract.Imp.ReadyAfterListenTag.Listening)
            {
                error = "";
                ok = true;
            }
            else if (r.Tag == NetworkContract.Imp.ReadyAfterListenTag.Failed)
            {
                r.GetFailed(out int code, out ExVector<char> reason);
                error = TextVector.Read(reason);
                reason.Free();
                if (error.Length == 0) error = NetworkErrors.Describe(code);
            }
            _channel.Release(net);
            if (ok) return listener;
            listener.Free();
            return null;
        }

        private static string TakeFailure(ref NetworkContract.Imp.ReadyAfterResolveReceived r)
        {
            r.GetFailed(out int code, out ExVector<char> reason);
            string text = TextVector.Read(reason);
            reason.Free();
            return text.Length == 0 ? NetworkErrors.Describe(code) : text;
        }
    }

    /// <summary>A connected TCP socket read and written one request at a time, through one exchange-heap vector that
    /// travels to the stack and back.</summary>
    public sealed class TcpStream
    {
        public const int ChunkBytes = 16 * 1024;

        private readonly TRef<TcpConnectionContract.Imp> _channel;
        private readonly TRef<ExVector<byte>> _buffer;
        private readonly byte[] _scratch = new byte[ChunkBytes];
        private bool _gone;

        internal TcpStream([Claims] TcpConnectionContract.Imp channel)
        {
            _channel = new TRef<TcpConnectionContract.Imp>(channel);
            _buffer = new TRef<ExVector<byte>>(ExchangeHeap.NewVector<byte>(ChunkBytes));
        }

        /// <summary>Bytes read into <paramref name="into"/> (a PollRead waiting at most <paramref name="timeoutMilliseconds"/>,
        /// -1 for ever: int.MaxValue, which the stack takes as no limit); 0 with <paramref name="reason"/>: 0 when the time ran out, else a <see cref="NetworkErrors"/>
        /// number (PeerClosed at the end of the data).</summary>
        public int Read(byte[] into, int offset, int count, int timeoutMilliseconds, out int reason)
        {
            reason = NetworkErrors.Closed;
            if (_gone) return 0;
            if (count > ChunkBytes) count = ChunkBytes;
            TcpConnectionContract.Imp c = _channel.Acquire();
            c.SendPollRead(_buffer.Acquire(), timeoutMilliseconds < 0 ? int.MaxValue : timeoutMilliseconds);
            TcpConnectionContract.Imp.OpenAfterPollReadReceived r = c.ReceiveOpenAfterPollRead();
            int n = 0;
            switch (r.Tag)
            {
                case TcpConnectionContract.Imp.OpenAfterPollReadTag.Data:
                {
                    r.GetData(out ExVector<byte> back, out n);
                    if (n < 0 || n > ChunkBytes) n = 0;
                    back.CopyTo(_scratch);
                    int taken = n < count ? n : count;
                    Array.Copy(_scratch, 0, into, offset, taken);
                    n = taken;
                    reason = NetworkErrors.None;
                    _buffer.Release(back);
                    break;
                }
                case TcpConnectionContract.Imp.OpenAfterPollReadTag.NoData:
                    r.GetNoData(out ExVector<byte> empty, out reason);
                    _buffer.Release(empty);
                    break;
                default:
                    _buffer.Release(ExchangeHeap.NewVector<byte>(ChunkBytes));
                    _gone = true;
                    break;
            }
            _channel.Release(c);
            return n;
        }

        /// <summary>Queues all of the bytes for sending; null, or the reason it could not.</summary>
        public string? Write(byte[] data, int offset, int count)
        {
            while (count > 0)
            {
                if (_gone) return NetworkClient.Closed;
                int chunk = count < ChunkBytes ? count : ChunkBytes;
                ExVector<byte> vector = _buffer.Acquire();
                vector.CopyFrom(new ReadOnlySpan<byte>(data, offset, chunk));
                TcpConnectionContract.Imp c = _channel.Acquire();
                c.SendWrite(vector, chunk);
                TcpConnectionContract.Imp.OpenAfterWriteReceived r = c.ReceiveOpenAfterWrite();
                string? error = null;
                if (r.Tag == TcpConnectionContract.Imp.OpenAfterWriteTag.Written)
                {
                    r.GetWritten(out ExVector<byte> back);
                    _buffer.Release(back);
                }
                else if (r.Tag == TcpConnectionContract.Imp.OpenAfterWriteTag.WriteFailed)
                {
                    r.GetWriteFailed(out ExVector<byte> back, out int reason);
                    _buffer.Release(back);
                    error = "write failed: " + NetworkErrors.Describe(reason);
                }
                else
                {
                    _buffer.Release(ExchangeHeap.NewVector<byte>(ChunkBytes));
                    _gone = true;
                    error = NetworkClient.Closed;
                }
                _channel.Release(c);
                if (error != null) return error;
                offset += chunk;
                count -= chunk;
            }
            return null;
        }

        /// <summary>Closes the connection (queued data is still delivered, then FIN) and frees the buffer.</summary>
        public void Close()
        {
            _channel.Acquire().Free();
            _buffer.Acquire().Free();
        }
    }

    /// <summary>IPv4 addresses as text: dotted quads to and from the contract's host-order int.</summary>
    public static class Ipv4Text
    {
        public static string Format(int address)
        {
            uint a = (uint)address;
            return (a >> 24).ToString() + "." + ((a >> 16) & 255).ToString() + "." + ((a >> 8) & 255).ToString() + "." + (a & 255).ToString();
        }

        public static bool TryParse(string text, out int address)
        {
            address = 0;
            string[] parts = text.Split('.');
            if (parts.Length != 4) return false;
            uint value = 0;
            foreach (string part in parts)
            {
                if (part.Length == 0 || part.Length > 3) return false;
                int octet = 0;
                foreach (char c in part)
                {
                    if (c < '0' || c > '9') return false;
                    octet = octet * 10 + (c - '0');
                }
                if (octet > 255) return false;
                value = value << 8 | (uint)octet;
            }
            address = (int)value;
            return true;
        }
    }
}

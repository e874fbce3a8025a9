using Sing.Contracts;
using Sing.Network;
using Sing.Network.Tcp;
using Singularity.V1;

namespace Sing.Apps.NetStack
{
    /// <summary>What the stack keeps for one channel in its endpoint set (Sing#'s endpoint map): the set hands it back
    /// with the endpoint. A channel whose reply must wait (a Read with no data yet, an Accept with no connection yet, a
    /// Connect, a Resolve, a Ping) is taken out of the set and parked in its session until the stack can answer.</summary>
    internal abstract class Session
    {
        /// <summary>The guest time by which a parked request is answered anyway (long.MaxValue: none).</summary>
        public long Deadline = long.MaxValue;
    }

    /// <summary>The /service/net registration: connect requests arrive on it.</summary>
    internal sealed class DoorSession : Session { }

    /// <summary>A client's /service/net channel.</summary>
    internal sealed class ControlSession : Session
    {
        public enum Waiting { None, Connect, Resolve, Ping }

        public readonly Principal Who;
        public Waiting Kind;
        public TRef<NetworkContract.Exp>? Parked;
        public ConnectionSession? Connecting;
        public int Query;          // the resolver's or the pinger's handle
        public long PingSentAt;

        public ControlSession(Principal who) { Who = who; }
    }

    /// <summary>A listening socket's channel.</summary>
    internal sealed class ListenerSession : Session
    {
        public readonly TcpListener Listener;
        public readonly int Port;
        /// <summary>The listener's channel while its Accept waits, and the connection channel that Accept handed over.</summary>
        public TRef<TcpListenerContract.Exp>? Parked;
        public TRef<TcpConnectionContract.Exp>? Offered;

        public ListenerSession(TcpListener listener, int port)
        {
            Listener = listener;
            Port = port;
        }
    }

    /// <summary>A TCP connection's channel.</summary>
    internal sealed class ConnectionSession : Session
    {
        public enum Waiting { None, Read, Write, Established }

        public readonly TcpConnection Connection;
        public Waiting Kind;
        public TRef<TcpConnectionContract.Exp>? Parked;
        public TRef<ExVector<byte>>? Buffer;
        /// <summary>The parked Read's vector length: what may be taken from the receive buffer for it.</summary>
        public int BufferLength;
        /// <summary>A Write's bytes the send buffer had no room for yet (the vector goes back only when all are in).</summary>
        public byte[]? Unsent;
        public int UnsentOffset;
        /// <summary>For a connection being opened: the client channel whose Connect it answers.</summary>
        public ControlSession? OpenedFor;

        public ConnectionSession(TcpConnection connection) { Connection = connection; }
    }
}

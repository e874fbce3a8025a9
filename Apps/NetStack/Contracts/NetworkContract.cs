#nullable enable
using Sing.Contracts;

namespace Sing.Network
{
    /// <summary>The TCP/IP stack, served at /service/net (the sockets contract). Addresses are IPv4 addresses as int
    /// in host order (10.0.2.15 is 0x0A00020F); ports are 1..65535. A client asks for a listening socket or an
    /// outgoing connection by handing the stack the server end of a fresh channel of <see cref="TcpListenerContract"/>
    /// or <see cref="TcpConnectionContract"/>; the stack keeps serving it there. Connect answers once the handshake
    /// ended (Connected) or failed (Failed: refused, timed out, no route). Failed carries an error number
    /// (<see cref="NetworkErrors"/>) and a sentence saying what and why. Status answers with tab-separated lines (see
    /// NetworkStatus in the stack) for ifconfig, netstat and the system page.</summary>
    [Contract]
    [State("Ready",
        "Listen? -> (Listening! | Failed!) -> Ready",
        "Connect? -> (Connected! | Failed!) -> Ready",
        "Resolve? -> (Resolved! | Failed!) -> Ready",
        "Ping? -> (Pong! | Failed!) -> Ready",
        "GetStatus? -> Status! -> Ready")]
    public sealed partial class NetworkContract
    {
        [InMessage] partial void Listen(int port, int backlog, [InState("Listening")] TcpListenerContract.Exp listener);
        [OutMessage] partial void Listening();
        [InMessage] partial void Connect(int address, int port, [InState("Open")] TcpConnectionContract.Exp connection);
        [OutMessage] partial void Connected(int localAddress, int localPort);
        [InMessage] partial void Resolve(ExVector<char> name);
        [OutMessage] partial void Resolved(int address);
        /// <summary>An ICMP echo request to <paramref name="address"/>; Pong when the reply came within the timeout.</summary>
        [InMessage] partial void Ping(int address, int sequence, int timeoutMilliseconds);
        [OutMessage] partial void Pong(int microseconds, int ttl);
        [InMessage] partial void GetStatus();
        [OutMessage] partial void Status(ExVector<char> text);
        [OutMessage] partial void Failed(int error, ExVector<char> reason);
    }

    /// <summary>A listening TCP port. Accept hands the stack the server end of a fresh connection channel; the answer
    /// comes when a connection completed its handshake (Accepted, with the peer's address and port), so a server
    /// waits on many listeners and connections with one switch receive. Closing the channel stops listening
    /// (connections already accepted stay).</summary>
    [Contract]
    [State("Listening", "Accept? -> (Accepted! | Failed!) -> Listening")]
    public sealed partial class TcpListenerContract
    {
        [InMessage] partial void Accept([InState("Open")] TcpConnectionContract.Exp connection);
        [OutMessage] partial void Accepted(int remoteAddress, int remotePort);
        [OutMessage] partial void Failed(int error);
    }

    /// <summary>One TCP connection. Data moves in the client's exchange-heap vectors: Read hands one in and gets it back
    /// filled (Data, its first <c>length</c> bytes) or with NO_DATA as 001 §2.2 has it (NoData: <c>reason</c> 0 when
    /// PollRead's time ran out, else <see cref="NetworkErrors"/>' PeerClosed (the peer sent FIN: no more data will
    /// come), Reset or TimedOut). Read waits for data; PollRead waits at most its milliseconds. Write's first
    /// <c>length</c> bytes are queued for sending (Written gives the vector back once all are in the send buffer, so a
    /// slow peer slows the writer); WriteFailed when the connection can no longer send. Shutdown sends FIN after
    /// what is queued (the peer sees the end of data; reading goes on). Closing the channel closes the connection
    /// gracefully: queued data is still delivered, then FIN. Abort resets it at once (RST).</summary>
    [Contract]
    [State("Open",
        "Read? -> (Data! | NoData!) -> Open",
        "PollRead? -> (Data! | NoData!) -> Open",
        "Write? -> (Written! | WriteFailed!) -> Open",
        "Shutdown? -> Done! -> Open",
        "Abort? -> Done! -> Open")]
    public sealed partial class TcpConnectionContract
    {
        [InMessage] partial void Read(ExVector<byte> buffer);
        [InMessage] partial void PollRead(ExVector<byte> buffer, int timeoutMilliseconds);
        [OutMessage] partial void Data(ExVector<byte> buffer, int length);
        [OutMessage] partial void NoData(ExVector<byte> buffer, int reason);
        [InMessage] partial void Write(ExVector<byte> buffer, int length);
        [OutMessage] partial void Written(ExVector<byte> buffer);
        [OutMessage] partial void WriteFailed(ExVector<byte> buffer, int reason);
        [InMessage] partial void Shutdown();
        [InMessage] partial void Abort();
        [OutMessage] partial void Done();
    }

    /// <summary>Error numbers of the sockets contract.</summary>
    public static class NetworkErrors
    {
        public const int None = 0;
        public const int InvalidArgument = 1;     // a port outside 1..65535, a bad backlog, an empty name
        public const int AddressInUse = 2;        // the port already has a listener
        public const int Refused = 3;             // the peer answered the SYN with RST
        public const int TimedOut = 4;            // no answer within the retransmission limit
        public const int Unreachable = 5;         // no route, or ARP found no next hop
        public const int PeerClosed = 6;          // the peer sent FIN: no more data will come
        public const int Reset = 7;               // the connection was reset
        public const int NotFound = 8;            // the DNS name does not exist
        public const int NotConfigured = 9;       // the interface has no address yet (DHCP not bound)
        public const int Exhausted = 10;          // the stack's connection or memory limit is reached
        public const int Closed = 11;             // the listener or connection was closed

        public static string Describe(int error) => error switch
        {
            None => "no error",
            InvalidArgument => "invalid argument",
            AddressInUse => "address in use",
            Refused => "connection refused",
            TimedOut => "timed out",
            Unreachable => "network unreachable",
            PeerClosed => "closed by the peer",
            Reset => "connection reset",
            NotFound => "name not found",
            NotConfigured => "interface not configured",
            Exhausted => "stack limit reached",
            Closed => "closed",
            _ => "error " + error.ToString(),
        };
    }
}

namespace Sing.Network.Tcp
{
    /// <summary>The connection states of RFC 9293 §3.3.2.</summary>
    public enum TcpState
    {
        Closed, Listen, SynSent, SynReceived, Established, FinWait1, FinWait2, CloseWait, Closing, LastAck, TimeWait,
    }

    /// <summary>Why a connection ended other than by an orderly close.</summary>
    public enum TcpError { None, Reset, Refused, TimedOut }

    /// <summary>The engine's bounds and timers. Memory: each connection's send and receive buffers grow on demand up to
    /// <see cref="SendBufferBytes"/> and <see cref="ReceiveBufferBytes"/>; all buffers together stay within
    /// <see cref="TotalBufferBytes"/> (a buffer that would pass it does not grow: that connection's window stays smaller).</summary>
    public sealed class TcpLimits
    {
        public int MaxConnections = 1024;
        /// <summary>Half-open connections (SYN received, handshake not done) per listener: a SYN flood fills this queue,
        /// whose oldest entry then makes room for the newest, while established connections go on.</summary>
        public int MaxHalfOpenPerListener = 128;
        public int SendBufferBytes = 64 * 1024;
        public int ReceiveBufferBytes = 64 * 1024;
        public long TotalBufferBytes = 48L * 1024 * 1024;
        /// <summary>Out-of-order segments kept per connection (the rest are dropped and sent again by the peer).</summary>
        public int MaxOutOfOrderSegments = 64;
        public int Mss = 1460;
        public long InitialRtoMs = 1000;
        /// <summary>RFC 6298 asks for at least 1 s; like Linux this engine uses 200 ms (the LAN and QEMU round trips
        /// are milliseconds, and a 1 s floor would stall every loss).</summary>
        public long MinRtoMs = 200;
        public long MaxRtoMs = 60_000;
        public int MaxRetransmissions = 12;
        public int MaxSynRetransmissions = 6;
        public long DelayedAckMs = 40;
        /// <summary>Maximum segment lifetime: TIME-WAIT lasts twice this.</summary>
        public long MslMs = 30_000;
        public int InitialWindowSegments = 10;
    }
}

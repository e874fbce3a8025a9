using System.Collections.Generic;

namespace Sing.Network.Tcp
{
    /// <summary>One connection's transmission control block (RFC 9293 §3.3.1): its 4-tuple, state, the send and receive
    /// sequence variables, buffers, congestion control (RFC 5681), the retransmission timer's estimators (RFC 6298)
    /// and the other timers. The engine changes it; the stack reads it.</summary>
    public sealed class TcpConnection
    {
        public uint LocalAddress { get; internal set; }
        public ushort LocalPort { get; internal set; }
        public uint RemoteAddress { get; internal set; }
        public ushort RemotePort { get; internal set; }
        public TcpState State { get; internal set; }
        public TcpError Error { get; internal set; }

        /// <summary>The peer sent FIN and every byte before it has been read: no more data will come.</summary>
        public bool ReceiveFinished => FinReceived && Received.Count == 0;

        public int BytesReadable => Received.Count;
        public int BytesUnacknowledged => Unsent.Count;
        public long Retransmissions { get; internal set; }
        public long SegmentsIn { get; internal set; }
        public long SegmentsOut { get; internal set; }

        internal TcpListener? Listener;       // set while half-open or waiting to be accepted
        internal bool Accepted;
        internal long CreatedAt;

        // Send side: Unsent holds every byte from SND.UNA on (sent-unacknowledged first, then not yet sent).
        internal ByteRing Unsent = null!;
        internal uint Iss, SndUna, SndNxt, SndMax;
        internal uint SndWnd;                 // the peer's window, scaled
        internal uint SndWl1, SndWl2;
        internal int SndScale, RcvScale;      // window shifts (0 unless both sides sent the option)
        internal bool PeerOffersScale;        // the peer's SYN carried the window-scale option
        internal int Mss = 536;
        internal bool CloseRequested;         // the application closed: FIN follows the queued data
        internal bool FinSent;
        internal uint FinSequence;

        // Receive side.
        internal ByteRing Received = null!;
        internal uint Irs, RcvNxt;
        internal bool FinReceived;
        internal bool DiscardInput;           // the application closed with data unread: later data is dropped
        internal readonly SortedList<uint, byte[]> OutOfOrder = new SortedList<uint, byte[]>();
        internal uint OutOfOrderFin;
        internal bool OutOfOrderHasFin;
        internal uint LastAdvertised;         // RCV.NXT + window at the last segment sent

        // Congestion control and retransmission.
        internal uint Cwnd, Ssthresh;
        internal int DuplicateAcks;
        internal bool InRecovery;
        internal uint Recover;
        internal long Srtt = -1, RttVar, Rto;
        internal uint RttSequence;
        internal long RttStarted = -1;
        internal int Backoff;

        // Timers (long.MaxValue: not armed).
        internal long RetransmitAt = long.MaxValue;
        internal long DelayedAckAt = long.MaxValue;
        internal long PersistAt = long.MaxValue;
        internal long TimeWaitEnds = long.MaxValue;
        internal bool AckNow;
        internal int UnackedSegments;

        internal ulong Key => (ulong)RemoteAddress << 32 | (ulong)RemotePort << 16 | LocalPort;

        public override string ToString() => $"{LocalPort}->{RemoteAddress:x8}:{RemotePort} {State}";
    }

    /// <summary>A listening port: connections whose handshake finished wait in <see cref="Ready"/> (at most the
    /// backlog) for Accept; half-open ones are counted per listener and bounded.</summary>
    public sealed class TcpListener
    {
        public ushort Port { get; internal set; }
        public int Backlog { get; internal set; }
        public int Waiting => Ready.Count;
        public int HalfOpen { get; internal set; }
        internal readonly Queue<TcpConnection> Ready = new Queue<TcpConnection>();
        internal readonly LinkedList<TcpConnection> HalfOpenOrder = new LinkedList<TcpConnection>();
        internal bool Closed;
    }
}

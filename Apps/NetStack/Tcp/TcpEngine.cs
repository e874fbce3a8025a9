using System;
using System.Collections.Generic;
using Sing.Network.Protocol;

namespace Sing.Network.Tcp
{
    /// <summary>TCP (RFC 9293) over <see cref="IIpLayer"/>: passive and active opens, the state machine of §3.3.2 with
    /// the segment-arrival rules of §3.10.7 (acceptability, RFC 5961's RST and SYN defences with challenge ACKs),
    /// sliding windows with window scaling (RFC 7323: the peer's scale is honoured; this end offers shift 0), MSS,
    /// retransmission on RFC 6298's timer with Karn's rule and exponential backoff, RFC 5681's congestion control with
    /// fast retransmit and NewReno-style recovery (RFC 6582), zero-window probes, delayed ACKs (every second full segment,
    /// else after <see cref="TcpLimits.DelayedAckMs"/>), FIN handling in every order, TIME-WAIT for 2 MSL, ISNs after
    /// RFC 6528 (a 4 µs clock plus a keyed hash of the connection's addresses), and bounded memory: half-open connections
    /// per listener (a SYN flood evicts its own oldest entries, never established connections), connections in all,
    /// buffers per connection and in total. The engine is driven: <see cref="Deliver"/> for each segment,
    /// <see cref="Tick"/> at <see cref="NextDeadline"/>, and the application calls; it never blocks and never throws
    /// on input.</summary>
    public sealed class TcpEngine : IIpProtocolHandler
    {
        public const byte Protocol = 6;
        private const ushort FirstEphemeral = 49152;

        private readonly IIpLayer _ip;
        private readonly TcpLimits _limits;
        private readonly ulong _secret;
        private readonly Dictionary<ulong, TcpConnection> _connections = new Dictionary<ulong, TcpConnection>();
        private readonly Dictionary<ushort, TcpListener> _listeners = new Dictionary<ushort, TcpListener>();
        private readonly NetCounters _counters = new NetCounters();
        private readonly byte[] _segment = new byte[TcpSegment.HeaderBytes + 8 + 65535];
        private readonly byte[] _payload = new byte[65535];   // data peeked from a send buffer for one segment
        private readonly List<TcpConnection> _expired = new List<TcpConnection>();
        private long _bufferBytes;
        private ushort _nextEphemeral = FirstEphemeral;

        public TcpEngine(IIpLayer ip, TcpLimits limits, ulong isnSecret)
        {
            _ip = ip;
            _limits = limits;
            _secret = isnSecret;
            _counters.Declare("tcp.segments_in", "tcp.segments_out", "tcp.retransmits", "tcp.fast_retransmits", "tcp.timeouts",
                "tcp.resets_sent", "tcp.resets_in", "tcp.bad_checksum", "tcp.bad_segments", "tcp.out_of_window", "tcp.challenge_acks",
                "tcp.active_opens", "tcp.passive_opens", "tcp.no_listener", "tcp.syn_flood_evictions", "tcp.backlog_drops",
                "tcp.connection_limit_drops", "tcp.out_of_order_kept", "tcp.out_of_order_dropped");
        }

        public IEnumerable<NetCounter> Counters() => _counters.All();

        public IEnumerable<TcpConnection> Connections() => _connections.Values;

        public IEnumerable<TcpListener> Listeners() => _listeners.Values;

        public long BufferBytes => _bufferBytes;

        // ---- the application's calls ------------------------------------------------------------------------------

        /// <summary>Listens on <paramref name="port"/>; null when it already has a listener.</summary>
        public TcpListener? Listen(ushort port, int backlog)
        {
            if (port == 0 || _listeners.ContainsKey(port)) return null;
            var listener = new TcpListener { Port = port, Backlog = Math.Max(1, backlog) };
            _listeners[port] = listener;
            return listener;
        }

        /// <summary>Stops listening: half-open connections are dropped, handshaken ones never accepted are reset.</summary>
        public void StopListening(TcpListener listener)
        {
            if (listener.Closed) return;
            listener.Closed = true;
            _listeners.Remove(listener.Port);
            var doomed = new List<TcpConnection>(listener.Ready);
            foreach (TcpConnection c in listener.HalfOpenOrder) doomed.Add(c);
            listener.Ready.Clear();
            foreach (TcpConnection c in doomed) Abort(c, 0);
        }

        /// <summary>The oldest connection that finished its handshake on <paramref name="listener"/>, or null.</summary>
        public TcpConnection? Accept(TcpListener listener)
        {
            while (listener.Ready.Count > 0)
            {
                TcpConnection c = listener.Ready.Dequeue();
                c.Listener = null;
                c.Accepted = true;
                if (c.State != TcpState.Closed || c.Error != TcpError.None) return c;
            }
            return null;
        }

        /// <summary>Opens a connection (its SYN leaves now); null when no local port or connection slot is free.</summary>
        public TcpConnection? Connect(uint address, ushort port, long now)
        {
            if (_connections.Count >= _limits.MaxConnections && !EvictForNewConnection(null))
            {
                _counters.Add("tcp.connection_limit_drops");
                return null;
            }
            ushort local = 0;
            for (int i = 0; i < 16384 && local == 0; i++)
            {
                ushort candidate = _nextEphemeral;
                _nextEphemeral = (ushort)(_nextEphemeral == 65535 ? FirstEphemeral : _nextEphemeral + 1);
                if (!_connections.ContainsKey((ulong)address << 32 | (ulong)port << 16 | candidate)) local = candidate;
            }
            if (local == 0) return null;
            TcpConnection c = NewConnection(address, port, local, now);
            c.State = TcpState.SynSent;
            c.Mss = _limits.Mss;
            c.RcvScale = 0;
            _counters.Add("tcp.active_opens");
            SendSyn(c, now);
            return c;
        }

        /// <summary>Queues bytes for sending: how many fit in the send buffer (0 when it is full or the connection can
        /// no longer send).</summary>
        public int Send(TcpConnection c, ReadOnlySpan<byte> data, long now)
        {
            if (!CanSend(c)) return 0;
            int n = c.Unsent.Write(data);
            if (c.State != TcpState.SynSent && c.State != TcpState.SynReceived) Output(c, now);
            return n;
        }

        /// <summary>Whether the application may still queue data (not closed for sending, not ended).</summary>
        public bool CanSend(TcpConnection c) => !c.CloseRequested && c.Error == TcpError.None &&
            (c.State == TcpState.Established || c.State == TcpState.CloseWait || c.State == TcpState.SynSent || c.State == TcpState.SynReceived);

        /// <summary>Reads received bytes in order; 0 when none are there (see ReceiveFinished and Error for why).</summary>
        public int Receive(TcpConnection c, Span<byte> into, long now)
        {
            int before = ReceiveWindow(c);
            int n = c.Received.Read(into);
            if (n > 0 && IsSynchronized(c.State))
            {
                // A window that opens by at least two segments (or half the buffer) is announced at once (RFC 9293 §3.8.6.2.2).
                int grown = ReceiveWindow(c) - before;
                if (before < c.Mss || grown >= Math.Min(c.Received.Capacity / 2, 2 * c.Mss))
                {
                    c.AckNow = true;
                    Output(c, now);
                }
            }
            return n;
        }

        /// <summary>Closes for sending: FIN follows the queued data. Bytes not yet read are dropped, and so is whatever
        /// still arrives (acknowledged, so the peer is not left retransmitting into a closed socket).</summary>
        public void Close(TcpConnection c, long now)
        {
            if (c.Received.Count > 0 || !c.FinReceived)
            {
                c.DiscardInput = true;
                c.Received.Discard(c.Received.Count);
            }
            switch (c.State)
            {
                case TcpState.SynSent:
                    Remove(c);
                    return;
                case TcpState.SynReceived:
                case TcpState.Established:
                case TcpState.CloseWait:
                    c.CloseRequested = true;
                    Output(c, now);
                    return;
            }
        }

        /// <summary>Resets the connection (RST when it was synchronized) and forgets it.</summary>
        public void Abort(TcpConnection c, long now)
        {
            if (IsSynchronized(c.State) && c.State != TcpState.TimeWait) SendReset(c.RemoteAddress, c.LocalPort, c.RemotePort, c.SndMax, 0, false, now);
            Remove(c);
        }

        // ---- timers -----------------------------------------------------------------------------------------------

        public long NextDeadline(long now)
        {
            long next = long.MaxValue;
            foreach (TcpConnection c in _connections.Values)
            {
                next = Math.Min(next, c.RetransmitAt);
                next = Math.Min(next, c.DelayedAckAt);
                next = Math.Min(next, c.PersistAt);
                next = Math.Min(next, c.TimeWaitEnds);
            }
            return next;
        }

        public void Tick(long now)
        {
            _expired.Clear();
            foreach (TcpConnection c in _connections.Values)
                if (now >= c.RetransmitAt || now >= c.DelayedAckAt || now >= c.PersistAt || now >= c.TimeWaitEnds) _expired.Add(c);
            foreach (TcpConnection c in _expired)
            {
                if (now >= c.TimeWaitEnds)
                {
                    Remove(c);
                    continue;
                }
                if (now >= c.RetransmitAt) RetransmitTimeout(c, now);
                if (now >= c.PersistAt) Probe(c, now);
                if (now >= c.DelayedAckAt)
                {
                    c.AckNow = true;
                    Output(c, now);
                }
            }
        }

        private void RetransmitTimeout(TcpConnection c, long now)
        {
            c.Backoff++;
            c.Retransmissions++;
            _counters.Add("tcp.retransmits");
            c.Rto = Math.Min(c.Rto * 2, _limits.MaxRtoMs);
            c.RttStarted = -1;   // Karn: no sample from a retransmitted segment
            if (c.State == TcpState.SynSent || c.State == TcpState.SynReceived)
            {
                if (c.Backoff > _limits.MaxSynRetransmissions)
                {
                    Fail(c, TcpError.TimedOut);
                    return;
                }
                SendSyn(c, now);
                return;
            }
            if (c.Backoff > _limits.MaxRetransmissions)
            {
                SendReset(c.RemoteAddress, c.LocalPort, c.RemotePort, c.SndMax, 0, false, now);
                Fail(c, TcpError.TimedOut);
                return;
            }
            uint flight = c.SndMax - c.SndUna;
            c.Ssthresh = Math.Max(flight / 2, 2u * (uint)c.Mss);
            c.Cwnd = (uint)c.Mss;
            c.InRecovery = false;
            c.DuplicateAcks = 0;
            c.SndNxt = c.SndUna;   // go back: everything after SND.UNA is sent again as the window allows
            c.RetransmitAt = long.MaxValue;
            Output(c, now);
            if (c.RetransmitAt == long.MaxValue && c.SndUna != c.SndMax) c.RetransmitAt = now + c.Rto;
        }

        /// <summary>Zero-window probe: one byte past the closed window (or a bare ACK) makes the peer announce its window.</summary>
        private void Probe(TcpConnection c, long now)
        {
            int offset = (int)(c.SndNxt - c.SndUna);
            if (c.SndWnd != 0 || offset >= c.Unsent.Count)
            {
                c.PersistAt = long.MaxValue;
                return;
            }
            Span<byte> one = stackalloc byte[1];
            c.Unsent.Peek(offset, one);
            Emit(c, c.SndNxt, TcpSegment.Ack, one, now);
            c.Backoff = Math.Min(c.Backoff + 1, 16);
            c.PersistAt = now + Math.Min(Math.Max(c.Rto, _limits.MinRtoMs) << Math.Min(c.Backoff, 8), _limits.MaxRtoMs);
        }

        // ---- arriving segments ----------------------------------------------------------------------------------

        public void Deliver(uint source, uint destination, ReadOnlySpan<byte> payload, long now)
        {
            if (!TcpSegment.TryParse(source, destination, payload, out TcpSegment s, out string reason))
            {
                _counters.Add(reason == "checksum" ? "tcp.bad_checksum" : "tcp.bad_segments");
                return;
            }
            if (s.SourcePort == 0 || s.DestinationPort == 0 || (s.Has(TcpSegment.Syn) && s.Has(TcpSegment.Fin)))
            {
                _counters.Add("tcp.bad_segments");
                return;
            }
            _counters.Add("tcp.segments_in");
            ulong key = (ulong)source << 32 | (ulong)s.SourcePort << 16 | s.DestinationPort;
            if (_connections.TryGetValue(key, out TcpConnection? c))
            {
                c.SegmentsIn++;
                if (c.State == TcpState.SynSent) SynSent(c, ref s, now);
                else Synchronized(c, ref s, now);
                return;
            }
            if (_listeners.TryGetValue(s.DestinationPort, out TcpListener? listener) && !listener.Closed)
            {
                Listening(listener, source, destination, ref s, now);
                return;
            }
            _counters.Add("tcp.no_listener");
            Refuse(source, ref s, now);
        }

        /// <summary>A segment for no connection and no listener (RFC 9293 §3.10.7.1): RST, unless it was one.</summary>
        private void Refuse(uint source, ref TcpSegment s, long now)
        {
            if (s.Has(TcpSegment.Rst)) return;
            if (s.Has(TcpSegment.Ack)) SendReset(source, s.DestinationPort, s.SourcePort, s.Acknowledgment, 0, false, now);
            else SendReset(source, s.DestinationPort, s.SourcePort, 0, s.Sequence + s.Length, true, now);
        }

        private void Listening(TcpListener listener, uint source, uint destination, ref TcpSegment s, long now)
        {
            if (s.Has(TcpSegment.Rst)) return;
            if (s.Has(TcpSegment.Ack))
            {
                SendReset(source, s.DestinationPort, s.SourcePort, s.Acknowledgment, 0, false, now);
                return;
            }
            if (!s.Has(TcpSegment.Syn)) return;
            if (listener.HalfOpen >= _limits.MaxHalfOpenPerListener && listener.HalfOpenOrder.First != null)
            {
                // A SYN flood fills the half-open queue: its oldest entry gives way, established connections never do.
                _counters.Add("tcp.syn_flood_evictions");
                Remove(listener.HalfOpenOrder.First.Value);
            }
            if (_connections.Count >= _limits.MaxConnections && !EvictForNewConnection(listener))
            {
                _counters.Add("tcp.connection_limit_drops");
                return;
            }
            TcpConnection c = NewConnection(source, s.SourcePort, s.DestinationPort, now);
            c.LocalAddress = destination;
            c.State = TcpState.SynReceived;
            c.Listener = listener;
            listener.HalfOpen++;
            listener.HalfOpenOrder.AddLast(c);
            c.Irs = s.Sequence;
            c.RcvNxt = s.Sequence + 1;
            TakeSynOptions(c, ref s);
            c.SndWnd = s.Window;
            c.SndWl1 = s.Sequence;
            _counters.Add("tcp.passive_opens");
            SendSyn(c, now);
        }

        private void TakeSynOptions(TcpConnection c, ref TcpSegment s)
        {
            c.Mss = Math.Min(_limits.Mss, s.Mss > 0 ? Math.Max(s.Mss, 64) : 536);
            c.PeerOffersScale = s.WindowScale >= 0;
            c.SndScale = c.PeerOffersScale ? s.WindowScale : 0;
            c.RcvScale = 0;
            c.Cwnd = (uint)(_limits.InitialWindowSegments * c.Mss);
            c.Ssthresh = uint.MaxValue;
        }

        private void SynSent(TcpConnection c, ref TcpSegment s, long now)
        {
            bool ack = s.Has(TcpSegment.Ack);
            if (ack && (Seq.Le(s.Acknowledgment, c.Iss) || Seq.Gt(s.Acknowledgment, c.SndNxt)))
            {
                if (!s.Has(TcpSegment.Rst)) SendReset(c.RemoteAddress, c.LocalPort, c.RemotePort, s.Acknowledgment, 0, false, now);
                return;
            }
            if (s.Has(TcpSegment.Rst))
            {
                if (ack)
                {
                    _counters.Add("tcp.resets_in");
                    Fail(c, TcpError.Refused);
                }
                return;
            }
            if (!s.Has(TcpSegment.Syn)) return;
            c.Irs = s.Sequence;
            c.RcvNxt = s.Sequence + 1;
            TakeSynOptions(c, ref s);
            if (ack)
            {
                Acknowledged(c, s.Acknowledgment, now);
                c.SndWnd = (uint)s.Window << c.SndScale;
                c.SndWl1 = s.Sequence;
                c.SndWl2 = s.Acknowledgment;
                c.State = TcpState.Established;
                c.Backoff = 0;
                c.AckNow = true;
                Output(c, now);
                return;
            }
            // Simultaneous open: both sent SYN; answer with SYN-ACK and wait for the ACK.
            c.State = TcpState.SynReceived;
            c.SndWnd = s.Window;
            SendSyn(c, now);
        }

        /// <summary>RFC 9293 §3.10.7.4 for every state from SYN-RECEIVED on.</summary>
        private void Synchronized(TcpConnection c, ref TcpSegment s, long now)
        {
            // First: is the segment acceptable (does it fall in the receive window)?
            uint window = (uint)Math.Max(0, ReceiveWindow(c));
            uint length = s.Length;
            bool acceptable = length == 0
                ? (window == 0 ? s.Sequence == c.RcvNxt : Seq.InWindow(s.Sequence, c.RcvNxt, window))
                : window != 0 && (Seq.InWindow(s.Sequence, c.RcvNxt, window) || Seq.InWindow(s.Sequence + length - 1, c.RcvNxt, window));
            if (!acceptable)
            {
                _counters.Add("tcp.out_of_window");
                if (!s.Has(TcpSegment.Rst))
                {
                    if (c.State == TcpState.TimeWait && s.Has(TcpSegment.Fin)) c.TimeWaitEnds = now + 2 * _limits.MslMs;
                    c.AckNow = true;
                    Output(c, now);
                }
                return;
            }
            // Second: RST (RFC 5961 §3: only an exact match resets; in-window ones get a challenge ACK).
            if (s.Has(TcpSegment.Rst))
            {
                if (s.Sequence != c.RcvNxt)
                {
                    Challenge(c, now);
                    return;
                }
                _counters.Add("tcp.resets_in");
                if (c.State == TcpState.SynReceived && c.Listener != null && !c.Accepted) Remove(c);   // back to LISTEN
                else if (c.State is TcpState.Closing or TcpState.LastAck or TcpState.TimeWait) Remove(c);
                else Fail(c, TcpError.Reset);
                return;
            }
            // Fourth: a SYN in a synchronized state is answered with a challenge ACK (RFC 5961 §4); a retransmitted SYN
            // in SYN-RECEIVED gets the SYN-ACK again.
            if (s.Has(TcpSegment.Syn))
            {
                if (c.State == TcpState.SynReceived && s.Sequence == c.Irs) SendSyn(c, now);
                else Challenge(c, now);
                return;
            }
            if (!s.Has(TcpSegment.Ack)) return;
            // Fifth: the acknowledgment.
            if (c.State == TcpState.SynReceived)
            {
                if (!Seq.Gt(s.Acknowledgment, c.SndUna) || Seq.Gt(s.Acknowledgment, c.SndMax))
                {
                    SendReset(c.RemoteAddress, c.LocalPort, c.RemotePort, s.Acknowledgment, 0, false, now);
                    return;
                }
                Established(c, now);
                if (c.State == TcpState.Closed) return;
            }
            if (!Acknowledgment(c, ref s, now)) return;
            // Seventh: the data, then the FIN.
            Data(c, ref s, now);
            if (c.State == TcpState.Closed) return;
            Output(c, now);
        }

        private void Established(TcpConnection c, long now)
        {
            TcpListener? listener = c.Listener;
            c.State = TcpState.Established;
            c.Backoff = 0;
            if (listener == null) return;
            listener.HalfOpen--;
            listener.HalfOpenOrder.Remove(c);
            if (listener.Closed || listener.Ready.Count >= listener.Backlog)
            {
                _counters.Add("tcp.backlog_drops");
                Abort(c, now);
                return;
            }
            listener.Ready.Enqueue(c);
        }

        /// <summary>Processes SEG.ACK; false when the segment is to be dropped.</summary>
        private bool Acknowledgment(TcpConnection c, ref TcpSegment s, long now)
        {
            uint ack = s.Acknowledgment;
            if (Seq.Gt(ack, c.SndMax))
            {
                // An ACK for something not yet sent (RFC 5961 §5 makes the old-ACK check too): ACK back and drop.
                c.AckNow = true;
                Output(c, now);
                return false;
            }
            bool windowUpdate = false;
            if (Seq.Lt(c.SndWl1, s.Sequence) || (c.SndWl1 == s.Sequence && Seq.Le(c.SndWl2, ack)))
            {
                uint window = (uint)s.Window << c.SndScale;
                windowUpdate = window != c.SndWnd;
                c.SndWnd = window;
                c.SndWl1 = s.Sequence;
                c.SndWl2 = ack;
                if (window > 0) c.PersistAt = long.MaxValue;
            }
            if (Seq.Gt(ack, c.SndUna)) Acknowledged(c, ack, now);
            else if (ack == c.SndUna && s.Data.Length == 0 && !windowUpdate && !s.Has(TcpSegment.Fin) && c.SndUna != c.SndMax)
                DuplicateAck(c, now);
            // FIN acknowledged?
            bool finAcked = c.FinSent && Seq.Gt(c.SndUna, c.FinSequence);
            switch (c.State)
            {
                case TcpState.FinWait1 when finAcked:
                    c.State = TcpState.FinWait2;
                    break;
                case TcpState.Closing when finAcked:
                    EnterTimeWait(c, now);
                    break;
                case TcpState.LastAck when finAcked:
                    Remove(c);
                    return false;
            }
            return true;
        }

        /// <summary>New data acknowledged: the send buffer shrinks, the RTT is sampled, the congestion window grows or
        /// recovery advances, and the retransmission timer restarts.</summary>
        private void Acknowledged(TcpConnection c, uint ack, long now)
        {
            uint acked = ack - c.SndUna;
            uint dataAcked = acked;
            if (c.SndUna == c.Iss) dataAcked--;                                        // the SYN
            if (c.FinSent && Seq.Gt(ack, c.FinSequence)) dataAcked--;                   // the FIN
            c.Unsent.Discard((int)Math.Min(dataAcked, (uint)c.Unsent.Count));
            c.SndUna = ack;
            if (Seq.Lt(c.SndNxt, c.SndUna)) c.SndNxt = c.SndUna;
            if (c.RttStarted >= 0 && Seq.Ge(ack, c.RttSequence))
            {
                SampleRtt(c, now - c.RttStarted);
                c.RttStarted = -1;
            }
            c.Backoff = 0;
            if (c.InRecovery)
            {
                if (Seq.Ge(ack, c.Recover))
                {
                    c.InRecovery = false;
                    c.Cwnd = c.Ssthresh;
                }
                else
                {
                    // A partial ACK (RFC 6582): the next hole is sent again at once.
                    Retransmit(c, now);
                    c.Cwnd = c.Cwnd > acked ? c.Cwnd - acked + (uint)c.Mss : (uint)c.Mss;
                }
            }
            else if (c.Cwnd < c.Ssthresh) c.Cwnd += Math.Min(acked, (uint)c.Mss);
            else c.Cwnd += Math.Max(1u, (uint)(c.Mss * c.Mss) / c.Cwnd);
            c.DuplicateAcks = 0;
            c.RetransmitAt = c.SndUna == c.SndMax ? long.MaxValue : now + c.Rto;
        }

        private void DuplicateAck(TcpConnection c, long now)
        {
            c.DuplicateAcks++;
            if (c.DuplicateAcks == 3 && !c.InRecovery)
            {
                _counters.Add("tcp.fast_retransmits");
                uint flight = c.SndMax - c.SndUna;
                c.Ssthresh = Math.Max(flight / 2, 2u * (uint)c.Mss);
                c.Recover = c.SndMax;
                c.InRecovery = true;
                Retransmit(c, now);
                c.Cwnd = c.Ssthresh + 3u * (uint)c.Mss;
            }
            else if (c.DuplicateAcks > 3 && c.InRecovery)
            {
                c.Cwnd += (uint)c.Mss;
                Output(c, now);
            }
        }

        /// <summary>Sends the segment at SND.UNA again (fast retransmit, partial ACK).</summary>
        private void Retransmit(TcpConnection c, long now)
        {
            int length = Math.Min(c.Mss, c.Unsent.Count);
            c.Retransmissions++;
            _counters.Add("tcp.retransmits");
            c.RttStarted = -1;
            if (length == 0)
            {
                if (c.FinSent) Emit(c, c.FinSequence, TcpSegment.Fin | TcpSegment.Ack, ReadOnlySpan<byte>.Empty, now);
                return;
            }
            Span<byte> data = new Span<byte>(_payload, 0, length);
            c.Unsent.Peek(0, data);
            Emit(c, c.SndUna, TcpSegment.Ack, data, now);
            c.RetransmitAt = now + c.Rto;
        }

        private void SampleRtt(TcpConnection c, long rtt)
        {
            if (rtt < 0) return;
            if (c.Srtt < 0)
            {
                c.Srtt = rtt;
                c.RttVar = rtt / 2;
            }
            else
            {
                c.RttVar = (3 * c.RttVar + Math.Abs(c.Srtt - rtt)) / 4;
                c.Srtt = (7 * c.Srtt + rtt) / 8;
            }
            c.Rto = Math.Clamp(c.Srtt + Math.Max(1, 4 * c.RttVar), _limits.MinRtoMs, _limits.MaxRtoMs);
        }

        /// <summary>Takes the segment's data (in order into the receive buffer, ahead of a gap into the bounded
        /// out-of-order list) and its FIN.</summary>
        private void Data(TcpConnection c, ref TcpSegment s, long now)
        {
            bool canReceive = c.State is TcpState.Established or TcpState.FinWait1 or TcpState.FinWait2;
            ReadOnlySpan<byte> data = s.Data;
            uint sequence = s.Sequence;
            bool fin = s.Has(TcpSegment.Fin);
            // Drop what was already received (a retransmission that overlaps).
            if (Seq.Lt(sequence, c.RcvNxt))
            {
                uint old = c.RcvNxt - sequence;
                if (old >= data.Length)
                {
                    old = (uint)data.Length;
                    if (!fin || Seq.Lt(sequence + (uint)data.Length, c.RcvNxt)) fin = false;
                }
                data = data.Slice((int)old);
                sequence += old;
            }
            if (canReceive && data.Length > 0)
            {
                if (sequence == c.RcvNxt)
                {
                    int taken = c.DiscardInput ? data.Length : c.Received.Write(data);
                    c.RcvNxt += (uint)taken;
                    if (taken < data.Length) fin = false;   // the rest did not fit: the peer sends it again
                    bool filled = DrainOutOfOrder(c);
                    c.UnackedSegments++;
                    if (c.UnackedSegments >= 2 || filled || c.OutOfOrder.Count > 0) c.AckNow = true;
                    else if (c.DelayedAckAt == long.MaxValue) c.DelayedAckAt = now + _limits.DelayedAckMs;
                }
                else
                {
                    KeepOutOfOrder(c, sequence, data, fin);
                    c.AckNow = true;   // a duplicate ACK tells the sender about the gap
                    return;
                }
            }
            else if (canReceive && fin && sequence != c.RcvNxt)
            {
                c.OutOfOrderFin = sequence;
                c.OutOfOrderHasFin = true;
                c.AckNow = true;
                return;
            }
            if (fin && sequence + (uint)data.Length == c.RcvNxt && !c.FinReceived) Finished(c, now);
            else if (c.OutOfOrderHasFin && c.OutOfOrderFin == c.RcvNxt && !c.FinReceived) Finished(c, now);
            else if (fin && c.State == TcpState.TimeWait)
            {
                c.AckNow = true;
                c.TimeWaitEnds = now + 2 * _limits.MslMs;
            }
        }

        private void KeepOutOfOrder(TcpConnection c, uint sequence, ReadOnlySpan<byte> data, bool fin)
        {
            if (c.OutOfOrder.ContainsKey(sequence) || c.OutOfOrder.Count >= _limits.MaxOutOfOrderSegments
                || (uint)(sequence - c.RcvNxt) + (uint)data.Length > (uint)c.Received.Free)
            {
                _counters.Add("tcp.out_of_order_dropped");
                return;
            }
            c.OutOfOrder.Add(sequence, data.ToArray());
            if (fin)
            {
                c.OutOfOrderFin = sequence + (uint)data.Length;
                c.OutOfOrderHasFin = true;
            }
            _counters.Add("tcp.out_of_order_kept");
        }

        /// <summary>Moves out-of-order segments that now follow RCV.NXT into the buffer; true when any did.</summary>
        private bool DrainOutOfOrder(TcpConnection c)
        {
            bool any = false;
            while (c.OutOfOrder.Count > 0)
            {
                uint first = c.OutOfOrder.Keys[0];
                byte[] bytes = c.OutOfOrder.Values[0];
                if (Seq.Gt(first, c.RcvNxt)) break;
                c.OutOfOrder.RemoveAt(0);
                uint skip = c.RcvNxt - first;
                if (skip >= bytes.Length) continue;
                ReadOnlySpan<byte> rest = new ReadOnlySpan<byte>(bytes, (int)skip, bytes.Length - (int)skip);
                int taken = c.DiscardInput ? rest.Length : c.Received.Write(rest);
                c.RcvNxt += (uint)taken;
                any = true;
                if (taken < rest.Length)
                {
                    c.OutOfOrder.Clear();
                    break;
                }
            }
            return any;
        }

        private void Finished(TcpConnection c, long now)
        {
            c.RcvNxt++;
            c.FinReceived = true;
            c.OutOfOrderHasFin = false;
            c.AckNow = true;
            switch (c.State)
            {
                case TcpState.SynReceived:
                case TcpState.Established:
                    c.State = TcpState.CloseWait;
                    break;
                case TcpState.FinWait1:
                    if (c.FinSent && Seq.Gt(c.SndUna, c.FinSequence)) EnterTimeWait(c, now);
                    else c.State = TcpState.Closing;
                    break;
                case TcpState.FinWait2:
                    EnterTimeWait(c, now);
                    break;
            }
        }

        private void EnterTimeWait(TcpConnection c, long now)
        {
            c.State = TcpState.TimeWait;
            c.RetransmitAt = c.PersistAt = c.DelayedAckAt = long.MaxValue;
            c.TimeWaitEnds = now + 2 * _limits.MslMs;
            _bufferBytes -= c.Unsent.Release() + c.Received.Release();
        }

        private void Challenge(TcpConnection c, long now)
        {
            _counters.Add("tcp.challenge_acks");
            c.AckNow = true;
            Output(c, now);
        }

        // ---- sending ----------------------------------------------------------------------------------------------

        /// <summary>Sends what the windows allow (data, then FIN once all data went), else a pending ACK.</summary>
        private void Output(TcpConnection c, long now)
        {
            if (c.State == TcpState.Closed || c.State == TcpState.SynSent || c.State == TcpState.SynReceived)
            {
                if (c.State == TcpState.SynReceived && c.AckNow) c.AckNow = false;
                return;
            }
            bool canSendData = c.State is TcpState.Established or TcpState.CloseWait or TcpState.FinWait1 or TcpState.Closing or TcpState.LastAck;
            while (canSendData)
            {
                int offset = (int)(c.SndNxt - c.SndUna);
                if (c.SndUna == c.Iss) offset--;   // cannot happen once established, kept for safety
                int available = c.Unsent.Count - offset;
                uint window = Math.Min(c.SndWnd, c.Cwnd);
                uint flight = c.SndNxt - c.SndUna;
                if (available > 0)
                {
                    if (flight >= window)
                    {
                        if (c.SndWnd == 0 && flight == 0 && c.PersistAt == long.MaxValue)
                            c.PersistAt = now + Math.Max(c.Rto, _limits.MinRtoMs);
                        break;
                    }
                    int length = (int)Math.Min((uint)Math.Min(available, c.Mss), window - flight);
                    Span<byte> data = new Span<byte>(_payload, 0, length);
                    c.Unsent.Peek(offset, data);
                    byte flags = TcpSegment.Ack;
                    if (length == available) flags |= TcpSegment.Psh;
                    Emit(c, c.SndNxt, flags, data, now);
                    if (c.RttStarted < 0 && !Seq.Lt(c.SndNxt, c.SndMax))
                    {
                        c.RttStarted = now;
                        c.RttSequence = c.SndNxt + (uint)length;
                    }
                    c.SndNxt += (uint)length;
                    if (Seq.Gt(c.SndNxt, c.SndMax)) c.SndMax = c.SndNxt;
                    if (c.RetransmitAt == long.MaxValue) c.RetransmitAt = now + c.Rto;
                    continue;
                }
                // All data is out: the FIN, once asked for (again after a go-back).
                if (c.CloseRequested && (!c.FinSent || c.SndNxt == c.FinSequence))
                {
                    if (!c.FinSent)
                    {
                        c.FinSent = true;
                        c.FinSequence = c.SndNxt;
                        c.State = c.State == TcpState.CloseWait ? TcpState.LastAck : c.State == TcpState.Established ? TcpState.FinWait1 : c.State;
                    }
                    Emit(c, c.SndNxt, TcpSegment.Fin | TcpSegment.Ack, ReadOnlySpan<byte>.Empty, now);
                    c.SndNxt++;
                    if (Seq.Gt(c.SndNxt, c.SndMax)) c.SndMax = c.SndNxt;
                    if (c.RetransmitAt == long.MaxValue) c.RetransmitAt = now + c.Rto;
                }
                break;
            }
            // A pure ACK takes the highest sequence number sent (SND.MAX), not SND.NXT: after a timeout's go-back SND.NXT
            // is behind what the peer has received, and a segment numbered there is unacceptable to it (it would drop the
            // ACK and answer with its own, and two ends that both went back would do that for ever).
            if (c.AckNow) Emit(c, c.SndMax, TcpSegment.Ack, ReadOnlySpan<byte>.Empty, now);
        }

        /// <summary>Sends one segment of this connection (every segment after the SYN carries the ACK and our window,
        /// so it also answers whatever ACK was pending).</summary>
        private void Emit(TcpConnection c, uint sequence, byte flags, ReadOnlySpan<byte> data, long now)
        {
            int window = Math.Max(0, ReceiveWindow(c));
            ushort field = (ushort)Math.Min(window >> c.RcvScale, 65535);
            if ((flags & TcpSegment.Ack) != 0)
            {
                c.AckNow = false;
                c.UnackedSegments = 0;
                c.DelayedAckAt = long.MaxValue;
                c.LastAdvertised = c.RcvNxt + ((uint)field << c.RcvScale);
            }
            SendSegment(c.RemoteAddress, c.LocalPort, c.RemotePort, sequence, c.RcvNxt, flags, field, false, c.Mss, 0, data, now);
            c.SegmentsOut++;
        }

        private void SendSyn(TcpConnection c, long now)
        {
            byte flags = c.State == TcpState.SynReceived ? (byte)(TcpSegment.Syn | TcpSegment.Ack) : TcpSegment.Syn;
            int window = Math.Min(Math.Max(0, ReceiveWindow(c)), 65535);
            // The SYN-ACK offers window scaling only when the SYN did (RFC 7323 §2.2); the SYN always offers it.
            bool offerScale = c.State == TcpState.SynSent || c.PeerOffersScale;
            SendSegment(c.RemoteAddress, c.LocalPort, c.RemotePort, c.Iss, c.State == TcpState.SynReceived ? c.RcvNxt : 0, flags, (ushort)window,
                true, _limits.Mss, offerScale ? 0 : -1, ReadOnlySpan<byte>.Empty, now);
            c.SegmentsOut++;
            c.SndNxt = c.Iss + 1;
            if (Seq.Gt(c.SndNxt, c.SndMax)) c.SndMax = c.SndNxt;
            c.RetransmitAt = now + c.Rto;
        }

        private void SendReset(uint address, ushort localPort, ushort remotePort, uint sequence, uint acknowledgment, bool withAck, long now)
        {
            _counters.Add("tcp.resets_sent");
            SendSegment(address, localPort, remotePort, sequence, acknowledgment, withAck ? (byte)(TcpSegment.Rst | TcpSegment.Ack) : TcpSegment.Rst,
                0, false, 0, -1, ReadOnlySpan<byte>.Empty, now);
        }

        private void SendSegment(uint address, ushort localPort, ushort remotePort, uint sequence, uint acknowledgment, byte flags,
            ushort window, bool synOptions, int mss, int windowScale, ReadOnlySpan<byte> data, long now)
        {
            ReadOnlySpan<byte> payload = data;
            bool scale = synOptions && windowScale >= 0;
            int length = TcpSegment.Build(_segment, _ip.LocalAddress, address, localPort, remotePort, sequence, acknowledgment, flags, window,
                synOptions, mss, scale ? windowScale : 0, payload);
            if (synOptions && !scale)
            {
                // MSS only: drop the window-scale option (NOP, kind 3) by rebuilding without it.
                length = BuildMssOnly(address, localPort, remotePort, sequence, acknowledgment, flags, window, mss);
            }
            _counters.Add("tcp.segments_out");
            _ip.Send(Protocol, address, new ReadOnlySpan<byte>(_segment, 0, length), now);
        }

        private int BuildMssOnly(uint address, ushort localPort, ushort remotePort, uint sequence, uint acknowledgment, byte flags, ushort window, int mss)
        {
            Span<byte> s = new Span<byte>(_segment, 0, TcpSegment.HeaderBytes + 4);
            s.Clear();
            BigEndian.Put16(s, 0, localPort);
            BigEndian.Put16(s, 2, remotePort);
            BigEndian.Put32(s, 4, sequence);
            BigEndian.Put32(s, 8, acknowledgment);
            s[12] = 6 << 4;
            s[13] = flags;
            BigEndian.Put16(s, 14, window);
            s[20] = 2; s[21] = 4; BigEndian.Put16(s, 22, mss);
            uint sum = InternetChecksum.PseudoHeader(_ip.LocalAddress, address, Protocol, s.Length);
            BigEndian.Put16(s, 16, InternetChecksum.Finish(InternetChecksum.Add(sum, s)));
            return s.Length;
        }

        // ---- bookkeeping ------------------------------------------------------------------------------------------

        private int ReceiveWindow(TcpConnection c)
        {
            int free = c.DiscardInput ? c.Received.Capacity : c.Received.Free;
            // Never shrink the window's right edge once announced (RFC 9293 §3.8.6.2.2).
            int promised = (int)(c.LastAdvertised - c.RcvNxt);
            return promised > free && promised <= c.Received.Capacity ? promised : free;
        }

        private static bool IsSynchronized(TcpState state) => state != TcpState.Closed && state != TcpState.Listen && state != TcpState.SynSent;

        private TcpConnection NewConnection(uint address, ushort remotePort, ushort localPort, long now)
        {
            var c = new TcpConnection
            {
                LocalAddress = _ip.LocalAddress,
                LocalPort = localPort,
                RemoteAddress = address,
                RemotePort = remotePort,
                CreatedAt = now,
                Rto = _limits.InitialRtoMs,
            };
            c.Unsent = new ByteRing(_limits.SendBufferBytes) { Growth = Budget };
            c.Received = new ByteRing(_limits.ReceiveBufferBytes) { Growth = Budget };
            c.Iss = InitialSequence(address, remotePort, localPort, now);
            c.SndUna = c.SndNxt = c.SndMax = c.Iss;
            c.Cwnd = (uint)(_limits.InitialWindowSegments * _limits.Mss);
            c.Ssthresh = uint.MaxValue;
            _connections[c.Key] = c;
            return c;
        }

        private bool Budget(int bytes)
        {
            if (_bufferBytes + bytes > _limits.TotalBufferBytes) return false;
            _bufferBytes += bytes;
            return true;
        }

        /// <summary>RFC 6528: a clock ticking every 4 µs plus a keyed hash of the connection's identity.</summary>
        private uint InitialSequence(uint address, ushort remotePort, ushort localPort, long now)
        {
            ulong x = _secret ^ ((ulong)address << 32 | (ulong)remotePort << 16 | localPort) ^ (ulong)_ip.LocalAddress * 0x9E3779B97F4A7C15;
            x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9;
            x = (x ^ (x >> 27)) * 0x94D049BB133111EB;
            x ^= x >> 31;
            return (uint)x + (uint)(now * 250);
        }

        /// <summary>Makes room for a new connection: the oldest TIME-WAIT, else the oldest half-open of
        /// <paramref name="listener"/>; established connections are never evicted.</summary>
        private bool EvictForNewConnection(TcpListener? listener)
        {
            TcpConnection? victim = null;
            foreach (TcpConnection c in _connections.Values)
                if (c.State == TcpState.TimeWait && (victim == null || c.TimeWaitEnds < victim.TimeWaitEnds)) victim = c;
            if (victim == null && listener != null && listener.HalfOpenOrder.First != null) victim = listener.HalfOpenOrder.First.Value;
            if (victim == null) return false;
            Remove(victim);
            return true;
        }

        private void Fail(TcpConnection c, TcpError error)
        {
            c.Error = error;
            if (error == TcpError.TimedOut) _counters.Add("tcp.timeouts");
            Remove(c);
        }

        /// <summary>Forgets the connection: its buffers' memory goes back, timers stop, its state is Closed (the
        /// application may still hold it and sees its Error).</summary>
        private void Remove(TcpConnection c)
        {
            _connections.Remove(c.Key);
            if (c.Listener != null && c.State == TcpState.SynReceived)
            {
                c.Listener.HalfOpen--;
                c.Listener.HalfOpenOrder.Remove(c);
            }
            c.State = TcpState.Closed;
            c.RetransmitAt = c.DelayedAckAt = c.PersistAt = c.TimeWaitEnds = long.MaxValue;
            _bufferBytes -= c.Unsent.Release() + c.Received.Release();
        }
    }
}

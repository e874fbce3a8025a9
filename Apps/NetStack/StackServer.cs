using System;
using System.Collections.Generic;
using System.Diagnostics;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Network;
using Sing.Network.Protocol;
using Sing.Network.Tcp;
using Sing.Services;
using Sing.Storage;
using Singularity.V1;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.NetStack
{
    /// <summary>The stack's one thread: a switch receive over the card's event channel, the /service/net registration
    /// and every client, listener and connection channel, with a timeout at the protocols' next deadline (ARP and
    /// DHCP retries, TCP retransmission, delayed ACK and TIME-WAIT timers). Frames go up through the interface to
    /// TCP; client requests go down; after each event every parked request that can now be answered is answered.</summary>
    internal sealed class StackServer
    {
        /// <summary>The longest the loop sleeps without looking at its timers.</summary>
        private const int MaxSleepMilliseconds = 1000;
        private const int ScratchBytes = 64 * 1024;

        private readonly NicLink _link;
        private readonly NetInterface _ip;
        private readonly TcpEngine _tcp;
        private readonly EndpointSet<Endpoint> _set = new EndpointSet<Endpoint>();
        private readonly DoorSession _door = new DoorSession();
        private readonly List<ControlSession> _parkedControl = new List<ControlSession>();
        private readonly List<ListenerSession> _parkedListeners = new List<ListenerSession>();
        private readonly List<ConnectionSession> _parkedConnections = new List<ConnectionSession>();
        private readonly byte[] _scratch = new byte[ScratchBytes];
        private readonly NetworkStatus _status;

        public StackServer(NicLink link, NetInterface ip, TcpEngine tcp)
        {
            _link = link;
            _ip = ip;
            _tcp = tcp;
            _status = new NetworkStatus(link, ip, tcp);
        }

        public static long Now() => Stopwatch.GetTimestamp() * 1000 / Stopwatch.Frequency;

        /// <summary>How long clients wait for the first DHCP lease before the stack serves them without an address.</summary>
        private const int ConfigureMilliseconds = 15000;

        /// <summary>The discard service (RFC 863) on TCP port 9: whatever arrives is read and dropped. It is the sink for
        /// the host-to-guest throughput benchmark, served inside the stack so it measures the stack alone.</summary>
        private const ushort DiscardPort = 9;
        private TcpListener? _discard;
        private readonly List<TcpConnection> _discarding = new List<TcpConnection>();
        public long DiscardedBytes { get; private set; }

        public void Run(ChannelEndpoint registration)
        {
            _discard = _tcp.Listen(DiscardPort, 16);
            Configure();
            _set.Add(RegistrationDoor.Exp.Attach(KernelEndpoints.Wrap(registration), RegistrationDoor.States.Open), _door);
            while (true)
            {
                long now = Now();
                int sleep = SleepFor(now);
                if (_link.Port is NicPort port)
                {
                    NicEvents.Imp events = port.BorrowEvents();
                    int ready = _set.Wait(sleep, new ReadOnlySpan<Endpoint>(new Endpoint[] { events }));
                    port.ReturnEvents(events);
                    if (ready == 0) _link.TakeArrived(_ip);
                    else if (ready == EndpointSet<Endpoint>.MemberReady) TakeOne();
                }
                else
                {
                    // The card is gone (its driver died): serve the clients and try to bind it again now and then.
                    Endpoint? ready = _set.Take(Math.Min(sleep, NicLink.RebindMilliseconds), out object? state);
                    if (ready != null) Dispatch(ready, (Session)state!);
                    _link.TryRebind();
                }
                now = Now();
                _ip.Tick(now);
                _tcp.Tick(now);
                AnswerParked(now);
                if (now - _lastSweep >= SweepMilliseconds)
                {
                    _lastSweep = now;
                    SweepClosed(now);
                }
                Discard(now);
                if (_ip.TakeConfigurationChange()) LogAddress();
            }
        }

        private void Discard(long now)
        {
            if (_discard == null) return;
            TcpConnection? accepted;
            while ((accepted = _tcp.Accept(_discard)) != null) _discarding.Add(accepted);
            for (int i = _discarding.Count - 1; i >= 0; i--)
            {
                TcpConnection c = _discarding[i];
                int n;
                while ((n = _tcp.Receive(c, _scratch, now)) > 0) DiscardedBytes += n;
                if (c.ReceiveFinished || c.State == TcpState.Closed)
                {
                    _tcp.Close(c, now);
                    _discarding.RemoveAt(i);
                }
            }
        }

        /// <summary>The first lease, before any client is served (clients that bind meanwhile wait in the registration
        /// queue), so a client's first request finds the interface configured; after 15 s without one the stack
        /// serves anyway (listening needs no address) and DHCP goes on.</summary>
        private void Configure()
        {
            long until = Now() + ConfigureMilliseconds;
            while (_ip.LocalAddress == 0 && Now() < until && _link.Port is NicPort port)
            {
                long now = Now();
                long wait = Math.Min(_ip.NextDeadline(now), until) - now;
                NicEvents.Imp events = port.BorrowEvents();
                int ready = Select.Wait((int)Math.Clamp(wait, 0, MaxSleepMilliseconds), new ReadOnlySpan<Endpoint>(new Endpoint[] { events }));
                port.ReturnEvents(events);
                if (ready == 0) _link.TakeArrived(_ip);
                _ip.Tick(Now());
            }
            if (_ip.TakeConfigurationChange()) LogAddress();
            else Debug.WriteLine("netstack: no DHCP lease within 15 s; serving without an address (DHCP goes on)");
        }

        private void LogAddress()
        {
            if (_ip.LocalAddress == 0)
            {
                Debug.WriteLine("netstack: the DHCP lease ended; no address");
                return;
            }
            Debug.WriteLine($"netstack: address {Ipv4Text.Format((int)_ip.LocalAddress)}/{_ip.PrefixLength} from DHCP server {Ipv4Text.Format((int)_ip.Dhcp.Server)} (gateway {Ipv4Text.Format((int)_ip.Gateway)}, DNS {Ipv4Text.Format((int)_ip.DnsServer)}, lease {_ip.Dhcp.LeaseSeconds} s)");
        }

        /// <summary>How often parked channels are checked for a client that went away.</summary>
        private const int SweepMilliseconds = 250;
        private long _lastSweep;

        /// <summary>A parked channel is out of the endpoint set (its answer is owed), so a client that dies while it
        /// waits is not seen there: every <see cref="SweepMilliseconds"/> each parked channel is asked whether its peer
        /// closed (it cannot have sent anything), and what it held is let go: the connection closed, the listener's
        /// port freed (so a restarted server can listen again at once), a pending connect abandoned.</summary>
        private void SweepClosed(long now)
        {
            for (int i = _parkedListeners.Count - 1; i >= 0; i--)
            {
                ListenerSession l = _parkedListeners[i];
                TcpListenerContract.Exp listener = l.Parked!.Acquire();
                if (!listener.IsReady)
                {
                    l.Parked.Release(listener);
                    continue;
                }
                l.Parked = null;
                listener.Free();
                l.Offered!.Acquire().Free();
                l.Offered = null;
                _tcp.StopListening(l.Listener);
                _parkedListeners.RemoveAt(i);
            }
            for (int i = _parkedConnections.Count - 1; i >= 0; i--)
            {
                ConnectionSession c = _parkedConnections[i];
                if (c.OpenedFor != null) continue;   // an outgoing connect: its client's channel is checked below
                TcpConnectionContract.Exp channel = c.Parked!.Acquire();
                if (!channel.IsReady)
                {
                    c.Parked.Release(channel);
                    continue;
                }
                c.Parked = null;
                channel.Free();
                c.Buffer!.Acquire().Free();
                c.Buffer = null;
                c.Kind = ConnectionSession.Waiting.None;
                _tcp.Close(c.Connection, now);
                _parkedConnections.RemoveAt(i);
            }
            for (int i = _parkedControl.Count - 1; i >= 0; i--)
            {
                ControlSession c = _parkedControl[i];
                NetworkContract.Exp client = c.Parked!.Acquire();
                if (!client.IsReady)
                {
                    c.Parked.Release(client);
                    continue;
                }
                c.Parked = null;
                client.Free();
                if (c.Connecting is ConnectionSession opening)
                {
                    _tcp.Abort(opening.Connection, now);
                    opening.Parked!.Acquire().Free();
                    opening.Parked = null;
                    _parkedConnections.Remove(opening);
                }
                c.Connecting = null;
                c.Kind = ControlSession.Waiting.None;
                _parkedControl.RemoveAt(i);
            }
        }

        private int SleepFor(long now)
        {
            long next = Math.Min(_ip.NextDeadline(now), _tcp.NextDeadline(now));
            foreach (ControlSession c in _parkedControl) next = Math.Min(next, c.Deadline);
            foreach (ConnectionSession c in _parkedConnections) next = Math.Min(next, c.Deadline);
            long wait = next - now;
            return wait <= 0 ? 0 : wait > MaxSleepMilliseconds ? MaxSleepMilliseconds : (int)wait;
        }

        private void TakeOne()
        {
            Endpoint? ready = _set.Take(0, out object? state);
            if (ready != null) Dispatch(ready, (Session)state!);
        }

        private void Dispatch([Claims] Endpoint ready, Session session)
        {
            try
            {
                switch (session)
                {
                    case DoorSession:
                        Accept(ready);
                        break;
                    case ControlSession control:
                        ServeControl((NetworkContract.Exp)ready, control);
                        break;
                    case ListenerSession listener:
                        ServeListener((TcpListenerContract.Exp)ready, listener);
                        break;
                    default:
                        ServeConnection((TcpConnectionContract.Exp)ready, (ConnectionSession)session);
                        break;
                }
            }
            catch (ProtocolViolationException e)
            {
                // A message whose contents the typed unpack refuses ends that channel only.
                Debug.WriteLine("netstack: a malformed request was refused: " + e.Message);
                if (ready.IsOwned) ready.Free();
            }
            catch (Exception e) when (e is InvalidOperationException or ArgumentException or LinearityViolationException)
            {
                // Whatever one request does wrong costs that channel only: the stack goes on for everyone else.
                Debug.WriteLine("netstack: a request failed: " + e.Message + "; its channel is closed");
                if (ready.IsOwned) ready.Free();
            }
        }

        /// <summary>A connect request on /service/net: the client's channel joins the set.</summary>
        private void Accept([Claims] Endpoint door)
        {
            AbiStatus status = KernelEndpoints.ReceivePlain(door, out ReceivedMessage request, 0);
            if (status == AbiStatus.ChannelClosed)
            {
                Debug.WriteLine("netstack: /service/net was withdrawn");
                door.Free();
                return;
            }
            _set.Add(door, _door);
            if (status != AbiStatus.Ok || request.Tag != Names.ConnectRequestTag || request.Endpoint.IsNull) return;
            Principal who = Principal.Of(request);
            NetworkContract.Exp client = NetworkContract.Exp.Attach(KernelEndpoints.Wrap(request.Endpoint), NetworkContract.States.Ready);
            _set.Add(client, new ControlSession(who));
        }

        private void ServeControl([Claims] NetworkContract.Exp client, ControlSession session)
        {
            NetworkContract.Exp.ReadyReceived r = client.ReceiveReady();
            long now = Now();
            switch (r.Tag)
            {
                case NetworkContract.Exp.ReadyTag.Listen:
                {
                    r.GetListen(out int port, out int backlog, out TcpListenerContract.Exp listener);
                    TcpListener? socket = port < 1 || port > 65535 || backlog < 1 || backlog > 4096 ? null : _tcp.Listen((ushort)port, backlog);
                    if (socket == null)
                    {
                        bool range = port < 1 || port > 65535 || backlog < 1 || backlog > 4096;
                        Fail(client, range ? NetworkErrors.InvalidArgument : NetworkErrors.AddressInUse,
                            range ? $"listen: port {port} or backlog {backlog} out of range (1-65535, 1-4096)" : $"listen: port {port} already has a listener");
                        listener.Free();
                    }
                    else
                    {
                        client.SendListening();
                        _set.Add(listener, new ListenerSession(socket, port));
                    }
                    _set.Add(client, session);
                    return;
                }
                case NetworkContract.Exp.ReadyTag.Connect:
                {
                    r.GetConnect(out int address, out int port, out TcpConnectionContract.Exp connection);
                    string? refusal = port < 1 || port > 65535 ? $"connect: port {port} out of range" : _ip.LocalAddress == 0 ? "connect: the interface has no address yet" : null;
                    TcpConnection? socket = refusal == null ? _tcp.Connect((uint)address, (ushort)port, now) : null;
                    if (socket == null)
                    {
                        Fail(client, refusal == null ? NetworkErrors.Exhausted : _ip.LocalAddress == 0 ? NetworkErrors.NotConfigured : NetworkErrors.InvalidArgument,
                            refusal ?? "connect: the stack's connection limit is reached");
                        connection.Free();
                        _set.Add(client, session);
                        return;
                    }
                    var opening = new ConnectionSession(socket) { Kind = ConnectionSession.Waiting.Established, OpenedFor = session };
                    opening.Parked = new TRef<TcpConnectionContract.Exp>(connection);
                    _parkedConnections.Add(opening);
                    session.Connecting = opening;
                    Park(client, session, ControlSession.Waiting.Connect, long.MaxValue);
                    return;
                }
                case NetworkContract.Exp.ReadyTag.Resolve:
                {
                    r.GetResolve(out ExVector<char> name);
                    string text = TextVector.Read(name);
                    name.Free();
                    session.Query = _ip.Dns.Start(text, now);
                    Park(client, session, ControlSession.Waiting.Resolve, long.MaxValue);
                    return;
                }
                case NetworkContract.Exp.ReadyTag.Ping:
                {
                    r.GetPing(out int address, out int sequence, out int timeout);
                    if (timeout < 1 || timeout > 60000 || _ip.LocalAddress == 0)
                    {
                        Fail(client, _ip.LocalAddress == 0 ? NetworkErrors.NotConfigured : NetworkErrors.InvalidArgument,
                            _ip.LocalAddress == 0 ? "ping: the interface has no address yet" : $"ping: timeout {timeout} ms out of range (1-60000)");
                        _set.Add(client, session);
                        return;
                    }
                    session.Query = _ip.Pinger.Send((uint)address, (ushort)sequence, now);
                    session.PingSentAt = Stopwatch.GetTimestamp();
                    Park(client, session, ControlSession.Waiting.Ping, now + timeout);
                    return;
                }
                case NetworkContract.Exp.ReadyTag.GetStatus:
                    client.SendStatus(TextVector.From(_status.Describe(now)));
                    _set.Add(client, session);
                    return;
                default:
                    client.Free();   // the client closed its channel
                    return;
            }
        }

        private void Fail(NetworkContract.Exp client, int error, string reason) => client.SendFailed(error, TextVector.From(reason));

        private void Park([Claims] NetworkContract.Exp client, ControlSession session, ControlSession.Waiting kind, long deadline)
        {
            session.Kind = kind;
            session.Deadline = deadline;
            session.Parked = new TRef<NetworkContract.Exp>(client);
            _parkedControl.Add(session);
        }

        private void ServeListener([Claims] TcpListenerContract.Exp listener, ListenerSession session)
        {
            TcpListenerContract.Exp.ListeningReceived r = listener.ReceiveListening();
            if (r.Tag != TcpListenerContract.Exp.ListeningTag.Accept)
            {
                // The listener's channel closed: stop listening (accepted connections stay).
                _tcp.StopListening(session.Listener);
                listener.Free();
                return;
            }
            r.GetAccept(out TcpConnectionContract.Exp connection);
            session.Offered = new TRef<TcpConnectionContract.Exp>(connection);
            session.Parked = new TRef<TcpListenerContract.Exp>(listener);
            _parkedListeners.Add(session);
        }

        private void ServeConnection([Claims] TcpConnectionContract.Exp channel, ConnectionSession session)
        {
            TcpConnectionContract.Exp.OpenReceived r = channel.ReceiveOpen();
            long now = Now();
            switch (r.Tag)
            {
                case TcpConnectionContract.Exp.OpenTag.Read:
                {
                    r.GetRead(out ExVector<byte> buffer);
                    Read(channel, session, buffer, long.MaxValue, now);
                    return;
                }
                case TcpConnectionContract.Exp.OpenTag.PollRead:
                {
                    r.GetPollRead(out ExVector<byte> buffer, out int timeout);
                    long deadline = timeout < 0 || timeout == int.MaxValue ? long.MaxValue : now + timeout;
                    Read(channel, session, buffer, deadline, now);
                    return;
                }
                case TcpConnectionContract.Exp.OpenTag.Write:
                {
                    r.GetWrite(out ExVector<byte> buffer, out int length);
                    Write(channel, session, buffer, length, now);
                    return;
                }
                case TcpConnectionContract.Exp.OpenTag.Shutdown:
                    _tcp.Close(session.Connection, now);
                    channel.SendDone();
                    _set.Add(channel, session);
                    return;
                case TcpConnectionContract.Exp.OpenTag.Abort:
                    _tcp.Abort(session.Connection, now);
                    channel.SendDone();
                    _set.Add(channel, session);
                    return;
                default:
                    // The client closed its channel: what it queued is still delivered, then FIN.
                    _tcp.Close(session.Connection, now);
                    channel.Free();
                    return;
            }
        }

        /// <summary>Answers a Read now when data (or the end of it) is there; else parks it until data comes or the
        /// PollRead's time runs out.</summary>
        private void Read([Claims] TcpConnectionContract.Exp channel, ConnectionSession session, [Claims] ExVector<byte> buffer, long deadline, long now)
        {
            int n = Take(session, buffer.Length, now, out int reason);
            if (n > 0 || reason != NetworkErrors.None)
            {
                AnswerRead(channel, session, buffer, n, reason);
                return;
            }
            session.Kind = ConnectionSession.Waiting.Read;
            session.BufferLength = buffer.Length;
            session.Deadline = deadline;
            session.Parked = new TRef<TcpConnectionContract.Exp>(channel);
            session.Buffer = new TRef<ExVector<byte>>(buffer);
            _parkedConnections.Add(session);
        }

        /// <summary>Up to <paramref name="capacity"/> received bytes into the scratch buffer; 0 with the reason when no
        /// more will come (PeerClosed, Reset, TimedOut), 0 with None when none are there yet.</summary>
        private int Take(ConnectionSession session, int capacity, long now, out int reason)
        {
            int n = _tcp.Receive(session.Connection, new Span<byte>(_scratch, 0, Math.Min(capacity, _scratch.Length)), now);
            reason = n > 0 ? NetworkErrors.None : EndReason(session.Connection);
            return n;
        }

        /// <summary>Why a connection will give no more data, or None while it may.</summary>
        private static int EndReason(TcpConnection connection) =>
            connection.Error == TcpError.Reset ? NetworkErrors.Reset
            : connection.Error == TcpError.TimedOut ? NetworkErrors.TimedOut
            : connection.Error == TcpError.Refused ? NetworkErrors.Refused
            : connection.ReceiveFinished ? NetworkErrors.PeerClosed
            : NetworkErrors.None;

        private void AnswerRead([Claims] TcpConnectionContract.Exp channel, ConnectionSession session, [Claims] ExVector<byte> buffer, int n, int reason)
        {
            if (n > 0)
            {
                buffer.CopyFrom(new ReadOnlySpan<byte>(_scratch, 0, n));
                channel.SendData(buffer, n);
            }
            else channel.SendNoData(buffer, reason);
            _set.Add(channel, session);
        }

        /// <summary>Queues a Write's bytes in the connection's send buffer; the vector goes back when all of them are in
        /// (parked until ACKs make room), or with WriteFailed when the connection can no longer send.</summary>
        private void Write([Claims] TcpConnectionContract.Exp channel, ConnectionSession session, [Claims] ExVector<byte> buffer, int length, long now)
        {
            if (length < 0 || length > buffer.Length)
            {
                channel.SendWriteFailed(buffer, NetworkErrors.InvalidArgument);
                _set.Add(channel, session);
                return;
            }
            byte[] bytes = buffer.Length <= _scratch.Length ? _scratch : new byte[buffer.Length];
            buffer.CopyTo(bytes);
            int sent = _tcp.Send(session.Connection, new ReadOnlySpan<byte>(bytes, 0, length), now);
            if (sent == length || !_tcp.CanSend(session.Connection))
            {
                FinishWrite(channel, session, buffer, sent == length);
                return;
            }
            session.Unsent = new byte[length - sent];
            Array.Copy(bytes, sent, session.Unsent, 0, length - sent);
            session.UnsentOffset = 0;
            session.Kind = ConnectionSession.Waiting.Write;
            session.Deadline = long.MaxValue;
            session.Parked = new TRef<TcpConnectionContract.Exp>(channel);
            session.Buffer = new TRef<ExVector<byte>>(buffer);
            _parkedConnections.Add(session);
        }

        private void FinishWrite([Claims] TcpConnectionContract.Exp channel, ConnectionSession session, [Claims] ExVector<byte> buffer, bool all)
        {
            if (all) channel.SendWritten(buffer);
            else
            {
                int reason = EndReason(session.Connection);
                channel.SendWriteFailed(buffer, reason == NetworkErrors.None || reason == NetworkErrors.PeerClosed ? NetworkErrors.Closed : reason);
            }
            _set.Add(channel, session);
        }

        /// <summary>Answers every parked request whose answer is ready: data, room in a send buffer, a finished
        /// handshake, a connection to accept, a name resolved, an echo reply, or a deadline passed.</summary>
        private void AnswerParked(long now)
        {
            for (int i = _parkedConnections.Count - 1; i >= 0; i--)
                if (TryAnswer(_parkedConnections[i], now)) _parkedConnections.RemoveAt(i);
            for (int i = _parkedListeners.Count - 1; i >= 0; i--)
                if (TryAccept(_parkedListeners[i], now)) _parkedListeners.RemoveAt(i);
            for (int i = _parkedControl.Count - 1; i >= 0; i--)
                if (TryAnswer(_parkedControl[i], now)) _parkedControl.RemoveAt(i);
        }

        private bool TryAnswer(ConnectionSession session, long now)
        {
            switch (session.Kind)
            {
                case ConnectionSession.Waiting.Read:
                {
                    int n = Take(session, session.BufferLength, now, out int reason);
                    bool expired = now >= session.Deadline;
                    if (n == 0 && reason == NetworkErrors.None && !expired) return false;
                    ExVector<byte> buffer = session.Buffer!.Acquire();
                    TcpConnectionContract.Exp channel = session.Parked!.Acquire();
                    session.Buffer = null;
                    session.Parked = null;
                    session.Kind = ConnectionSession.Waiting.None;
                    session.Deadline = long.MaxValue;
                    AnswerRead(channel, session, buffer, n, reason);
                    return true;
                }
                case ConnectionSession.Waiting.Write:
                {
                    byte[] unsent = session.Unsent!;
                    int left = unsent.Length - session.UnsentOffset;
                    int sent = _tcp.Send(session.Connection, new ReadOnlySpan<byte>(unsent, session.UnsentOffset, left), now);
                    session.UnsentOffset += sent;
                    bool all = sent == left;
                    if (!all && _tcp.CanSend(session.Connection)) return false;
                    session.Unsent = null;
                    session.Kind = ConnectionSession.Waiting.None;
                    ExVector<byte> buffer = session.Buffer!.Acquire();
                    TcpConnectionContract.Exp channel = session.Parked!.Acquire();
                    session.Buffer = null;
                    session.Parked = null;
                    FinishWrite(channel, session, buffer, all);
                    return true;
                }
                default:
                {
                    // Connecting: answered on the client's /service/net channel once the handshake ended either way.
                    TcpState state = session.Connection.State;
                    bool open = state == TcpState.Established || state == TcpState.CloseWait;
                    if (!open && session.Connection.Error == TcpError.None) return false;
                    ControlSession control = session.OpenedFor!;
                    NetworkContract.Exp client = control.Parked!.Acquire();
                    control.Parked = null;
                    control.Kind = ControlSession.Waiting.None;
                    control.Connecting = null;
                    _parkedControl.Remove(control);
                    TcpConnectionContract.Exp channel = session.Parked!.Acquire();
                    session.Parked = null;
                    session.Kind = ConnectionSession.Waiting.None;
                    session.OpenedFor = null;
                    if (open)
                    {
                        client.SendConnected((int)session.Connection.LocalAddress, session.Connection.LocalPort);
                        _set.Add(channel, session);
                    }
                    else
                    {
                        int reason = EndReason(session.Connection);
                        Fail(client, reason, "connect to " + Ipv4Text.Format((int)session.Connection.RemoteAddress) + ":" + session.Connection.RemotePort.ToString() + ": " + NetworkErrors.Describe(reason));
                        channel.Free();
                    }
                    _set.Add(client, control);
                    return true;
                }
            }
        }

        private bool TryAccept(ListenerSession session, long now)
        {
            TcpConnection? accepted = _tcp.Accept(session.Listener);
            if (accepted == null) return false;
            TcpListenerContract.Exp listener = session.Parked!.Acquire();
            TcpConnectionContract.Exp channel = session.Offered!.Acquire();
            session.Parked = null;
            session.Offered = null;
            listener.SendAccepted((int)accepted.RemoteAddress, accepted.RemotePort);
            _set.Add(channel, new ConnectionSession(accepted));
            _set.Add(listener, session);
            return true;
        }

        private bool TryAnswer(ControlSession session, long now)
        {
            switch (session.Kind)
            {
                case ControlSession.Waiting.Resolve:
                {
                    if (!_ip.Dns.TryResult(session.Query, out uint address, out string error)) return false;
                    NetworkContract.Exp client = Unpark(session);
                    if (address != 0) client.SendResolved((int)address);
                    else Fail(client, NetworkErrors.NotFound, error);
                    _set.Add(client, session);
                    return true;
                }
                case ControlSession.Waiting.Ping:
                {
                    bool replied = _ip.Pinger.TryReply(session.Query, out int ttl);
                    if (!replied && now < session.Deadline) return false;
                    NetworkContract.Exp client = Unpark(session);
                    if (replied)
                    {
                        long micros = (Stopwatch.GetTimestamp() - session.PingSentAt) * 1_000_000 / Stopwatch.Frequency;
                        client.SendPong((int)Math.Min(micros, int.MaxValue), ttl);
                    }
                    else
                    {
                        _ip.Pinger.Forget(session.Query);
                        Fail(client, NetworkErrors.TimedOut, "no echo reply in time");
                    }
                    _set.Add(client, session);
                    return true;
                }
                default:
                    return false;   // Connect: answered with its connection
            }
        }

        private static NetworkContract.Exp Unpark(ControlSession session)
        {
            NetworkContract.Exp client = session.Parked!.Acquire();
            session.Parked = null;
            session.Kind = ControlSession.Waiting.None;
            session.Deadline = long.MaxValue;
            return client;
        }
    }
}

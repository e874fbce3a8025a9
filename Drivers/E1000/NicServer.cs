using Sing.Contracts;
using Sing.Services;
using Sing.Contracts.Sip;
using Sing.Network;
using Singularity.Configuration;
using Singularity.V1;
using Debug = Singularity.V1.Debug;

namespace Sing.Drivers.E1000
{
    /// <summary>Serves /dev/nic0 over the NIC contract to one client at a time (a network stack owns the card; a second
    /// client waits until the first leaves), from one thread (a verified SIP creates none): one endpoint set holds the registration, the
    /// client's channel and its event channel, each with a <see cref="Member"/> saying which it is. While the client's
    /// I/O runs the loop waits on the set and the card's interrupt at once (one kernel wait, IrqSelect), and
    /// after each it reaps both rings: frames the card wrote into the client's buffers wait for GetReceivedPacket and
    /// are announced with one NicEvent (the next only after the client's AckEvent); a transmitted frame's buffer goes
    /// back in Transmitted. When the client goes away the receiver is stopped before its buffers are freed.</summary>
    internal sealed class NicServer
    {
        private enum Phase { Configure, Parameters, Configured, Running }

        /// <summary>The longest the driver waits without looking at the card while a client's I/O runs.</summary>
        private const int ServiceMilliseconds = 100;

        private readonly E1000Card _card;
        private readonly IrqLine _irq;
        private readonly ReceiveRing _receive;
        private readonly TransmitRing _transmit;
        private readonly EndpointSet<Endpoint> _set = new EndpointSet<Endpoint>();
        private readonly Member _door = new Member(Member.Kind.Door);
        private readonly ReceivedFrames _received = new ReceivedFrames();

        // The connected client, if any: its members (new ones per client, so a late message of a former client's
        // event channel is recognised as stale), its phase, and what is held for it.
        private Member? _client, _events;
        private Phase _phase;
        private int _receiveBuffers;
        private TRef<NicEvents.Exp>? _idleEvents;       // the event channel when no event awaits its AckEvent
        private TRef<NicDevice.Exp>? _transmitting;     // the client while its frame is on the card
        private bool _arrivedSinceEvent, _linkWasUp;
        private ChannelEndpoint _waiting;                 // a connection request that came while the card was held

        public NicServer(E1000Card card, IrqLine irq, DmaMemory dma)
        {
            _card = card;
            _irq = irq;
            _receive = new ReceiveRing(card, dma);
            _transmit = new TransmitRing(card, dma);
            _linkWasUp = card.LinkIsUp;
        }

        public void Run(ChannelEndpoint registration)
        {
            _set.Add(RegistrationDoor.Exp.Attach(KernelEndpoints.Wrap(registration), RegistrationDoor.States.Open), _door);
            while (true)
            {
                bool running = _client != null && (_phase == Phase.Running || _transmitting != null);
                // While I/O runs, one wait covers the card's interrupt and every channel: a frame that arrives and a
                // client's request are each served the moment they come (the safety timeout only re-reads the card).
                bool member = !running || _set.WaitOrInterrupt(ServiceMilliseconds, _irq.Handle) == EndpointSet<Endpoint>.MemberReady;
                object? state = null;
                Endpoint? ready = member ? _set.Take(running ? 0 : Select.Infinite, out state) : null;
                if (ready != null) Dispatch(ready, (Member)state!);
                if (_client != null) Service();
            }
        }

        private void Dispatch([Claims] Endpoint ready, Member member)
        {
            if (member.What == Member.Kind.Door) Accept(ready);
            else if (member != _client && member != _events) ready.Free();   // a former client's channel
            else if (member.What == Member.Kind.Events) Acknowledged((NicEvents.Exp)ready);
            else Serve((NicDevice.Exp)ready);
        }

        /// <summary>The registration is ready: take the kernel's connection request and give the client its channel.
        /// While another client holds the card the request waits for it to leave (one at most; more are refused).</summary>
        private void Accept([Claims] Endpoint door)
        {
            AbiStatus status = KernelEndpoints.ReceivePlain(door, out ReceivedMessage request, 0);
            if (status == AbiStatus.ChannelClosed)
            {
                Debug.WriteLine("/dev/nic0: registration closed; no longer served");
                door.Free();
                return;
            }
            _set.Add(door, _door);
            if (status != AbiStatus.Ok || request.Tag != Names.ConnectRequestTag || request.Endpoint.IsNull) return;
            if (_client == null)
            {
                Connect(request.Endpoint);
                return;
            }
            if (!_waiting.IsNull)
            {
                Debug.WriteLine("/dev/nic0: a third client was refused (one client at a time holds the card, one more may wait)");
                Channels.Close(request.Endpoint);
                return;
            }
            // The client may be leaving (its closed channel not yet taken from the set): this one is served then.
            _waiting = request.Endpoint;
        }

        /// <summary>Gives the client its NicDevice channel, opened with DeviceInfo.</summary>
        private void Connect(ChannelEndpoint request)
        {
            NicDevice.Exp? client = NicDeviceConnection.Accept(request);
            if (client == null) return;
            client.SendDeviceInfo(1500, _card.Mac);
            _client = new Member(Member.Kind.Client);
            _events = new Member(Member.Kind.Events);
            _phase = Phase.Configure;
            _set.Add(client, _client);
        }

        private void Serve([Claims] NicDevice.Exp client)
        {
            switch (_phase)
            {
                case Phase.Configure:
                {
                    NicDevice.Exp.IoConfigureBeginReceived r = client.ReceiveIoConfigureBegin();
                    if (r.Tag != NicDevice.Exp.IoConfigureBeginTag.RegisterForEvents)
                    {
                        Release(client);
                        return;
                    }
                    r.GetRegisterForEvents(out NicEvents.Exp events);
                    _idleEvents = new TRef<NicEvents.Exp>(events);
                    _phase = Phase.Parameters;
                    break;
                }
                case Phase.Parameters:
                {
                    NicDevice.Exp.IoConfigureBeginAfterRegisterForEventsReceived r = client.ReceiveIoConfigureBeginAfterRegisterForEvents();
                    if (r.Tag != NicDevice.Exp.IoConfigureBeginAfterRegisterForEventsTag.SetParameters)
                    {
                        Release(client);
                        return;
                    }
                    r.GetSetParameters(out int receiveBuffers);
                    if (receiveBuffers < 1 || receiveBuffers > ReceiveRing.Capacity)
                    {
                        // The client registers its events again with the next try (001's protocol).
                        client.SendInvalidParameters(1);
                        DropEvents();
                        _phase = Phase.Configure;
                    }
                    else
                    {
                        _receiveBuffers = receiveBuffers;
                        client.SendSuccess();
                        _phase = Phase.Configured;
                    }
                    break;
                }
                case Phase.Configured:
                {
                    NicDevice.Exp.IoConfiguredReceived r = client.ReceiveIoConfigured();
                    if (r.Tag == NicDevice.Exp.IoConfiguredTag.StartIO)
                    {
                        // Off only after a former client left (its buffers had to be taken from the card).
                        if (!_card.ReceiverOn) _card.EnableReceiver(true);
                        _card.EnableInterrupts(true);
                        _phase = Phase.Running;
                    }
                    else if (r.Tag == NicDevice.Exp.IoConfiguredTag.ConfigureIO)
                    {
                        DropEvents();
                        _phase = Phase.Configure;
                    }
                    else
                    {
                        Release(client);
                        return;
                    }
                    break;
                }
                default:
                    ServeRunning(client);
                    return;
            }
            _set.Add(client, _client!);
        }

        /// <summary>One request of running I/O. The client goes back into the set once answered; while its frame is on
        /// the card it is held until Transmitted.</summary>
        private void ServeRunning([Claims] NicDevice.Exp client)
        {
            NicDevice.Exp.IoRunningReceived r = client.ReceiveIoRunning();
            switch (r.Tag)
            {
                case NicDevice.Exp.IoRunningTag.PacketForReceive:
                {
                    r.GetPacketForReceive(out ExVector<byte> buffer);
                    int refused = Refusal(buffer);
                    if (refused >= 0) client.SendBadPacketSize(buffer, refused);
                    else
                    {
                        _receive.Commit(buffer);
                        client.SendSuccess();
                    }
                    _set.Add(client, _client!);
                    return;
                }
                case NicDevice.Exp.IoRunningTag.PostAndGet:
                {
                    r.GetPostAndGet(out ExVector<byte> buffer);
                    int refused = Refusal(buffer);
                    if (refused >= 0) client.SendBadPacketSize(buffer, refused);
                    else
                    {
                        _receive.Commit(buffer);
                        ExVector<byte>? frame = _received.Take(out int length);
                        if (frame == null) client.SendNoPacket();
                        else client.SendReceivedPacket(frame, length);
                    }
                    _set.Add(client, _client!);
                    return;
                }
                case NicDevice.Exp.IoRunningTag.GetReceivedPacket:
                {
                    ExVector<byte>? frame = _received.Take(out int length);
                    if (frame == null) client.SendNoPacket();
                    else client.SendReceivedPacket(frame, length);
                    _set.Add(client, _client!);
                    return;
                }
                case NicDevice.Exp.IoRunningTag.Transmit:
                {
                    r.GetTransmit(out ExVector<byte> frame, out int length);
                    if (length < 14 || length > NicDevice.MaxFrameBytes || length > frame.Length || _transmit.Full)
                        client.SendBadPacketSize(frame, NicDevice.MaxFrameBytes);
                    else if (!_transmit.Describe(frame, length))
                    {
                        Debug.WriteLine("/dev/nic0: a frame was refused for DMA");
                        client.SendBadPacketSize(frame, NicDevice.MaxFrameBytes);
                    }
                    else
                    {
                        _transmit.Commit(frame);
                        _transmitting = new TRef<NicDevice.Exp>(client);
                        return;
                    }
                    _set.Add(client, _client!);
                    return;
                }
                default:
                    Release(client);
                    return;
            }
        }

        /// <summary>The client's AckEvent (or its event channel closing).</summary>
        private void Acknowledged([Claims] NicEvents.Exp events)
        {
            NicEvents.Exp.ReadyAfterNicEventReceived r = events.ReceiveReadyAfterNicEvent();
            if (r.Tag != NicEvents.Exp.ReadyAfterNicEventTag.AckEvent)
            {
                events.Free();
                return;
            }
            _idleEvents = new TRef<NicEvents.Exp>(events);
            Announce();
        }

        /// <summary>Reads the card's interrupt causes and reaps both rings.</summary>
        /// <summary>Why a receive buffer the client hands in cannot go to the card (the size to report: the size it must
        /// have, or 0 when the client already keeps as many buffers as it registered), or -1 when it is described for DMA
        /// and ready to commit.</summary>
        private int Refusal(ExVector<byte> buffer)
        {
            if (buffer.Length < NicDevice.ReceiveBufferBytes) return NicDevice.ReceiveBufferBytes;
            if (_receive.Posted + _received.Count >= _receiveBuffers) return 0;
            if (_receive.Describe(buffer)) return -1;
            Debug.WriteLine("/dev/nic0: a receive buffer was refused for DMA");
            return NicDevice.ReceiveBufferBytes;
        }

        private void Service()
        {
            uint causes = _card.TakeCauses();
            if ((causes & E1000Registers.LinkChanged) != 0 && _card.LinkIsUp != _linkWasUp)
            {
                _linkWasUp = !_linkWasUp;
                Debug.WriteLine(_linkWasUp ? $"link up at {_card.SpeedMbps} Mb/s" : "link down");
            }
            while (true)
            {
                ExVector<byte>? buffer = _receive.TakeCompleted(out int length, out bool good);
                if (buffer == null) break;
                if (good)
                {
                    _received.Add(buffer, length);
                    _arrivedSinceEvent = true;
                }
                else if (_receive.Describe(buffer)) _receive.Commit(buffer);   // a bad frame: the buffer goes back to the card
                else buffer.Free();
            }
            Announce();
            ExVector<byte>? sent = _transmit.TakeSent();
            if (sent == null) return;
            if (_transmitting == null)
            {
                sent.Free();
                return;
            }
            NicDevice.Exp client = _transmitting.Acquire();
            _transmitting = null;
            client.SendTransmitted(sent);
            _set.Add(client, _client!);
        }

        /// <summary>Tells the client that frames arrived, unless an event already awaits its AckEvent.</summary>
        private void Announce()
        {
            if (!_arrivedSinceEvent || _idleEvents == null || _received.Count == 0) return;
            NicEvents.Exp events = _idleEvents.Acquire();
            _idleEvents = null;
            _arrivedSinceEvent = false;
            events.SendNicEvent(NicEvents.ReceiveEvent);
            _set.Add(events, _events!);
        }

        private void DropEvents()
        {
            if (_idleEvents == null) return;
            _idleEvents.Acquire().Free();
            _idleEvents = null;
        }

        /// <summary>The client is gone: stop receiving into its buffers and free everything held for it. A frame still
        /// on the card is freed when the card finishes it.</summary>
        private void Release([Claims] NicDevice.Exp client)
        {
            client.Free();
            _card.EnableInterrupts(false);
            _receive.Release();
            _received.Clear();
            DropEvents();
            _client = null;
            _events = null;
            _arrivedSinceEvent = false;
            Debug.WriteLine("/dev/nic0: client gone; its buffers are freed and the receiver is off until the next client starts I/O");
            if (_waiting.IsNull) return;
            ChannelEndpoint next = _waiting;
            _waiting = default;
            Connect(next);
        }

        /// <summary>The endpoint set's state for a member: the registration, or the current client's channel or event
        /// channel (new objects per client).</summary>
        private sealed class Member
        {
            public enum Kind { Door, Client, Events }

            public readonly Kind What;

            public Member(Kind what) => What = what;
        }
    }
}

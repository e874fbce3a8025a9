using System;
using Sing.Contracts;
using Sing.Network;
using Sing.Network.Protocol;

namespace Sing.Apps.NetStack
{
    /// <summary>The stack's side of the NIC contract: binds the card, configures it (an event channel, a ring's worth of
    /// receive buffers), and moves frames. Receive buffers are the stack's exchange-heap vectors: the card writes a frame
    /// straight into one, the stack copies it out, hands the same vector back at once and then passes the copy up the
    /// layers. A frame to send is copied into a vector (the one the last Transmitted gave back, when there is one) and
    /// the driver answers when the card has read it.</summary>
    internal sealed class NicPort : IFrameTransmitter
    {
        /// <summary>Receive buffers the stack keeps with the card (its ring holds 64).</summary>
        public const int ReceiveBuffers = 48;

        private readonly TRef<NicDevice.Imp> _nic;
        private readonly TRef<NicEvents.Imp> _events;
        private readonly byte[] _frame = new byte[NicDevice.ReceiveBufferBytes];
        private TRef<ExVector<byte>>? _spare;
        private bool _closed;
        private static long s_refusedBuffers;

        /// <summary>Receive buffers the driver refused when handed back (none expected: the stack never keeps more than
        /// it registered).</summary>
        public static long RefusedBuffers => s_refusedBuffers;

        public long Mac { get; }
        public int Mtu { get; }
        public long FramesIn { get; private set; }
        public long FramesOut { get; private set; }
        public long TransmitRefused { get; private set; }

        private NicPort([Claims] NicDevice.Imp nic, [Claims] NicEvents.Imp events, long mac, int mtu)
        {
            _nic = new TRef<NicDevice.Imp>(nic);
            _events = new TRef<NicEvents.Imp>(events);
            Mac = mac;
            Mtu = mtu;
        }

        /// <summary>Binds <paramref name="path"/> and starts I/O; null with the reason when the card is missing or
        /// refuses the configuration.</summary>
        public static NicPort? Connect(string path, int waitMilliseconds, out string error)
        {
            NicDevice.Imp? nic = NicDeviceConnection.Connect(path, waitMilliseconds);
            if (nic == null)
            {
                error = "no network card at " + path;
                return null;
            }
            nic.RecvDeviceInfo(out int mtu, out long mac);
            NicEvents.CreateChannel(out NicEvents.Imp events, out NicEvents.Exp source);
            nic.SendRegisterForEvents(source);
            nic.SendSetParameters(ReceiveBuffers);
            NicDevice.Imp.IoConfigureAckReceived ack = nic.ReceiveIoConfigureAck();
            if (ack.Tag != NicDevice.Imp.IoConfigureAckTag.Success)
            {
                error = path + " refused " + ReceiveBuffers.ToString() + " receive buffers (" + ack.Tag.ToString() + ")";
                nic.Free();
                events.Free();
                return null;
            }
            nic.SendStartIO();
            var port = new NicPort(nic, events, mac, mtu);
            for (int i = 0; i < ReceiveBuffers; i++)
            {
                if (port.PostNew()) continue;
                error = path + " refused a receive buffer";
                port.Close();
                return null;
            }
            error = "";
            return port;
        }

        /// <summary>Takes the driver's event (acknowledging it, so the next can come) and every frame it holds; each
        /// frame goes up to <paramref name="sink"/> after its buffer is back with the card. False when the driver is gone.</summary>
        public bool TakeArrived(NetInterface sink)
        {
            NicEvents.Imp events = _events.Acquire();
            NicEvents.Imp.ReadyReceived e = events.ReceiveReady();
            if (e.Tag != NicEvents.Imp.ReadyTag.NicEvent)
            {
                _events.Release(events);
                return false;
            }
            events.SendAckEvent();
            _events.Release(events);
            return Drain(sink);
        }

        /// <summary>The driver's event channel, for the main loop's switch receive; give it back with
        /// <see cref="ReturnEvents"/>.</summary>
        public NicEvents.Imp BorrowEvents() => _events.Acquire();

        public void ReturnEvents([Claims] NicEvents.Imp events) => _events.Release(events);

        /// <summary>Takes every frame the driver holds. The first request is GetReceivedPacket; each later one is
        /// PostAndGet with the buffer of the frame just read, so a burst costs one round trip a frame; the buffer of the
        /// last frame goes back with the PostAndGet that finds no more.</summary>
        private bool Drain(NetInterface sink)
        {
            TRef<ExVector<byte>>? held = null;
            while (true)
            {
                NicDevice.Imp nic = _nic.Acquire();
                ExVector<byte>? data;
                int length;
                bool ok;
                if (held == null)
                {
                    nic.SendGetReceivedPacket();
                    data = Received(nic, out length, out ok);
                }
                else
                {
                    nic.SendPostAndGet(held.Acquire());
                    held = null;
                    data = ReceivedAfterPost(nic, out length, out ok);
                }
                _nic.Release(nic);
                if (data == null) return ok;
                data.CopyTo(_frame);
                held = new TRef<ExVector<byte>>(data);
                FramesIn++;
                // The frame goes up with the driver's channel free: answering it may transmit.
                if (length > 0 && length <= _frame.Length) sink.Receive(new ReadOnlySpan<byte>(_frame, 0, length), StackServer.Now());
                if (_closed)
                {
                    held.Acquire().Free();
                    return true;   // answering the frame found the driver gone: the link closed this port
                }
            }
        }

        /// <summary>The answer to GetReceivedPacket: the frame's vector, or null (no frame: ok; a closed channel: not ok).</summary>
        private static ExVector<byte>? Received(NicDevice.Imp nic, out int length, out bool ok)
        {
            length = 0;
            NicDevice.Imp.IoRunningAfterGetReceivedPacketReceived r = nic.ReceiveIoRunningAfterGetReceivedPacket();
            ok = r.Tag != NicDevice.Imp.IoRunningAfterGetReceivedPacketTag.ChannelClosed;
            if (r.Tag != NicDevice.Imp.IoRunningAfterGetReceivedPacketTag.ReceivedPacket) return null;
            r.GetReceivedPacket(out ExVector<byte> data, out length);
            return data;
        }

        /// <summary>The answer to PostAndGet: as <see cref="Received"/>; a buffer the driver refused is freed (the stack
        /// keeps one buffer fewer with the card) and counted.</summary>
        private static ExVector<byte>? ReceivedAfterPost(NicDevice.Imp nic, out int length, out bool ok)
        {
            length = 0;
            NicDevice.Imp.IoRunningAfterPostAndGetReceived r = nic.ReceiveIoRunningAfterPostAndGet();
            ok = r.Tag != NicDevice.Imp.IoRunningAfterPostAndGetTag.ChannelClosed;
            if (r.Tag == NicDevice.Imp.IoRunningAfterPostAndGetTag.BadPacketSize)
            {
                r.GetBadPacketSize(out ExVector<byte> refused, out _);
                refused.Free();
                s_refusedBuffers++;
                return null;
            }
            if (r.Tag != NicDevice.Imp.IoRunningAfterPostAndGetTag.ReceivedPacket) return null;
            r.GetReceivedPacket(out ExVector<byte> data, out length);
            return data;
        }

        /// <summary>Sends one frame (14..1514 bytes; the card pads short ones) and waits until the card has read it.</summary>
        public void Transmit(ReadOnlySpan<byte> frame)
        {
            if (frame.Length < 14 || frame.Length > NicDevice.MaxFrameBytes)
            {
                TransmitRefused++;
                return;
            }
            ExVector<byte> vector;
            if (_spare != null)
            {
                vector = _spare.Acquire();
                _spare = null;
            }
            else vector = ExchangeHeap.NewVector<byte>(NicDevice.MaxFrameBytes);
            vector.CopyFrom(frame);
            NicDevice.Imp nic = _nic.Acquire();
            nic.SendTransmit(vector, frame.Length);
            NicDevice.Imp.IoRunningAfterTransmitReceived t = nic.ReceiveIoRunningAfterTransmit();
            _nic.Release(nic);
            if (t.Tag == NicDevice.Imp.IoRunningAfterTransmitTag.Transmitted)
            {
                t.GetTransmitted(out ExVector<byte> back);
                _spare = new TRef<ExVector<byte>>(back);
                FramesOut++;
                return;
            }
            TransmitRefused++;
            if (t.Tag == NicDevice.Imp.IoRunningAfterTransmitTag.BadPacketSize)
            {
                t.GetBadPacketSize(out ExVector<byte> refused, out _);
                refused.Free();
                return;
            }
            throw new ChannelClosedException("the network driver closed the channel");
        }

        public void Close()
        {
            if (_closed) return;
            _closed = true;
            if (_spare != null) _spare.Acquire().Free();
            _spare = null;
            _nic.Acquire().Free();
            _events.Acquire().Free();
        }

        private bool PostNew()
        {
            NicDevice.Imp nic = _nic.Acquire();
            bool ok = Post(nic, ExchangeHeap.NewVector<byte>(NicDevice.ReceiveBufferBytes));
            _nic.Release(nic);
            return ok;
        }

        private static bool Post(NicDevice.Imp nic, [Claims] ExVector<byte> buffer)
        {
            nic.SendPacketForReceive(buffer);
            NicDevice.Imp.IoRunningAfterPacketForReceiveReceived r = nic.ReceiveIoRunningAfterPacketForReceive();
            if (r.Tag == NicDevice.Imp.IoRunningAfterPacketForReceiveTag.Success) return true;
            if (r.Tag == NicDevice.Imp.IoRunningAfterPacketForReceiveTag.BadPacketSize)
            {
                r.GetBadPacketSize(out ExVector<byte> back, out _);
                back.Free();
            }
            return false;
        }
    }
}

using System.Threading;
using Sing.Contracts.Tests.Contracts;
using Xunit;

namespace Sing.Contracts.Tests
{
    /// <summary>The NIC contract end to end: endpoint passing, zero-copy buffers, choices, events.</summary>
    [Collection(Fuzzing.ExchangeHeapAccounting.Name)]
    public sealed class NicDeviceTests
    {
        private static void Driver([Claims][InState("Start")] NicDevice.Exp device)
        {
            device.SendDeviceInfo(1500, 0x0000_1122_3344_5566UL);
            device.RecvRegisterForEvents(out NicEvents.Exp events);
            device.RecvSetParameters(out int buffers);
            if (buffers <= 0)
            {
                device.SendInvalidParameters(buffers);
                device.RecvRegisterForEvents(out NicEvents.Exp again);
                again.Free();
                device.RecvSetParameters(out buffers);
            }

            device.SendSuccess();
            if (device.ReceiveIoConfigured().Tag != NicDevice.Exp.IoConfiguredTag.StartIO)
            {
                // This driver does not support reconfiguration: it stops (the client sees ChannelClosed).
                device.Free();
                events.Free();
                return;
            }

            ExVector<byte>? held = null;
            while (true)
            {
                NicDevice.Exp.IoRunningReceived request = device.ReceiveIoRunning();
                if (request.Tag == NicDevice.Exp.IoRunningTag.ChannelClosed)
                {
                    break;
                }

                if (request.Tag == NicDevice.Exp.IoRunningTag.PacketForReceive)
                {
                    request.GetPacketForReceive(out ExVector<byte> buffer);
                    if (buffer.Length < 64)
                    {
                        device.SendBadPacketSize(buffer, 64);
                    }
                    else
                    {
                        buffer[0] = 0xAB;
                        held?.Free();
                        held = buffer;
                        device.SendSuccess();
                        events.SendNicEvent(NicEvents.NicEventType.ReceiveEvent);
                        events.RecvAckEvent();
                    }
                }
                else if (held is null)
                {
                    device.SendNoPacket();
                }
                else
                {
                    device.SendReceivedPacket(held, ExchangeHeap.New(new Packet { Length = 60, Timestamp = 7 }));
                    held = null;
                }
            }

            held?.Free();
            device.Free();
            events.Free();
        }

        [Fact]
        public void Client_configures_registers_events_and_gets_its_buffer_back()
        {
            long liveBefore = ExchangeHeap.LiveBlocks;
            NicDevice.CreateChannel(out NicDevice.Imp client, out NicDevice.Exp driver);
            var handOver = new TRef<NicDevice.Exp>(driver);
            var thread = new Thread(() => Driver(handOver.Acquire()));
            thread.Start();

            client.RecvDeviceInfo(out int mtu, out ulong mac);
            Assert.Equal(1500, mtu);
            Assert.Equal(0x0000_1122_3344_5566UL, mac);

            NicEvents.CreateChannel(out NicEvents.Imp eventsImp, out NicEvents.Exp eventsExp);
            client.SendRegisterForEvents(eventsExp);
            Assert.False(eventsExp.IsOwned);
            client.SendSetParameters(0);
            NicDevice.Imp.IoConfigureAckReceived ack = client.ReceiveIoConfigureAck();
            Assert.Equal(NicDevice.Imp.IoConfigureAckTag.InvalidParameters, ack.Tag);
            ack.GetInvalidParameters(out int error);
            Assert.Equal(0, error);

            NicEvents.CreateChannel(out NicEvents.Imp spareImp, out NicEvents.Exp spareExp);
            client.SendRegisterForEvents(spareExp);
            client.SendSetParameters(8);
            client.ReceiveIoConfigureAck().AfterSuccess();
            client.SendStartIO();

            ExVector<byte> small = ExchangeHeap.NewVector<byte>(16);
            client.SendPacketForReceive(small);
            NicDevice.Imp.IoRunningAfterPacketForReceiveReceived bad = client.ReceiveIoRunningAfterPacketForReceive();
            Assert.Equal(NicDevice.Imp.IoRunningAfterPacketForReceiveTag.BadPacketSize, bad.Tag);
            bad.GetBadPacketSize(out ExVector<byte> returned, out int expected);
            Assert.Equal(64, expected);
            Assert.Equal(16, returned.Length);
            returned.Free();

            client.SendGetReceivedPacket();
            client.ReceiveIoRunningAfterGetReceivedPacket().AfterNoPacket();

            ExVector<byte> big = ExchangeHeap.NewVector<byte>(128);
            client.SendPacketForReceive(big);
            client.ReceiveIoRunningAfterPacketForReceive().AfterSuccess();
            eventsImp.RecvNicEvent(out NicEvents.NicEventType kind);
            Assert.Equal(NicEvents.NicEventType.ReceiveEvent, kind);
            eventsImp.SendAckEvent();

            client.SendGetReceivedPacket();
            NicDevice.Imp.IoRunningAfterGetReceivedPacketReceived got = client.ReceiveIoRunningAfterGetReceivedPacket();
            Assert.Equal(NicDevice.Imp.IoRunningAfterGetReceivedPacketTag.ReceivedPacket, got.Tag);
            got.GetReceivedPacket(out ExVector<byte> data, out ExRef<Packet> info);
            Assert.Equal(0xAB, data[0]);
            Assert.Equal(60, info.Value.Length);
#pragma warning disable SING0201, SING0205 // deliberate use after send: the run-time check must catch it
            Assert.Throws<LinearityViolationException>(() => big.Length);
#pragma warning restore SING0201, SING0205
            data.Free();
            info.Free();

            client.Free();
            Assert.True(thread.Join(10_000));
            eventsImp.Free();
            spareImp.Free();
            Assert.Equal(liveBefore, ExchangeHeap.LiveBlocks);
        }

        [Fact]
        public void Queue_capacities_follow_the_longest_one_way_run()
        {
            // ConfigureIO? RegisterForEvents? SetParameters? is the longest importer run; the
            // exporter never sends twice in a row.
            Assert.Equal(3, NicDevice.ExpQueueCapacity);
            Assert.Equal(1, NicDevice.ImpQueueCapacity);
            Assert.Equal(1, NicEvents.ExpQueueCapacity);
            Assert.Equal(1, NicEvents.ImpQueueCapacity);
        }

        [Fact]
        public void Sequences_make_named_intermediate_states()
        {
            Assert.Equal("IoConfigureBeginAfterRegisterForEvents", NicDevice.Protocol.StateNames[NicDevice.States.IoConfigureBeginAfterRegisterForEvents]);
            Assert.Equal(
                NicDevice.States.IoConfigureAck,
                NicDevice.Protocol.Next(NicDevice.States.IoConfigureBeginAfterRegisterForEvents, NicDevice.Messages.SetParameters));
            Assert.Equal(-1, NicDevice.Protocol.Next(NicDevice.States.Start, NicDevice.Messages.SetParameters));
        }
    }
}

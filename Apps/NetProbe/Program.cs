using System.Diagnostics;
using Sing.Contracts;
using Sing.Network;
using Singularity.Configuration;
using Singularity.V1;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.NetProbe
{
    [ProgramStartup]
    internal sealed partial class NetProbeStartup
    {
        [Parameter("verb")] public string Verb = "arp";
    }

    /// <summary>Verb "arp": binds /dev/nic0, configures it (events, 8 receive buffers), sends an ARP request for QEMU's
    /// gateway 10.0.2.2 from 10.0.2.15 and prints the reply's MAC address. Exit 0 when the reply came, else the number of
    /// the step that failed (each printed with what came back).</summary>
    internal static class Program
    {
        private const string Nic = "/dev/nic0";
        private const uint GuestIp = 10u << 24 | 2 << 8 | 15, GatewayIp = 10u << 24 | 2 << 8 | 2;
        /// <summary>Each attempt waits 2 s of guest time: QEMU's e1000 takes no frame for 1 s after its receiver is
        /// turned on (the driver does so at its start, just before this probe runs at boot) and then delivers what it
        /// held back, so the first answer can take about a second.</summary>
        private const int ReceiveBuffers = 8, Attempts = 3, AttemptMilliseconds = 2000;

        internal static int Main(NetProbeStartup startup)
        {
            if (startup.Verb != "arp")
            {
                Debug.WriteLine($"netprobe: unknown verb '{startup.Verb}' (verbs: arp)");
                return 2;
            }
            NicDevice.Imp? nic = NicDeviceConnection.Connect(Nic, 5000);
            if (nic == null)
            {
                Debug.WriteLine($"netprobe: no network card at {Nic}");
                return 10;
            }
            nic.RecvDeviceInfo(out int mtu, out long mac);
            Debug.WriteLine($"netprobe: {Nic} is {ArpPacket.FormatMac(mac)}, MTU {mtu}");
            NicEvents.CreateChannel(out NicEvents.Imp events, out NicEvents.Exp source);
            nic.SendRegisterForEvents(source);
            nic.SendSetParameters(ReceiveBuffers);
            NicDevice.Imp.IoConfigureAckReceived ack = nic.ReceiveIoConfigureAck();
            if (ack.Tag != NicDevice.Imp.IoConfigureAckTag.Success)
            {
                Debug.WriteLine($"netprobe: the driver refused {ReceiveBuffers} receive buffers ({ack.Tag})");
                nic.Free();
                events.Free();
                return 11;
            }
            nic.SendStartIO();
            for (int i = 0; i < ReceiveBuffers; i++)
            {
                if (Post(nic, ExchangeHeap.NewVector<byte>(NicDevice.ReceiveBufferBytes))) continue;
                nic.Free();
                events.Free();
                return 12;
            }
            int result = Resolve(nic, events, mac);
            nic.Free();
            events.Free();
            return result;
        }

        /// <summary>Hands one receive buffer to the driver; false (printed) when it is refused.</summary>
        private static bool Post(NicDevice.Imp nic, [Claims] ExVector<byte> buffer)
        {
            nic.SendPacketForReceive(buffer);
            NicDevice.Imp.IoRunningAfterPacketForReceiveReceived r = nic.ReceiveIoRunningAfterPacketForReceive();
            if (r.Tag == NicDevice.Imp.IoRunningAfterPacketForReceiveTag.Success) return true;
            if (r.Tag == NicDevice.Imp.IoRunningAfterPacketForReceiveTag.BadPacketSize)
            {
                r.GetBadPacketSize(out ExVector<byte> back, out int expected);
                back.Free();
                Debug.WriteLine($"netprobe: receive buffer refused (expected {expected} bytes)");
            }
            else Debug.WriteLine("netprobe: the driver closed the channel");
            return false;
        }

        /// <summary>Sends the request (again after each second without a reply, three times at most) and reads every
        /// frame the driver announces until the reply is among them.</summary>
        private static int Resolve(NicDevice.Imp nic, NicEvents.Imp events, long mac)
        {
            int frames = 0;
            for (int attempt = 1; attempt <= Attempts; attempt++)
            {
                ExVector<byte> request = ExchangeHeap.NewVector<byte>(ArpPacket.FrameBytes);
                ArpPacket.WriteRequest(request, mac, GuestIp, GatewayIp);
                long sent = Stopwatch.GetTimestamp();
                nic.SendTransmit(request, ArpPacket.FrameBytes);
                NicDevice.Imp.IoRunningAfterTransmitReceived t = nic.ReceiveIoRunningAfterTransmit();
                if (t.Tag != NicDevice.Imp.IoRunningAfterTransmitTag.Transmitted)
                {
                    if (t.Tag == NicDevice.Imp.IoRunningAfterTransmitTag.BadPacketSize)
                    {
                        t.GetBadPacketSize(out ExVector<byte> refused, out int expected);
                        refused.Free();
                        Debug.WriteLine($"netprobe: the ARP request was refused (frames up to {expected} bytes)");
                    }
                    return 20;
                }
                t.GetTransmitted(out ExVector<byte> back);
                back.Free();
                long deadline = sent + AttemptMilliseconds * Stopwatch.Frequency / 1000;
                while (true)
                {
                    long left = (deadline - Stopwatch.GetTimestamp()) * 1000 / Stopwatch.Frequency;
                    if (left <= 0 || Select.Wait((int)left, new Endpoint[] { events }) == Select.TimedOut) break;
                    NicEvents.Imp.ReadyReceived e = events.ReceiveReady();
                    if (e.Tag != NicEvents.Imp.ReadyTag.NicEvent) return 21;
                    events.SendAckEvent();
                    int found = Drain(nic, ref frames, out long gateway);
                    if (found < 0) return 22;
                    if (found == 0) continue;
                    long micros = (Stopwatch.GetTimestamp() - sent) * 1_000_000 / Stopwatch.Frequency;
                    Debug.WriteLine($"arp: {ArpPacket.FormatIp(GatewayIp)} is at {ArpPacket.FormatMac(gateway)} (attempt {attempt}, {frames} frame(s) received, reply after {micros} us)");
                    return 0;
                }
                Debug.WriteLine($"netprobe: no ARP reply within {AttemptMilliseconds} ms (attempt {attempt}, {frames} frame(s) received)");
            }
            return 23;
        }

        /// <summary>Takes every frame the driver holds, giving each buffer back to it. 1 when one was the reply, 0 when
        /// none was, -1 when the driver failed.</summary>
        private static int Drain(NicDevice.Imp nic, ref int frames, out long gateway)
        {
            gateway = 0;
            int found = 0;
            while (true)
            {
                nic.SendGetReceivedPacket();
                NicDevice.Imp.IoRunningAfterGetReceivedPacketReceived r = nic.ReceiveIoRunningAfterGetReceivedPacket();
                if (r.Tag == NicDevice.Imp.IoRunningAfterGetReceivedPacketTag.NoPacket) return found;
                if (r.Tag != NicDevice.Imp.IoRunningAfterGetReceivedPacketTag.ReceivedPacket) return -1;
                r.GetReceivedPacket(out ExVector<byte> data, out int length);
                frames++;
                if (found == 0 && ArpPacket.IsReply(data, length, GatewayIp, GuestIp, out long from))
                {
                    gateway = from;
                    found = 1;
                }
                if (!Post(nic, data)) return -1;
            }
        }
    }
}

using Sing.Contracts.Sip;
using System;
using System.Collections.Generic;
using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Drivers.Rtc
{
    /// <summary>What rtc's manifest grants: the clock's ports and interrupt line, and the registration of /dev/rtc.</summary>
    [ProgramStartup]
    internal sealed partial class RtcStartup
    {
        [IoPorts("registers")] public IoPortRange Registers;
        [Irq("periodic")] public IrqLine Periodic;
        [Endpoint("clock")] public ChannelEndpoint Requests;
        [Parameter("selftest")] public int SelfTestInterrupts;
    }

    internal static class Program
    {
        internal static int Main(RtcStartup startup)
        {
            var clock = new CmosClock(startup.Registers);
            if (startup.SelfTestInterrupts > 0 && !SelfTest(clock, startup.Periodic, startup.SelfTestInterrupts)) return 1;
            // Clients' channels follow the clock's contract from their first message (checked by the kernel), so
            // Serve only ever sees GetTime.
            AbiStatus checking = KernelEndpoints.CheckBinds(startup.Requests, ClockContract.Protocol);
            if (checking != AbiStatus.Ok)
            {
                Debug.WriteLine("rtc: cannot have /dev/rtc's channels checked: " + checking.ToString());
                return 2;
            }
            Serve(clock, startup.Requests);
            return 0;
        }

        /// <summary>Proves the interrupt path: the chip's periodic interrupt must arrive on the granted line.</summary>
        private static bool SelfTest(CmosClock clock, IrqLine line, int count)
        {
            clock.SetPeriodicInterrupt(true);
            int seen = 0;
            while (seen < count && line.Wait(1000))
            {
                clock.AcknowledgeInterrupt();
                seen++;
            }
            clock.SetPeriodicInterrupt(false);
            Debug.WriteLine($"periodic interrupt on IRQ {line.Line}: {seen} of {count} seen");
            return seen == count;
        }

        /// <summary>Accepts clients on the registration endpoint and answers each GetTime with the time.</summary>
        private static void Serve(CmosClock clock, ChannelEndpoint requests)
        {
            var endpoints = new List<ChannelEndpoint> { requests };
            while (true)
            {
                if (Channels.Select(endpoints.ToArray(), Channels.Forever, out int ready) != AbiStatus.Ok && ready < 0) continue;
                ChannelEndpoint at = endpoints[ready];
                AbiStatus status = Channels.Receive(at, out ReceivedMessage message, 0);
                if (status == AbiStatus.ChannelClosed)
                {
                    if (ready == 0) return;   // the kernel withdrew the registration
                    Channels.Close(at);
                    endpoints.RemoveAt(ready);
                    continue;
                }
                if (status != AbiStatus.Ok) continue;
                if (ready == 0)
                {
                    if (message.Tag == Names.ConnectRequestTag) endpoints.Add(message.Endpoint);
                    continue;
                }
                if (message.Tag == ClockContract.Messages.GetTime) Channels.Send(at, ClockContract.Messages.Time, clock.ReadTime());
            }
        }
    }
}

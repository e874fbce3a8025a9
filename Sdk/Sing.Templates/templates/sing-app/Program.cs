using Singularity.Configuration;
using Singularity.V1;

namespace SingApp
{
    /// <summary>What singapp.xml gives this program: a parameter from the command line, and a channel to the clock
    /// driver that the kernel binds before Main runs (the startup endpoint).</summary>
    [ProgramStartup]
    internal sealed partial class Startup
    {
        [Parameter("name")] public string Name;
        [Endpoint("clock")] public ChannelEndpoint Clock;
    }

    internal static class Program
    {
        // The clock driver's messages (contract Sing.Drivers.Rtc.ClockContract, whose tags are its messages' places
        // in declaration order): GetTime, answered by Time with 8 inline bytes: year (2, little-endian), month, day,
        // hour, minute, second, 0. The kernel checks the contract: any other tag ends this program.
        private const int GetTime = 0;
        private const int Time = 1;

        internal static int Main(Startup startup)
        {
            Debug.WriteLine($"SingApp: hello, {startup.Name}, from SIP {Processes.CurrentId}");
            Channels.Send(startup.Clock, GetTime);
            if (Channels.Receive(startup.Clock, out ReceivedMessage reply, 2000) != AbiStatus.Ok || reply.Tag != Time)
            {
                Debug.WriteLine("SingApp: the clock did not answer");
                return 1;
            }
            long t = reply.InlineInt64();
            Debug.WriteLine($"SingApp: the clock says {t & 0xFFFF}-{Two(t >> 16)}-{Two(t >> 24)} {Two(t >> 32)}:{Two(t >> 40)} UTC");
            return 0;
        }

        private static string Two(long v) => ((int)(v & 0xFF)).ToString().PadLeft(2, '0');
    }
}

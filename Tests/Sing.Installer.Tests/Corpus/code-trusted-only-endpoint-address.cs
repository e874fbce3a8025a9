// expect: SINGI095 uses Singularity.V1.ChannelEndpoint.get_Value
// manifest: Shared/app.xml
using System.Runtime.InteropServices;
using Singularity.V1;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main()
        {
            Channels.Create(1, out ChannelEndpoint imp, out ChannelEndpoint exp);
            return (int)(imp.Value >> 12);
        }
    }
}

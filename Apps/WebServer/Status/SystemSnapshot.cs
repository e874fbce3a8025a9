#nullable enable
using System.Collections.Generic;

namespace Sing.Web.Status
{
    /// <summary>The whole system at one moment, as the live page shows it. The glue fills it (mostly through
    /// <see cref="DescribeParser"/> from the kernel's describe strings); the renderers only read it. Figures not
    /// reported are -1.</summary>
    public sealed class SystemSnapshot
    {
        /// <summary>Guest milliseconds since boot when the snapshot was taken; -1 when not reported.</summary>
        public long UptimeMilliseconds { get; set; } = -1;
        public List<ProcessInfo> Processes { get; set; } = new List<ProcessInfo>();
        public List<ServiceInfo> Services { get; set; } = new List<ServiceInfo>();
        public List<ChannelEdge> Channels { get; set; } = new List<ChannelEdge>();
        public List<DeviceInfo> Devices { get; set; } = new List<DeviceInfo>();
        public List<Counter> Network { get; set; } = new List<Counter>();
        /// <summary>Exchange-heap blocks and bytes allocated, system-wide.</summary>
        public long ExchangeBlocks { get; set; } = -1;
        public long ExchangeBytes { get; set; } = -1;
        /// <summary>Garbage collections run and bytes in the collected heaps, summed over the SIPs that report them.</summary>
        public long GcCollections { get; set; } = -1;
        public long GcHeapBytes { get; set; } = -1;
        /// <summary>How the kernel reaches PCI configuration space and which interrupt controller it drives ("" if not
        /// reported): the header lines of the device description.</summary>
        public string PciMechanism { get; set; } = "";
        public string InterruptController { get; set; } = "";
    }
}

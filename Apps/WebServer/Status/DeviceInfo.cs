#nullable enable
namespace Sing.Web.Status
{
    /// <summary>One PCI function the kernel found, and the driver SIP that holds it.</summary>
    public sealed class DeviceInfo
    {
        /// <summary>bus:device.function in hexadecimal ("00:03.0").</summary>
        public string Location { get; set; } = "";
        /// <summary>vendor:device in hexadecimal ("8086:100e").</summary>
        public string Id { get; set; } = "";
        /// <summary>class.subclass.interface in hexadecimal ("02.00.00").</summary>
        public string Class { get; set; } = "";
        /// <summary>What the class code says the device is ("network controller").</summary>
        public string Kind { get; set; } = "";
        /// <summary>Legacy interrupt line; -1 when none.</summary>
        public int Irq { get; set; } = -1;
        /// <summary>The rest of the kernel's description: MSI vector, I/O and memory ranges.</summary>
        public string Resources { get; set; } = "";
        /// <summary>The driver's program name; empty when no driver holds the device.</summary>
        public string Driver { get; set; } = "";
        public int DriverPid { get; set; }
    }
}

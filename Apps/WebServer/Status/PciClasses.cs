#nullable enable
namespace Sing.Web.Status
{
    /// <summary>What a PCI class code ("02.00.00": class, subclass, interface in hexadecimal) names, by the PCI
    /// Code and ID Assignment specification's base classes and the subclasses this system meets.</summary>
    public static class PciClasses
    {
        public static string Name(string code)
        {
            string[] parts = code.Split('.');
            if (parts.Length < 2) return "";
            string baseClass = parts[0].ToLowerInvariant(), sub = parts[1].ToLowerInvariant();
            switch (baseClass)
            {
                case "00": return "unclassified device";
                case "01":
                    return sub switch
                    {
                        "01" => "IDE controller",
                        "06" => "SATA controller",
                        "08" => "NVMe controller",
                        _ => "storage controller",
                    };
                case "02": return sub == "00" ? "Ethernet controller" : "network controller";
                case "03": return sub == "00" ? "VGA display controller" : "display controller";
                case "04": return "multimedia controller";
                case "05": return "memory controller";
                case "06":
                    return sub switch
                    {
                        "00" => "host bridge",
                        "01" => "ISA bridge",
                        "04" => "PCI-to-PCI bridge",
                        _ => "bridge",
                    };
                case "07": return "communication controller";
                case "08": return "system peripheral";
                case "09": return "input controller";
                case "0c": return sub == "03" ? "USB controller" : sub == "05" ? "SMBus controller" : "serial bus controller";
                case "0d": return "wireless controller";
                case "ff": return "vendor-specific device";
                default: return "";
            }
        }
    }
}

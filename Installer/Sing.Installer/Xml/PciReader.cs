using System;
using System.Globalization;
using System.Xml.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using MachineResources = Singularity.Manifests.MachineResources;
using PciSignature = Singularity.Manifests.PciSignature;

namespace Sing.Installer.Xml
{
    /// <summary>Reads a PCI driver's hardware declarations: &lt;pci vendor device class/&gt; signatures and what the
    /// matched function gives (&lt;pciBar name index/&gt;, &lt;pciIrq name/&gt;) or the kernel allocates for it
    /// (&lt;dmaMemory name pages/&gt;). Every malformed number is SINGI029 with what the rule is.</summary>
    internal static class PciReader
    {
        public static bool IsDeviceResource(XElement e) => e.Name.LocalName is "pciBar" or "pciIrq" or "dmaMemory";

        public static PciSignatureDecl ReadSignature(string file, XElement e, DiagnosticBag bag)
        {
            XmlSpot spot = XmlDocumentLoader.Spot(file, e);
            int before = bag.Count;
            string? vendor = (string?)e.Attribute("vendor"), device = (string?)e.Attribute("device"), classCode = (string?)e.Attribute("class");
            var value = new PciSignature();
            if (vendor is null && device is null && classCode is null)
                bag.Add(ErrorCodes.BadPciDeclaration, spot.Element,
                    "<pci/> names no vendor, device or class and would match every PCI function; give at least one of vendor=, device=, class=");
            if (vendor is not null) value.Vendor = Id(vendor, "vendor", spot, bag);
            if (device is not null) value.Device = Id(device, "device", spot, bag);
            if (classCode is not null)
            {
                int digits = classCode.Length - 2;
                bool hex = classCode.StartsWith("0x", StringComparison.OrdinalIgnoreCase) && digits is 2 or 4 or 6
                    && uint.TryParse(classCode.AsSpan(2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out value.Class);
                if (!hex)
                    bag.Add(ErrorCodes.BadPciDeclaration, spot.At("class"),
                        $"class=\"{classCode}\" is not 0x followed by 2, 4 or 6 hex digits (class, class+subclass, class+subclass+interface, e.g. 0x010601 for AHCI); write the class code in hex");
                else value.ClassBytes = digits / 2;
            }
            return new PciSignatureDecl(vendor?.ToLowerInvariant(), device?.ToLowerInvariant(), classCode?.ToLowerInvariant(), value, spot, bag.Count == before);
        }

        /// <summary>A vendor or device ID: 16 bits, and not 0xffff (what an empty slot reads).</summary>
        private static int Id(string text, string attribute, XmlSpot spot, DiagnosticBag bag)
        {
            if (Parse(text, out ulong v) && v < 0xFFFF) return (int)v;
            bag.Add(ErrorCodes.BadPciDeclaration, spot.At(attribute),
                $"{attribute}=\"{text}\" is not a PCI ID (0x0000-0xfffe; 0xffff is what an empty slot reads); correct the number");
            return -1;
        }

        public static HardwareResource ReadResource(string file, XElement e, DiagnosticBag bag)
        {
            XmlSpot spot = XmlDocumentLoader.Spot(file, e);
            string name = (string)e.Attribute("name")!;
            int before = bag.Count;
            switch (e.Name.LocalName)
            {
                case "pciBar":
                {
                    string text = (string)e.Attribute("index")!;
                    if (!Parse(text, out ulong index) || index >= MachineResources.PciBars)
                        bag.Add(ErrorCodes.BadPciDeclaration, spot.At("index"),
                            $"pciBar {name} has index=\"{text}\", but a PCI function has BARs 0-5; give the BAR's number (AHCI's registers are BAR 5)");
                    return new HardwareResource(HardwareResource.PciBar, name, bag.Count == before ? index : 0, 1, text.ToLowerInvariant(), null, false, spot, bag.Count == before);
                }
                case "pciIrq":
                    return new HardwareResource(HardwareResource.PciIrq, name, 0, 1, "0", null, false, spot);
                default:
                {
                    string text = (string)e.Attribute("pages")!;
                    if (!Parse(text, out ulong pages) || pages == 0 || pages > MachineResources.DmaMemoryPages)
                        bag.Add(ErrorCodes.BadPciDeclaration, spot.At("pages"),
                            $"dmaMemory {name} asks for pages=\"{text}\", but a driver may have 1-{MachineResources.DmaMemoryPages} pages (4 KiB each) of DMA memory per declaration; ask for what the device's structures need");
                    return new HardwareResource(HardwareResource.DmaMemory, name, 0, bag.Count == before ? pages : 1, "0", text.ToLowerInvariant(), false, spot, bag.Count == before);
                }
            }
        }

        private static bool Parse(string text, out ulong value) =>
            text.StartsWith("0x", StringComparison.OrdinalIgnoreCase)
                ? ulong.TryParse(text.AsSpan(2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out value)
                : ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out value);
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Xml.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using MachineResources = Singularity.Manifests.MachineResources;
using ResourceKind = Singularity.Manifests.ResourceKind;

namespace Sing.Installer.Xml
{
    /// <summary>Reads a schema-valid program manifest into the model. Semantic rules are ManifestRules' job.</summary>
    public static class ManifestReader
    {
        private static readonly XNamespace s_ns = Schemas.ManifestNamespace;

        public static ProgramManifest? Read(string file, DiagnosticBag bag)
        {
            XDocument? doc = XmlDocumentLoader.Load(file, s_ns + "manifest", Schemas.Manifest, "Manifests/manifest.xsd", bag);
            if (doc?.Root is not XElement root) return null;

            XElement abi = root.Element(s_ns + "abi")!;
            int abiVersion = int.TryParse((string?)abi.Attribute("version"), NumberStyles.None, CultureInfo.InvariantCulture, out int v) ? v : int.MaxValue;

            var assemblies = root.Element(s_ns + "code")!.Elements(s_ns + "assembly")
                .Select(e => new NamedItem((string)e.Attribute("name")!, XmlDocumentLoader.Spot(file, e))).ToList();

            var endpoints = Children(root, "endpoints", "endpoint").Select(e => new EndpointDecl(
                (string)e.Attribute("name")!, (string)e.Attribute("contract")!, (string)e.Attribute("side")!, (string)e.Attribute("state")!,
                (string?)e.Attribute("bind"), (string?)e.Attribute("register"), XmlDocumentLoader.Spot(file, e))).ToList();

            var parameters = Children(root, "parameters", "parameter").Select(e => new ParameterDecl(
                (string)e.Attribute("name")!, (string)e.Attribute("type")!, Bool(e, "required"), (string?)e.Attribute("default"),
                e.Attribute("position") is XAttribute p ? (int.TryParse(p.Value, NumberStyles.None, CultureInfo.InvariantCulture, out int pos) ? pos : int.MaxValue) : null,
                (string?)e.Attribute("help"), XmlDocumentLoader.Spot(file, e))).ToList();

            var privileges = Children(root, "privileges", "privilege")
                .Select(e => new NamedItem((string)e.Attribute("name")!, XmlDocumentLoader.Spot(file, e))).ToList();

            var dependencies = Children(root, "dependencies", "service")
                .Select(e => new NamedItem((string)e.Attribute("path")!, XmlDocumentLoader.Spot(file, e))).ToList();

            var contracts = Children(root, "contracts", "contract")
                .Select(e => new NamedItem((string)e.Attribute("name")!, XmlDocumentLoader.Spot(file, e))).ToList();

            HardwareDecl? hardware = null;
            if (root.Element(s_ns + "hardware") is XElement hw)
            {
                var resources = new List<HardwareResource>();
                var pci = new List<PciSignatureDecl>();
                foreach (XElement r in hw.Elements())
                {
                    if (r.Name.LocalName == "pci") pci.Add(PciReader.ReadSignature(file, r, bag));
                    else if (PciReader.IsDeviceResource(r)) resources.Add(PciReader.ReadResource(file, r, bag));
                    else resources.Add(ReadResource(file, r, bag));
                }
                hardware = new HardwareDecl((string)hw.Attribute("signature")!, resources, XmlDocumentLoader.Spot(file, hw)) { Pci = pci };
            }

            return new ProgramManifest(file, XmlDocumentLoader.Spot(file, root),
                (string)root.Attribute("name")!, (string)root.Attribute("kind")!, (string)root.Attribute("publisher")!, (string)root.Attribute("version")!,
                (string?)root.Element(s_ns + "description"), abiVersion, XmlDocumentLoader.Spot(file, abi),
                assemblies, endpoints, parameters, privileges, hardware, dependencies, contracts);
        }

        private static IEnumerable<XElement> Children(XElement root, string container, string item) =>
            root.Element(s_ns + container)?.Elements(s_ns + item) ?? Enumerable.Empty<XElement>();

        private static bool Bool(XElement e, string attribute) =>
            e.Attribute(attribute) is XAttribute a && (a.Value.Trim() == "true" || a.Value.Trim() == "1");

        private static HardwareResource ReadResource(string file, XElement r, DiagnosticBag bag)
        {
            XmlSpot spot = XmlDocumentLoader.Spot(file, r);
            string name = (string)r.Attribute("name")!;
            bool shared = Bool(r, "shared");
            int before = bag.Count;
            switch (r.Name.LocalName)
            {
                case "ioPorts":
                case "memory":
                {
                    bool ports = r.Name.LocalName == "ioPorts";
                    string kind = ports ? HardwareResource.IoPorts : HardwareResource.Memory;
                    ulong limit = MachineResources.Limit(ports ? ResourceKind.IoPorts : ResourceKind.Memory);
                    string what = ports ? "the I/O port space ends at 0xffff" : "the kernel maps the first 4 GiB of physical memory";
                    string baseText = (string)r.Attribute("base")!, lengthText = (string)r.Attribute("length")!;
                    ulong start = Number(baseText, limit - 1, "base", what, spot, bag);
                    ulong length = Number(lengthText, limit, "length", what, spot, bag);
                    if (bag.Count == before && length == 0)
                        bag.Add(ErrorCodes.BadNumber, spot.At("length"), $"{r.Name.LocalName} {name} has length 0; give the number of {(ports ? "ports" : "bytes")} the device needs");
                    else if (bag.Count == before && length > limit - start)
                        bag.Add(ErrorCodes.BadNumber, spot.At("length"), $"{r.Name.LocalName} {name} ends beyond {(ports ? "the I/O port space (0xffff)" : "the 4 GiB the kernel maps")} (base {baseText} + length {lengthText}); shorten it");
                    return new HardwareResource(kind, name, start, length, baseText.ToLowerInvariant(), lengthText.ToLowerInvariant(), shared, spot, bag.Count == before);
                }
                case "irq":
                {
                    string text = (string)r.Attribute("line")!;
                    ulong line = Number(text, MachineResources.IrqLines - 1, "line", "the two 8259A interrupt controllers have lines 0-15", spot, bag);
                    return new HardwareResource(HardwareResource.Irq, name, line, 1, text.ToLowerInvariant(), null, shared, spot, bag.Count == before);
                }
                default:
                {
                    string text = (string)r.Attribute("channel")!;
                    ulong channel = Number(text, MachineResources.DmaChannels - 1, "channel", "the two 8237A DMA controllers have channels 0-7", spot, bag);
                    return new HardwareResource(HardwareResource.Dma, name, channel, 1, text.ToLowerInvariant(), null, shared, spot, bag.Count == before);
                }
            }
        }

        /// <summary>Decimal or 0x-hex, at most <paramref name="max"/>; <paramref name="why"/> says where the limit comes from.</summary>
        private static ulong Number(string text, ulong max, string attribute, string why, XmlSpot spot, DiagnosticBag bag)
        {
            bool hex = text.StartsWith("0x", StringComparison.OrdinalIgnoreCase);
            bool ok = hex
                ? ulong.TryParse(text.AsSpan(2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out ulong value)
                : ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out value);
            if (!ok || value > max)
            {
                bag.Add(ErrorCodes.BadNumber, spot.At(attribute), $"{attribute}=\"{text}\" is out of range (largest allowed: 0x{max:x}; {why}); correct the number");
                return 0;
            }
            return value;
        }
    }
}

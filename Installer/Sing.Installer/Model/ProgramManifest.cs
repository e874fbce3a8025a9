using System.Collections.Generic;

namespace Sing.Installer.Model
{
    /// <summary>A program manifest as written (Manifests/manifest.xsd), with the place of every item.</summary>
    public sealed record ProgramManifest(
        string File,
        XmlSpot Spot,
        string Name,
        string Kind,
        string Publisher,
        string Version,
        string? Description,
        int AbiVersion,
        XmlSpot AbiSpot,
        IReadOnlyList<NamedItem> Assemblies,
        IReadOnlyList<EndpointDecl> Endpoints,
        IReadOnlyList<ParameterDecl> Parameters,
        IReadOnlyList<NamedItem> Privileges,
        HardwareDecl? Hardware,
        IReadOnlyList<NamedItem> Dependencies,
        IReadOnlyList<NamedItem> Contracts)
    {
        public const string Driver = "driver";

        public bool HasPrivilege(string name)
        {
            foreach (var p in Privileges) if (p.Name == name) return true;
            return false;
        }
    }

    /// <summary>An item identified by one string: a code assembly, a privilege, a service dependency path, a contract
    /// used on run-time channels.</summary>
    public sealed record NamedItem(string Name, XmlSpot Spot);

    /// <summary>&lt;endpoint&gt;: exactly one of Bind (client) or Register (service) is set in a valid manifest.</summary>
    public sealed record EndpointDecl(string Name, string Contract, string Side, string State, string? Bind, string? Register, XmlSpot Spot);

    /// <summary>&lt;parameter&gt;: a typed, optionally positional program argument.</summary>
    public sealed record ParameterDecl(string Name, string Type, bool Required, string? Default, int? Position, string? Help, XmlSpot Spot);

    /// <summary>&lt;hardware&gt;: the device signature and the resources a driver needs.</summary>
    public sealed record HardwareDecl(string Signature, IReadOnlyList<HardwareResource> Resources, XmlSpot Spot)
    {
        /// <summary>The &lt;pci&gt; signatures: the PCI functions this driver serves (empty: not a PCI driver).</summary>
        public IReadOnlyList<PciSignatureDecl> Pci { get; init; } = System.Array.Empty<PciSignatureDecl>();
    }

    /// <summary>One &lt;pci vendor device class/&gt;, as written (for the system manifest) and as numbers (Value, the
    /// kernel's own matcher). Valid is false when a number was refused (already reported).</summary>
    public sealed record PciSignatureDecl(string? VendorText, string? DeviceText, string? ClassText, Singularity.Manifests.PciSignature Value, XmlSpot Spot, bool Valid);

    /// <summary>One hardware resource. Start is the port/memory base, the irq line or the dma channel; Length is 1 for
    /// irq and dma. The texts keep the numbers as written, for the system manifest. Valid is false when a number did not
    /// parse or lies outside the machine (already reported).</summary>
    public sealed record HardwareResource(string Kind, string Name, ulong Start, ulong Length, string StartText, string? LengthText, bool Shared, XmlSpot Spot, bool Valid = true)
    {
        public const string IoPorts = "ioports";
        public const string Irq = "irq";
        public const string Memory = "memory";
        public const string Dma = "dma";
        public const string PciBar = "pcibar";         // Start: the BAR index
        public const string PciIrq = "pciirq";
        public const string DmaMemory = "dmamemory";   // Length: pages

        /// <summary>Resources of the matched PCI function or allocated for the driver: no fixed number to check against
        /// the machine or other drivers (the &lt;pci&gt; signatures are checked instead).</summary>
        public bool IsDeviceRelative => Kind is PciBar or PciIrq or DmaMemory;

        /// <summary>The kernel's name for this kind (Runtime/Manifest).</summary>
        public Singularity.Manifests.ResourceKind SharedKind => Kind switch
        {
            IoPorts => Singularity.Manifests.ResourceKind.IoPorts,
            Irq => Singularity.Manifests.ResourceKind.Irq,
            Memory => Singularity.Manifests.ResourceKind.Memory,
            PciBar => Singularity.Manifests.ResourceKind.PciBar,
            PciIrq => Singularity.Manifests.ResourceKind.PciIrq,
            DmaMemory => Singularity.Manifests.ResourceKind.DmaMemory,
            _ => Singularity.Manifests.ResourceKind.Dma,
        };
    }
}

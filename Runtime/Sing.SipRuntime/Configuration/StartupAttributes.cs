using System;

namespace Singularity.Configuration
{
    // Compile-time reflection (001 §4.1.1): a program declares what it needs from its manifest as attributed
    // fields of one startup class; the Sing.Startup generator writes the code that fills them, and the installer
    // checks them against the manifest. Every item is linked to its manifest entry by name.

    /// <summary>Marks the partial class a program receives at startup, already filled with its parameters,
    /// endpoints and hardware resources. The program's entry is a static <c>int Main(ThatClass startup)</c>.</summary>
    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class ProgramStartupAttribute : Attribute { }

    /// <summary>A typed parameter (manifest &lt;parameter name=...&gt;). Field types: int, long, bool, string.</summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class ParameterAttribute : Attribute
    {
        public ParameterAttribute(string name) { Name = name; }
        public string Name { get; }
    }

    /// <summary>A startup endpoint (manifest &lt;endpoint name=...&gt;), bound or registered by the kernel's binder
    /// before the program starts. Field type: <see cref="Singularity.V1.ChannelEndpoint"/>.</summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class EndpointAttribute : Attribute
    {
        public EndpointAttribute(string name) { Name = name; }
        public string Name { get; }
    }

    /// <summary>An I/O port range the manifest grants (&lt;ioPorts name=...&gt;). Field type: <see cref="IoPortRange"/>.</summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class IoPortsAttribute : Attribute
    {
        public IoPortsAttribute(string name) { Name = name; }
        public string Name { get; }
    }

    /// <summary>An interrupt line the manifest grants (&lt;irq name=...&gt;). Field type: <see cref="IrqLine"/>.</summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class IrqAttribute : Attribute
    {
        public IrqAttribute(string name) { Name = name; }
        public string Name { get; }
    }

    /// <summary>A memory-mapped range the manifest grants (&lt;memory name=...&gt;). Field type: <see cref="IoMemoryRange"/>.</summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class IoMemoryAttribute : Attribute
    {
        public IoMemoryAttribute(string name) { Name = name; }
        public string Name { get; }
    }

    /// <summary>A DMA channel the manifest grants (&lt;dma name=...&gt;). Field type: <see cref="DmaChannel"/>.</summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class DmaAttribute : Attribute
    {
        public DmaAttribute(string name) { Name = name; }
        public string Name { get; }
    }

    /// <summary>Physically contiguous memory the kernel allocates for the driver's device structures and buffers
    /// (&lt;dmaMemory name=... pages=...&gt;). Field type: <see cref="DmaMemory"/>.</summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = false)]
    public sealed class DmaMemoryAttribute : Attribute
    {
        public DmaMemoryAttribute(string name) { Name = name; }
        public string Name { get; }
    }
}

// Shared with the host installer, like CommandLine.cs.
#nullable disable
#pragma warning disable CA1051, CA1805, CA1720, CA1711, CA1002, CA2227, CA1034
using System.Collections.Generic;

namespace Singularity.Manifests
{
    // The installed programs as the kernel and the shell see them: the records of the system manifest the
    // installer composed (Manifests/README.md). Compiled into the kernel and into the SIP runtime, so both read
    // one format with one piece of code.

    public enum ParameterType { String, Int32, Int64, Bool }

    public sealed class ParameterInfo
    {
        public string Name;
        public ParameterType Type;
        public bool Required;
        public string Default;      // null when the manifest gives none
        public int Position = -1;   // -1: named only
        public string Help = "";

        public string TypeName => Type switch
        {
            ParameterType.Int32 => "int32",
            ParameterType.Int64 => "int64",
            ParameterType.Bool => "bool",
            _ => "string",
        };
    }

    public sealed class EndpointInfo
    {
        public string Name;
        public string Contract;
        public string Side;          // Imp or Exp
        public string State;
        public string Bind;          // client: the service path this endpoint is bound to
        public string Register;      // service: the path this program registers
    }

    /// <summary>IoPorts, Irq, Memory and Dma (an ISA channel) name fixed numbers. PciBar (Base = BAR index), PciIrq
    /// and DmaMemory (Length = bytes) are relative to the PCI function the driver is matched to, or allocated for it:
    /// the kernel turns them into concrete resources when it grants them (Kernel/Hardware/ResourceGrants.cs).</summary>
    public enum ResourceKind { IoPorts, Irq, Memory, Dma, PciBar, PciIrq, DmaMemory }

    /// <summary>One &lt;pci&gt; signature of a driver's manifest: any subset of vendor, device and class (the class as
    /// 1, 2 or 3 bytes: class, class+subclass, class+subclass+programming interface). -1 / 0 bytes: any.</summary>
    public sealed class PciSignature
    {
        public int Vendor = -1;
        public int Device = -1;
        public uint Class;
        public int ClassBytes;

        public bool Matches(int vendor, int device, byte classCode, byte subclass, byte programmingInterface)
        {
            if (Vendor >= 0 && Vendor != vendor) return false;
            if (Device >= 0 && Device != device) return false;
            if (ClassBytes == 0) return true;
            uint full = ((uint)classCode << 16) | ((uint)subclass << 8) | programmingInterface;
            int shift = 8 * (3 - ClassBytes);
            return full >> shift == Class;
        }
    }

    public sealed class HardwareResource
    {
        public ResourceKind Kind;
        public string Name;
        public ulong Base;           // first port / irq line / physical address / dma channel
        public ulong Length = 1;
        public bool Shared;

        public bool Overlaps(HardwareResource other) =>
            Kind == other.Kind && Base < other.Base + other.Length && other.Base < Base + Length;
    }

    public sealed class ProgramManifest
    {
        public string Name;
        public string Kind;          // application, service, driver
        public string Version = "";
        /// <summary>The publisher its principal names: one the installer checked the signature of, or "unsigned".</summary>
        public string Publisher = "";
        /// <summary>"sha256:" and the hash of its manifest and code as installed (Installer/README.md, Signatures); "" if unknown.</summary>
        public string Content = "";
        /// <summary>"sha256:" and the hash of its native image as the installer placed it in the boot image; the kernel
        /// refuses to load an image that does not hash to it. "" when the system manifest records none; null in a
        /// manifest a kernel test made, which takes the hash recorded for its image (ProgramCatalog.Install).</summary>
        public string ImageHash;
        public string Description = "";
        public string Image;
        public bool Trusted;
        public string Domain;        // a protection domain of its own from the policy: "ring0", "ring3", or null
        public bool TestTool;        // the policy's test="true": started only when the kernel was booted for tests or benchmarks
        public string[] StartedBy = System.Array.Empty<string>();   // the policy's startedBy: programs that may start this one
                                                                    // although it holds privileges or trust they lack
        public ulong Cpus;           // the policy's cpus: one bit per processor its processes may run on; 0: any
        public string Signature;     // drivers: the device signature served
        public readonly List<ParameterInfo> Parameters = new List<ParameterInfo>();
        public readonly List<EndpointInfo> Endpoints = new List<EndpointInfo>();
        public readonly List<string> Privileges = new List<string>();
        public readonly List<string> Contracts = new List<string>();   // run-time contracts (<contracts>)
        // Quotas the system policy sets for this program (0: the kernel's default).
        public int QuotaPagesMiB, QuotaExchangeMiB, QuotaThreads, QuotaHandles, QuotaChildren, QuotaNames;
        public readonly List<HardwareResource> Resources = new List<HardwareResource>();
        public readonly List<PciSignature> PciSignatures = new List<PciSignature>();   // empty: not a PCI driver

        /// <summary>Whether one of the manifest's &lt;pci&gt; signatures matches the function.</summary>
        public bool MatchesPci(int vendor, int device, byte classCode, byte subclass, byte programmingInterface)
        {
            for (int i = 0; i < PciSignatures.Count; i++)
                if (PciSignatures[i].Matches(vendor, device, classCode, subclass, programmingInterface)) return true;
            return false;
        }

        public bool HasPrivilege(string name)
        {
            for (int i = 0; i < Privileges.Count; i++) if (Privileges[i] == name) return true;
            return false;
        }

        /// <summary>True when the manifest names <paramref name="contract"/> under contracts or on an endpoint. A channel
        /// names its contract by the class's simple name, the manifest by its full name: either matches.</summary>
        public bool DeclaresContract(string contract)
        {
            for (int i = 0; i < Contracts.Count; i++) if (SameContract(Contracts[i], contract)) return true;
            for (int i = 0; i < Endpoints.Count; i++) if (SameContract(Endpoints[i].Contract, contract)) return true;
            return false;
        }

        /// <summary>True when <paramref name="declared"/> names contract <paramref name="name"/> (in full, or by a namespace suffix).</summary>
        public static bool SameContract(string declared, string name) =>
            declared == name || (declared.Length > name.Length && declared.EndsWith(name) && declared[declared.Length - name.Length - 1] == '.');

        public ParameterInfo FindParameter(string name)
        {
            for (int i = 0; i < Parameters.Count; i++) if (Parameters[i].Name == name) return Parameters[i];
            return null;
        }

        public HardwareResource FindResource(string name)
        {
            for (int i = 0; i < Resources.Count; i++) if (Resources[i].Name == name) return Resources[i];
            return null;
        }
    }

    public sealed class NamespaceRule
    {
        public string Prefix;
        public string[] Kinds;
        /// <summary>The policy's register= and bind= principal patterns (space-separated text, Runtime/Security), or null.</summary>
        public string Register;
        public string Bind;

        private Singularity.Security.PrincipalPattern[] _registerPatterns, _bindPatterns;

        /// <summary><see cref="Register"/> parsed, once (null when there is none: anyone may). A pattern that does not
        /// parse is left out, so it matches no one (the installer refuses such a policy: SINGI100).</summary>
        internal Singularity.Security.PrincipalPattern[] RegisterPatterns => Register == null ? null : _registerPatterns ??= Parse(Register);

        /// <summary><see cref="Bind"/> parsed, once, as <see cref="RegisterPatterns"/>: binds are frequent.</summary>
        internal Singularity.Security.PrincipalPattern[] BindPatterns => Bind == null ? null : _bindPatterns ??= Parse(Bind);

        private static Singularity.Security.PrincipalPattern[] Parse(string text)
        {
            var parsed = new List<Singularity.Security.PrincipalPattern>();
            foreach (string each in text.Split(' '))
                if (each.Length > 0 && Singularity.Security.PrincipalPattern.TryParse(each, out var pattern, out _)) parsed.Add(pattern);
            return parsed.ToArray();
        }

        public bool Allows(string kind)
        {
            for (int i = 0; i < Kinds.Length; i++) if (Kinds[i] == kind) return true;
            return false;
        }
    }

    public sealed class BootEntry
    {
        public string Program;
        public string Arguments = "";
        /// <summary>What the kernel's supervisor does when the program ends: "never" (it stays ended), "on-failure"
        /// (restarted unless it exited with code 0), "always" (restarted however it ended).</summary>
        public string Restart = "never";
        /// <summary>The supervisor gives up once the program has ended this many times within RestartWindowSeconds.</summary>
        public int RestartLimit = 5;
        public int RestartWindowSeconds = 60;
    }
}

using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Sing.Installer.Arguments;
using Sing.Installer.Diagnostics;
using Sing.Installer.Il;
using Sing.Installer.Model;
using MachineResources = Singularity.Manifests.MachineResources;

namespace Sing.Installer.Rules
{
    /// <summary>What the schema cannot say about one manifest: name and path syntax, duplicates, parameter defaults and
    /// positions, endpoint bind/register, the ABI version, and the driver/hardware/privilege triangle.</summary>
    public static class ManifestRules
    {
        public static readonly IReadOnlySet<int> SupportedAbiVersions = new HashSet<int> { 1 };

        public const string HardwarePrivilege = "hardware";

        public static void Check(ProgramManifest m, DiagnosticBag bag)
        {
            Identifier(m.Name, "program", m.Spot.At("name"), bag);
            TextRules.CheckVisible(m.Publisher, $"publisher of {m.Name}", m.Spot.At("publisher"), bag);
            TextRules.CheckVisible(m.Description, $"description of {m.Name}", m.Spot.Element, bag);

            if (!SupportedAbiVersions.Contains(m.AbiVersion))
                bag.Add(ErrorCodes.UnsupportedAbi, m.AbiSpot.At("version"),
                    $"program {m.Name} asks for ABI version {(m.AbiVersion == int.MaxValue ? "(too large)" : m.AbiVersion.ToString(CultureInfo.InvariantCulture))}, but this system exports ABI version 1; rebuild the program against ABI version 1 and write <abi version=\"1\"/>");

            foreach (var a in m.Assemblies)
                if (!Names.IsSimpleName(a.Name))
                    bag.Add(ErrorCodes.BadTypeName, a.Spot.At("name"), $"assembly name '{a.Name}' is not a simple assembly name; write the AssemblyName of the program's project, e.g. Hello");
            Duplicates(m.Assemblies.Select(a => (a.Name, a.Spot.At("name"))), "code assembly", bag);
            CheckCodeNames(m, bag);

            CheckEndpoints(m, bag);
            CheckParameters(m, bag);
            Duplicates(m.Privileges.Select(p => (p.Name, p.Spot.At("name"))), "privilege", bag);
            CheckHardware(m, bag);

            foreach (var d in m.Dependencies) Path(d.Name, $"dependency of {m.Name}", d.Spot.At("path"), bag);
            Duplicates(m.Dependencies.Select(d => (d.Name, d.Spot.At("path"))), "service dependency", bag);
        }

        /// <summary>No code assembly may be named like a trusted library or the framework (SINGI067): trusted code is
        /// known by its bytes, and a program's code under such a name would shadow it. Every entry point (check,
        /// verify, compose) reads the manifest through here, so all refuse the same names.</summary>
        public static void CheckCodeNames(ProgramManifest m, DiagnosticBag bag)
        {
            foreach (var a in m.Assemblies)
                if (TrustedSet.IsReservedName(a.Name))
                    bag.Add(ErrorCodes.TrustedIdentity, a.Spot.At("name"),
                        $"code assembly {a.Name} of {m.Name} is named like a system or framework assembly; a program's code may not claim to be one (trusted code is known by its bytes); rename the assembly");
        }

        private static void CheckEndpoints(ProgramManifest m, DiagnosticBag bag)
        {
            foreach (var e in m.Endpoints)
            {
                Identifier(e.Name, "endpoint", e.Spot.At("name"), bag);
                if (!Names.IsTypeName(e.Contract))
                    bag.Add(ErrorCodes.BadTypeName, e.Spot.At("contract"), $"endpoint {e.Name}: contract '{e.Contract}' is not a full type name; write the contract class's namespace and name, e.g. Sing.Apps.Echo.EchoContract");
                if (!Names.IsSimpleName(e.State) || e.State.Contains('.'))
                    bag.Add(ErrorCodes.BadTypeName, e.Spot.At("state"), $"endpoint {e.Name}: state '{e.State}' is not a contract state name; write the name of a state of {e.Contract}, e.g. Start");
                if ((e.Bind is null) == (e.Register is null))
                {
                    string what = e.Bind is null ? "neither bind nor register" : "both bind and register";
                    bag.Add(ErrorCodes.BindOrRegister, e.Spot.Element,
                        $"endpoint {e.Name} has {what}; give exactly one: bind=\"/service/x\" to connect to a service, or register=\"/service/x\" to offer one");
                }
                else if (e.Bind is not null)
                {
                    Path(e.Bind, $"endpoint {e.Name}", e.Spot.At("bind"), bag);
                    if (e.Side != "Imp")
                        bag.Add(ErrorCodes.EndpointSide, e.Spot.At("side"), $"endpoint {e.Name} binds {e.Bind}, so it holds the Imp side, not {e.Side}; write side=\"Imp\"");
                }
                else
                {
                    Path(e.Register!, $"endpoint {e.Name}", e.Spot.At("register"), bag);
                    if (e.Side != "Exp")
                        bag.Add(ErrorCodes.EndpointSide, e.Spot.At("side"), $"endpoint {e.Name} registers {e.Register}, so it receives Exp sides, not {e.Side}; write side=\"Exp\"");
                }
            }
            Duplicates(m.Endpoints.Select(e => (e.Name, e.Spot.At("name"))), "endpoint", bag);
        }

        private static void CheckParameters(ProgramManifest m, DiagnosticBag bag)
        {
            foreach (var p in m.Parameters)
            {
                Identifier(p.Name, "parameter", p.Spot.At("name"), bag);
                TextRules.CheckVisible(p.Help, $"help of parameter {p.Name}", p.Spot.At("help"), bag);
                TextRules.CheckVisible(p.Default, $"default of parameter {p.Name}", p.Spot.At("default"), bag);
                if (p.Required && p.Default is not null)
                    bag.Add(ErrorCodes.RequiredWithDefault, p.Spot.At("default"),
                        $"parameter {p.Name} is required but has a default; remove default=\"{p.Default}\" or make it required=\"false\"");
                else if (p.Default is not null && !ParameterValues.TryParse(p.Type, p.Default, out _))
                    bag.Add(ErrorCodes.BadDefault, p.Spot.At("default"),
                        $"default \"{p.Default}\" of parameter {p.Name} is not a {p.Type} ({ParameterValues.Describe(p.Type)}); correct the default or the type");
            }
            Duplicates(m.Parameters.Select(p => (p.Name, p.Spot.At("name"))), "parameter", bag);

            var positioned = m.Parameters.Where(p => p.Position is not null).OrderBy(p => p.Position).ToList();
            for (int i = 0; i < positioned.Count; i++)
            {
                if (positioned[i].Position == i) continue;
                bag.Add(ErrorCodes.BadPositions, positioned[i].Spot.At("position"),
                    $"parameter {positioned[i].Name} has position {(positioned[i].Position == int.MaxValue ? "(too large)" : positioned[i].Position!.Value.ToString(CultureInfo.InvariantCulture))}, but positions must be 0..{positioned.Count - 1} without gaps or repeats; renumber the positional parameters");
                break;
            }
        }

        private static void CheckHardware(ProgramManifest m, DiagnosticBag bag)
        {
            bool driver = m.Kind == ProgramManifest.Driver;
            if (driver && m.Hardware is null)
                bag.Add(ErrorCodes.DriverWithoutHardware, m.Spot.At("kind"),
                    $"driver {m.Name} has no <hardware> element; declare the device signature and its resources, or make the program kind=\"service\"");
            if (!driver && m.Hardware is not null)
                bag.Add(ErrorCodes.HardwareOnNonDriver, m.Hardware.Spot.Element,
                    $"{m.Kind} {m.Name} declares <hardware>, but only drivers may own hardware; remove <hardware> or make it kind=\"driver\"");
            if (!driver)
                foreach (var p in m.Privileges.Where(p => p.Name == HardwarePrivilege))
                    bag.Add(ErrorCodes.HardwarePrivilegeOnNonDriver, p.Spot.At("name"),
                        $"{m.Kind} {m.Name} claims the hardware privilege, which only drivers may hold (in SIP-Phys it reaches the hardware ABI from ring 0); remove <privilege name=\"hardware\"/> or make the program a driver");
            if (driver && !m.HasPrivilege(HardwarePrivilege))
                bag.Add(ErrorCodes.MissingHardwarePrivilege, m.Spot.At("kind"),
                    $"driver {m.Name} lacks the hardware privilege; add <privileges><privilege name=\"hardware\"/></privileges>");
            if (m.Hardware is null) return;
            Path(m.Hardware.Signature, "hardware signature", m.Hardware.Spot.At("signature"), bag);
            foreach (var r in m.Hardware.Resources)
            {
                Identifier(r.Name, r.Kind, r.Spot.At("name"), bag);
                if (r.Valid && !r.IsDeviceRelative) CheckClaim(m, r, bag);
                if (r.Kind is HardwareResource.PciBar or HardwareResource.PciIrq && m.Hardware.Pci.Count == 0)
                    bag.Add(ErrorCodes.BadPciDeclaration, r.Spot.Element,
                        $"{(r.Kind == HardwareResource.PciBar ? "pciBar" : "pciIrq")} {r.Name} of driver {m.Name} belongs to a PCI function, but the manifest has no <pci> signature to match one; add <pci vendor=\"..\" device=\"..\" class=\"..\"/>");
            }
            Duplicates(m.Hardware.Resources.Select(r => (r.Name, r.Spot.At("name"))), "hardware resource", bag);
        }

        /// <summary>The kernel's own rule (Runtime/Manifest/MachineResources.cs): a driver may not claim what the machine
        /// lacks, what the kernel keeps, or memory that is not device memory.</summary>
        private static void CheckClaim(ProgramManifest m, HardwareResource r, DiagnosticBag bag)
        {
            string? refusal = MachineResources.Refusal(r.SharedKind, r.Start, r.Length);
            if (refusal is null) return;
            string code = !MachineResources.Exists(r.SharedKind, r.Start, r.Length) ? ErrorCodes.BadNumber
                : MachineResources.FindReserved(r.SharedKind, r.Start, r.Length) is not null ? ErrorCodes.KernelResource
                : ErrorCodes.NotDeviceMemory;
            string fix = code == ErrorCodes.NotDeviceMemory
                ? "claim only the device's own memory (its BAR or the legacy window it decodes)"
                : "choose another resource; the kernel will refuse this claim at boot";
            bag.Add(code, r.Spot.Element, $"{HardwareConflicts.Describe(r)} of driver {m.Name} {refusal}; {fix}");
        }

        internal static void Identifier(string name, string what, SourceLocation at, DiagnosticBag bag)
        {
            if (!Names.IsIdentifier(name))
                bag.Add(ErrorCodes.BadIdentifier, at, $"{what} name '{name}' is not an identifier; use lower-case letters, digits and '-', starting with a letter ({Names.IdentifierRule})");
        }

        internal static void Path(string path, string what, SourceLocation at, DiagnosticBag bag)
        {
            if (!Names.IsPath(path))
                bag.Add(ErrorCodes.BadPath, at, $"{what}: '{path}' is not an absolute path; write {Names.PathRule}, e.g. /service/echo");
        }

        private static void Duplicates(IEnumerable<(string Name, SourceLocation At)> items, string what, DiagnosticBag bag)
        {
            var seen = new HashSet<string>();
            foreach (var (name, at) in items)
                if (!seen.Add(name))
                    bag.Add(ErrorCodes.DuplicateName, at, $"{what} name '{name}' is declared twice; rename or remove one of them");
        }
    }
}

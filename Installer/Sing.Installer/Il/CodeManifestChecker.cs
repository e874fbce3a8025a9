using System.Collections.Generic;
using System.Linq;
using System.Reflection.Metadata;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Il
{
    /// <summary>Checks the program's IL against its manifest: assembly name, references (only our runtime and the
    /// program's own code), and the [ProgramStartup] class whose attributed fields must match the manifest's parameters,
    /// endpoints and hardware one for one, with the right types.</summary>
    public static class CodeManifestChecker
    {
        public static readonly IReadOnlySet<string> TrustedAssemblies = new HashSet<string> { "Sing.SipRuntime", "Sing.Contracts.Sip" };

        /// <summary>Our corelib's assembly name. It is System.Private.CoreLib because ILC emits reflection metadata (which
        /// generic virtual method dispatch and enum names need) only for a system module of that name.</summary>
        public const string CoreLib = "System.Private.CoreLib";
        public static readonly IReadOnlySet<string> StockFramework = new HashSet<string> { "System.Runtime", "System.Private.CoreLib", "mscorlib", "netstandard" };

        private const string Config = "Singularity.Configuration.";
        public const string StartupAttribute = Config + "ProgramStartupAttribute";
        public const string EndpointType = "Singularity.V1.ChannelEndpoint";

        private static readonly Dictionary<string, string> s_parameterTypes = new()
        {
            ["int32"] = "System.Int32", ["int64"] = "System.Int64", ["bool"] = "System.Boolean", ["string"] = "System.String",
        };

        /// <summary>Item attribute → (manifest element, manifest resource kind or null for parameter/endpoint, field type).</summary>
        private static readonly (string Attribute, string Element, string Kind, string? FieldType)[] s_items =
        {
            (Config + "ParameterAttribute", "parameter", "parameter", null),
            (Config + "EndpointAttribute", "endpoint", "endpoint", EndpointType),
            (Config + "IoPortsAttribute", "ioPorts", HardwareResource.IoPorts, Config + "IoPortRange"),
            (Config + "IrqAttribute", "irq", HardwareResource.Irq, Config + "IrqLine"),
            (Config + "IoMemoryAttribute", "memory", HardwareResource.Memory, Config + "IoMemoryRange"),
            (Config + "DmaAttribute", "dma", HardwareResource.Dma, Config + "DmaChannel"),
            (Config + "DmaMemoryAttribute", "dmaMemory", HardwareResource.DmaMemory, Config + "DmaMemory"),
        };

        public static void Check(LoadedAssembly asm, ProgramManifest m, DiagnosticBag bag)
        {
            MetadataReader r = asm.Reader;
            var at = SourceLocation.OfFile(asm.DisplayName);
            string main = m.Assemblies[0].Name;
            if (asm.Name != main)
                bag.Add(ErrorCodes.AssemblyNameMismatch, m.Assemblies[0].Spot.At("name"),
                    $"the manifest's main assembly is {main}, but {asm.DisplayName} is assembly {asm.Name}; correct <assembly name=\"...\"/> or pass the right assembly");

            CheckReferences(asm, m, bag);
            CheckStartup(asm, m, bag);
        }

        /// <summary>The assemblies <paramref name="asm"/> references: only the trusted libraries and the program's declared code.</summary>
        public static void CheckReferences(LoadedAssembly asm, ProgramManifest m, DiagnosticBag bag)
        {
            MetadataReader r = asm.Reader;
            var at = SourceLocation.OfFile(asm.DisplayName);
            var own = new HashSet<string>(m.Assemblies.Select(a => a.Name));
            foreach (AssemblyReferenceHandle h in r.AssemblyReferences)
            {
                string name = r.GetString(r.GetAssemblyReference(h).Name);
                if (TrustedAssemblies.Contains(name) || own.Contains(name) || IsSingularityCoreLib(r, h)) continue;
                if (StockFramework.Contains(name))
                    bag.Add(ErrorCodes.StockFramework, at,
                        $"{asm.Name} references {name}: it was built against the stock .NET framework, not Singularity's corelib; build it with Build/SipProgram.props (NoStdLib, references Runtime/Sing.CoreLib and Sing.SipRuntime)");
                else
                    bag.Add(ErrorCodes.UntrustedReference, at,
                        $"{asm.Name} references assembly {name}, which is neither the SIP runtime nor code the manifest declares; add <assembly name=\"{name}\"/> to <code> or remove the reference");
            }
        }

        /// <summary>Our corelib shares its name with the stock one, but is never strong-named: every stock
        /// System.Private.CoreLib is signed, so a reference to it carries a public key token, while one to ours has none.</summary>
        public static bool IsSingularityCoreLib(MetadataReader r, AssemblyReferenceHandle h)
        {
            AssemblyReference reference = r.GetAssemblyReference(h);
            return r.GetString(reference.Name) == CoreLib && reference.PublicKeyOrToken.IsNil;
        }

        private static void CheckStartup(LoadedAssembly asm, ProgramManifest m, DiagnosticBag bag)
        {
            MetadataReader r = asm.Reader;
            var at = SourceLocation.OfFile(asm.DisplayName);
            var startups = r.TypeDefinitions.Where(h => AttributeReader.Find(r, r.GetTypeDefinition(h).GetCustomAttributes(), StartupAttribute) is not null).ToList();
            bool needed = m.Parameters.Count > 0 || m.Endpoints.Count > 0 || m.Hardware is not null;
            if (startups.Count > 1)
                bag.Add(ErrorCodes.StartupClass, at,
                    $"{asm.Name} has {startups.Count} [ProgramStartup] classes ({string.Join(", ", startups.Select(h => MetadataNames.OfDefinition(r, h)))}); keep exactly one");
            else if (startups.Count == 0 && needed)
                bag.Add(ErrorCodes.StartupClass, at,
                    $"{asm.Name} has no [Singularity.Configuration.ProgramStartup] class, but manifest {m.Name} declares parameters, endpoints or hardware; add a partial class marked [ProgramStartup] with a field for each");

            // Every attributed field in the assembly: (attribute index, manifest name, field, field type).
            var fields = new List<(int Item, string Name, string Field, string Type, bool InStartup)>();
            foreach (TypeDefinitionHandle th in r.TypeDefinitions)
                foreach (FieldDefinitionHandle fh in r.GetTypeDefinition(th).GetFields())
                {
                    FieldDefinition f = r.GetFieldDefinition(fh);
                    for (int i = 0; i < s_items.Length; i++)
                    {
                        if (AttributeReader.Find(r, f.GetCustomAttributes(), s_items[i].Attribute) is not CustomAttribute a) continue;
                        string fieldName = MetadataNames.OfDefinition(r, th) + "." + r.GetString(f.Name);
                        fields.Add((i, AttributeReader.FirstString(a, asm.Names) ?? "", fieldName, TypeOfStartupField(r, f, asm.Names), startups.Contains(th)));
                    }
                }

            foreach (var f in fields.Where(f => !f.InStartup))
                bag.Add(ErrorCodes.StartupClass, at,
                    $"field {f.Field} carries [{MetadataNames.SimpleName(s_items[f.Item].Attribute).Replace("Attribute", "")}] but is not in the [ProgramStartup] class; move it there");

            for (int i = 0; i < s_items.Length; i++)
            {
                var (attribute, element, kind, fieldType) = s_items[i];
                string shortAttr = MetadataNames.SimpleName(attribute).Replace("Attribute", "");
                var declared = Declared(m, kind);
                var inCode = fields.Where(f => f.Item == i && f.InStartup).ToList();
                foreach (var (name, spot) in declared)
                {
                    if (inCode.Any(f => f.Name == name)) continue;
                    bool pciBar = IsPciBar(m, name);
                    if (pciBar && (kind != HardwareResource.Memory || HeldByOtherBarField(m, fields, name))) continue;   // reported once, below
                    bag.Add(ErrorCodes.MissingInCode, spot.Element, pciBar
                        ? $"pciBar {name} of {m.Name} is missing in code: no [IoMemory(\"{name}\")] (a memory BAR) or [IoPorts(\"{name}\")] (a port BAR) field in the [ProgramStartup] class of {asm.Name}; add the field or remove the pciBar"
                        : $"{element} {name} of {m.Name} is missing in code: no [{shortAttr}(\"{name}\")] field in the [ProgramStartup] class of {asm.Name}; add the field or remove the {element}");
                }
                foreach (var f in inCode)
                {
                    var decl = declared.FirstOrDefault(d => d.Name == f.Name);
                    if (decl.Name is null)
                    {
                        string what = kind switch { "parameter" => "unknown parameter", "endpoint" => "extra endpoint", _ => "undeclared " + element };
                        bag.Add(ErrorCodes.NotInManifest, at,
                            $"{what} '{f.Name}': field {f.Field} is not declared in the manifest of {m.Name}; add <{element} name=\"{f.Name}\" .../> or remove the field");
                        continue;
                    }
                    if (kind == "parameter")
                    {
                        string type = m.Parameters.First(p => p.Name == f.Name).Type;
                        if (s_parameterTypes[type] != f.Type)
                            bag.Add(ErrorCodes.WrongParameterType, at,
                                $"wrong parameter type: field {f.Field} is {f.Type}, but parameter {f.Name} is {type} in the manifest; declare the field as {s_parameterTypes[type]} or change the manifest's type");
                    }
                    else if (f.Type != fieldType)
                    {
                        bag.Add(kind == "endpoint" ? ErrorCodes.WrongEndpointType : ErrorCodes.WrongHardwareType, at,
                            $"field {f.Field} for {element} {f.Name} is {f.Type}; declare it as {fieldType}");
                    }
                }
            }
        }

        /// <summary>The field's type name, qualified by where it is defined when it is a class or struct: the runtime's
        /// types must come from the SIP runtime itself (a reference into Sing.SipRuntime, which the installer pins to the
        /// trusted bytes), so a program cannot define its own Singularity.V1.ChannelEndpoint and have it pass.</summary>
        private static string TypeOfStartupField(MetadataReader r, FieldDefinition f, TypeNameProvider names)
        {
            string type = f.DecodeSignature(names, null);
            BlobReader blob = r.GetBlobReader(f.Signature);
            if (blob.ReadSignatureHeader().Kind != SignatureKind.Field) return type;
            var code = blob.ReadSignatureTypeCode();
            while (code is SignatureTypeCode.RequiredModifier or SignatureTypeCode.OptionalModifier)
            {
                blob.ReadTypeHandle();
                code = blob.ReadSignatureTypeCode();
            }
            if (code != SignatureTypeCode.TypeHandle) return type;
            EntityHandle h = blob.ReadTypeHandle();
            if (h.Kind == HandleKind.TypeReference)
            {
                TypeReference tr = r.GetTypeReference((TypeReferenceHandle)h);
                if (tr.ResolutionScope.Kind == HandleKind.AssemblyReference
                    && r.GetString(r.GetAssemblyReference((AssemblyReferenceHandle)tr.ResolutionScope).Name) == RuntimeAssembly) return type;
                return type + " (not from " + RuntimeAssembly + ")";
            }
            return type + " (defined by the program itself, not by " + RuntimeAssembly + ")";
        }

        /// <summary>The SIP runtime, which defines the startup item types.</summary>
        public const string RuntimeAssembly = "Sing.SipRuntime";

        private static List<(string Name, XmlSpot Spot)> Declared(ProgramManifest m, string kind) => kind switch
        {
            "parameter" => m.Parameters.Select(p => (p.Name, p.Spot)).ToList(),
            "endpoint" => m.Endpoints.Select(e => (e.Name, e.Spot)).ToList(),
            _ => (m.Hardware?.Resources ?? new List<HardwareResource>()).Where(h => h.Kind == kind || Also(kind, h.Kind)).Select(h => (h.Name, h.Spot)).ToList(),
        };

        /// <summary>A PCI BAR is memory or ports, as the device decodes it: an [IoMemory] or an [IoPorts] field takes it.
        /// The function's interrupt is an [Irq] field.</summary>
        private static bool Also(string fieldKind, string declaredKind) =>
            declaredKind == HardwareResource.PciBar ? fieldKind is HardwareResource.Memory or HardwareResource.IoPorts
            : declaredKind == HardwareResource.PciIrq && fieldKind == HardwareResource.Irq;

        private static bool IsPciBar(ProgramManifest m, string name) =>
            m.Hardware?.Resources.Any(r => r.Kind == HardwareResource.PciBar && r.Name == name) == true;

        /// <summary>Whether a pciBar is already taken by a field of the other BAR type (so it is not missing).</summary>
        private static bool HeldByOtherBarField(ProgramManifest m, List<(int Item, string Name, string Field, string Type, bool InStartup)> fields, string name) =>
            m.Hardware?.Resources.Any(r => r.Kind == HardwareResource.PciBar && r.Name == name) == true
            && fields.Any(f => f.InStartup && f.Name == name && s_items[f.Item].Kind is HardwareResource.Memory or HardwareResource.IoPorts);
    }
}

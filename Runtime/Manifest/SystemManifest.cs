// Compiled into the kernel and the SIP runtime, and into the installer tests to read back what compose writes.
#nullable disable
using System.Collections.Generic;

namespace Singularity.Manifests
{
    /// <summary>Reads the system manifest: one record per line, fields separated by tabs, the first field the
    /// record kind and the rest key=value. A record that does not parse is an error naming its line, never
    /// skipped: the kernel must not run a program whose manifest it misread.</summary>
    public sealed class SystemManifest
    {
        public string Configuration = "SIP-Phys";
        public uint AbiVersion;
        public readonly List<ProgramManifest> Programs = new List<ProgramManifest>();
        public readonly List<NamespaceRule> Namespaces = new List<NamespaceRule>();
        public readonly List<BootEntry> Boot = new List<BootEntry>();
        public readonly List<string> Script = new List<string>();

        public ProgramManifest Find(string name)
        {
            for (int i = 0; i < Programs.Count; i++) if (Programs[i].Name == name) return Programs[i];
            return null;
        }

        /// <summary>The rule for the longest prefix of <paramref name="path"/>, or null if none covers it.</summary>
        public NamespaceRule RuleFor(string path)
        {
            NamespaceRule best = null;
            for (int i = 0; i < Namespaces.Count; i++)
            {
                NamespaceRule rule = Namespaces[i];
                if (path.StartsWith(rule.Prefix) && (best == null || rule.Prefix.Length > best.Prefix.Length)) best = rule;
            }
            return best;
        }

        /// <summary>Parses <paramref name="text"/>; on failure returns null and says which line and why.</summary>
        public static SystemManifest Parse(string text, out string error)
        {
            var manifest = new SystemManifest();
            string[] lines = text.Split('\n');
            ProgramManifest current = null;
            error = null;
            for (int n = 0; n < lines.Length; n++)
            {
                string line = lines[n];
                if (line.Length > 0 && line[line.Length - 1] == '\r') line = line.Substring(0, line.Length - 1);
                if (line.Length == 0 || line[0] == '#') continue;
                var record = new Record(line);
                if (n == 0 || manifest.AbiVersion == 0)
                {
                    if (record.Kind != "singularity-system-manifest" || record.Get("version") != "1")
                        return Fail(out error, n, "the first record must be 'singularity-system-manifest version=1'");
                    manifest.Configuration = record.Get("configuration") ?? "SIP-Phys";
                    if (!uint.TryParse(record.Get("abi") ?? "", out manifest.AbiVersion) || manifest.AbiVersion == 0)
                        return Fail(out error, n, "missing abi=");
                    continue;
                }
                string problem = manifest.Apply(record, ref current);
                if (problem != null) return Fail(out error, n, problem);
            }
            if (manifest.AbiVersion == 0) return Fail(out error, 0, "empty manifest");
            return manifest;
        }

        /// <summary>"1,3" as bits 1 and 3; false for anything but indices from 0 to 63 separated by commas.</summary>
        private static bool TryParseCpus(string text, out ulong mask)
        {
            mask = 0;
            int value = -1;
            for (int i = 0; i <= text.Length; i++)
            {
                char c = i < text.Length ? text[i] : ',';
                if (c >= '0' && c <= '9')
                {
                    value = (value < 0 ? 0 : value * 10) + (c - '0');
                    if (value > 63) return false;
                }
                else if (c == ',' && value >= 0)
                {
                    mask |= 1UL << value;
                    value = -1;
                }
                else return false;
            }
            return mask != 0;
        }

        private static SystemManifest Fail(out string error, int line, string why)
        {
            error = string.Concat("system manifest line ", (line + 1).ToString(), ": ", why);
            return null;
        }

        private string Apply(Record r, ref ProgramManifest current)
        {
            string kind = r.Kind;
            if (kind == "program")
            {
                current = new ProgramManifest
                {
                    Name = r.Get("name"),
                    Kind = r.Get("kind"),
                    Version = r.Get("version") ?? "",
                    Publisher = r.Get("publisher") ?? "",
                    Content = r.Get("content") ?? "",
                    Description = r.Get("description") ?? "",
                    Image = r.Get("image") ?? r.Get("name"),
                    ImageHash = r.Get("imageHash") ?? "",
                    Trusted = r.Get("trusted") == "true",
                    Domain = r.Get("domain") is string domain && domain.Length > 0 ? domain : null,
                    TestTool = r.Get("test") == "true",
                    StartedBy = r.Get("startedBy") is string starters && starters.Length > 0 ? starters.Split(',') : System.Array.Empty<string>(),
                };
                if (current.Name == null || current.Kind == null) return "program record without name= or kind=";
                if (r.Get("cpus") is string cpus && !TryParseCpus(cpus, out current.Cpus))
                    return string.Concat("program ", current.Name, ": cpus=", cpus, " is not a comma-separated list of CPU indices from 0 to 63");
                if (Find(current.Name) != null) return string.Concat("program ", current.Name, " appears twice");
                Programs.Add(current);
                return null;
            }
            if (kind == "namespace")
            {
                string prefix = r.Get("prefix");
                if (prefix == null) return "namespace record without prefix=";
                Namespaces.Add(new NamespaceRule { Prefix = prefix, Kinds = (r.Get("kinds") ?? "").Split(','), Register = r.Get("register"), Bind = r.Get("bind") });
                return null;
            }
            if (kind == "boot")
            {
                if (r.Get("program") == null) return "boot record without program=";
                var entry = new BootEntry { Program = r.Get("program"), Arguments = r.Get("arguments") ?? "" };
                string restart = r.Get("restart");
                if (restart != null)
                {
                    if (restart != "never" && restart != "on-failure" && restart != "always") return string.Concat("boot record with restart=", restart);
                    entry.Restart = restart;
                }
                if (r.Get("restartLimit") != null && (!int.TryParse(r.Get("restartLimit"), out entry.RestartLimit) || entry.RestartLimit < 1))
                    return "boot record with a bad restartLimit=";
                if (r.Get("restartWindow") != null && (!int.TryParse(r.Get("restartWindow"), out entry.RestartWindowSeconds) || entry.RestartWindowSeconds < 1))
                    return "boot record with a bad restartWindow=";
                Boot.Add(entry);
                return null;
            }
            if (kind == "script")
            {
                Script.Add(r.Get("line") ?? "");
                return null;
            }
            // Every other record belongs to the program declared last.
            string owner = r.Get("program");
            if (current == null || owner != current.Name)
                return string.Concat(kind, " record for '", owner ?? "", "' does not follow its program record");
            return ApplyProgramRecord(current, r);
        }

        private static string ApplyProgramRecord(ProgramManifest p, Record r)
        {
            switch (r.Kind)
            {
                case "parameter":
                    {
                        var parameter = new ParameterInfo
                        {
                            Name = r.Get("name"),
                            Required = r.Get("required") == "true",
                            Default = r.Get("default"),
                            Help = r.Get("help") ?? "",
                        };
                        string type = r.Get("type");
                        if (type == "string") parameter.Type = ParameterType.String;
                        else if (type == "int32") parameter.Type = ParameterType.Int32;
                        else if (type == "int64") parameter.Type = ParameterType.Int64;
                        else if (type == "bool") parameter.Type = ParameterType.Bool;
                        else return string.Concat("parameter ", parameter.Name ?? "", " has unknown type '", type ?? "", "'");
                        string position = r.Get("position");
                        if (position != null && !int.TryParse(position, out parameter.Position)) return "bad position=";
                        if (parameter.Name == null) return "parameter without name=";
                        p.Parameters.Add(parameter);
                        return null;
                    }
                case "endpoint":
                    {
                        var endpoint = new EndpointInfo
                        {
                            Name = r.Get("name"),
                            Contract = r.Get("contract") ?? "",
                            Side = r.Get("side") ?? "",
                            State = r.Get("state") ?? "",
                            Bind = r.Get("bind"),
                            Register = r.Get("register"),
                        };
                        if (endpoint.Name == null || (endpoint.Bind == null) == (endpoint.Register == null))
                            return "endpoint needs name= and exactly one of bind= and register=";
                        p.Endpoints.Add(endpoint);
                        return null;
                    }
                case "privilege":
                    p.Privileges.Add(r.Get("name") ?? "");
                    return null;
                case "contract":
                    p.Contracts.Add(r.Get("name") ?? "");
                    return null;
                case "quota":
                    {
                        string key = r.Get("name"), value = r.Get("value");
                        if (!int.TryParse(value, out int n) || n <= 0) return string.Concat("quota ", key ?? "", " needs a positive value=");
                        if (key == "pagesMiB") p.QuotaPagesMiB = n;
                        else if (key == "exchangeMiB") p.QuotaExchangeMiB = n;
                        else if (key == "threads") p.QuotaThreads = n;
                        else if (key == "handles") p.QuotaHandles = n;
                        else if (key == "children") p.QuotaChildren = n;
                        else if (key == "names") p.QuotaNames = n;
                        else return string.Concat("unknown quota '", key ?? "", "'");
                        return null;
                    }
                case "hardware":
                    p.Signature = r.Get("signature");
                    return null;
                case "ioports":
                    return AddResource(p, r, ResourceKind.IoPorts, "base", "length");
                case "irq":
                    return AddResource(p, r, ResourceKind.Irq, "line", null);
                case "memory":
                    return AddResource(p, r, ResourceKind.Memory, "base", "length");
                case "dma":
                    return AddResource(p, r, ResourceKind.Dma, "channel", null);
                case "pci":
                    return AddPciSignature(p, r);
                case "pcibar":
                    return AddResource(p, r, ResourceKind.PciBar, "index", null);
                case "pciirq":
                    {
                        if (r.Get("name") == null) return "pciirq record needs name=";
                        p.Resources.Add(new HardwareResource { Kind = ResourceKind.PciIrq, Name = r.Get("name") });
                        return null;
                    }
                case "dmamemory":
                    {
                        if (r.Get("name") == null || !TryParseNumber(r.Get("pages"), out ulong pages) || pages == 0 || pages > MachineResources.DmaMemoryPages)
                            return string.Concat("dmamemory record needs name= and pages= from 1 to ", MachineResources.DmaMemoryPages.ToString());
                        p.Resources.Add(new HardwareResource { Kind = ResourceKind.DmaMemory, Name = r.Get("name"), Length = pages * 4096 });
                        return null;
                    }
                default:
                    return string.Concat("unknown record kind '", r.Kind, "'");
            }
        }

        /// <summary>vendor= and device= are hex numbers; class= is 2, 4 or 6 hex digits (class, +subclass, +interface).</summary>
        private static string AddPciSignature(ProgramManifest p, Record r)
        {
            var signature = new PciSignature();
            string vendor = r.Get("vendor"), device = r.Get("device"), classCode = r.Get("class");
            if (vendor != null)
            {
                if (!TryParseNumber(vendor, out ulong v) || v > 0xFFFF) return "pci record with a bad vendor=";
                signature.Vendor = (int)v;
            }
            if (device != null)
            {
                if (!TryParseNumber(device, out ulong d) || d > 0xFFFF) return "pci record with a bad device=";
                signature.Device = (int)d;
            }
            if (classCode != null)
            {
                int digits = classCode.Length - 2;
                if (!classCode.StartsWith("0x") || (digits != 2 && digits != 4 && digits != 6) || !TryParseNumber(classCode, out ulong c))
                    return "pci record with a bad class= (0x and 2, 4 or 6 hex digits)";
                signature.Class = (uint)c;
                signature.ClassBytes = digits / 2;
            }
            if (vendor == null && device == null && classCode == null) return "pci record matches every device (give vendor=, device= or class=)";
            p.PciSignatures.Add(signature);
            return null;
        }

        private static string AddResource(ProgramManifest p, Record r, ResourceKind kind, string baseKey, string lengthKey)
        {
            var resource = new HardwareResource { Kind = kind, Name = r.Get("name"), Shared = r.Get("shared") == "true" };
            if (resource.Name == null || !TryParseNumber(r.Get(baseKey), out resource.Base))
                return string.Concat(r.Kind, " record needs name= and a number in ", baseKey, "=");
            if (lengthKey != null && (!TryParseNumber(r.Get(lengthKey), out resource.Length) || resource.Length == 0))
                return string.Concat(r.Kind, " record needs a non-zero ", lengthKey, "=");
            p.Resources.Add(resource);
            return null;
        }

        /// <summary>Decimal, or hexadecimal with 0x.</summary>
        public static bool TryParseNumber(string text, out ulong value)
        {
            value = 0;
            if (string.IsNullOrEmpty(text)) return false;
            if (text.Length > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
            {
                for (int i = 2; i < text.Length; i++)
                {
                    char c = text[i];
                    int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                    if (digit < 0 || value > (ulong.MaxValue >> 4)) return false;
                    value = (value << 4) | (uint)digit;
                }
                return true;
            }
            return ulong.TryParse(text, out value);
        }

        /// <summary>One line split into its kind and key=value fields.</summary>
        private readonly struct Record
        {
            private readonly string[] _fields;

            public Record(string line) { _fields = line.Split('\t'); }

            public string Kind => _fields[0];

            public string Get(string key)
            {
                for (int i = 1; i < _fields.Length; i++)
                {
                    string f = _fields[i];
                    if (f.Length > key.Length && f[key.Length] == '=' && f.StartsWith(key)) return f.Substring(key.Length + 1);
                }
                return null;
            }
        }
    }
}

using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Sing.Installer.Model;
using Sing.Installer.Rules;
using Sing.Installer.Signing;

namespace Sing.Installer.Output
{
    /// <summary>Writes the system manifest the kernel reads: UTF-8, '\n' line ends, one record per line, TAB-separated
    /// fields, the record kind first and "key=value" after it. Order: header; each program followed by its parameters,
    /// endpoints, privileges, hardware and resources; then namespaces, boot services and the startup script. Values
    /// never contain TAB or newline (the schema and rules reject them).</summary>
    public static class SystemManifestWriter
    {
        public const int FormatVersion = 1;

        /// <param name="identities">Each program's installed identity (<see cref="SignatureCheck"/>): the publisher its
        /// principal names and its content hash. A program without one is written with the publisher "unsigned".</param>
        /// <param name="imageHashes">Each program's native image hash (hex SHA-256), written as imageHash for the kernel to
        /// check at load; a program without one is written without it (the kernel refuses to load it).</param>
        public static string Write(SystemPolicy policy, IReadOnlyList<InstalledProgram> programs, IReadOnlyDictionary<string, ProgramIdentity>? identities = null,
            IReadOnlyDictionary<string, string>? imageHashes = null)
        {
            var text = new StringBuilder();
            Record(text, "singularity-system-manifest", ("version", FormatVersion.ToString(CultureInfo.InvariantCulture)),
                ("configuration", policy.Configuration), ("abi", "1"));
            foreach (var p in programs)
            {
                ProgramManifest m = p.Manifest;
                string name = m.Name;
                ProgramIdentity? identity = identities is not null && identities.TryGetValue(name, out var id) ? id : null;
                var program = new List<(string, string)> { ("name", name), ("kind", m.Kind), ("version", m.Version),
                    ("publisher", identity?.Publisher ?? PublisherPolicy.UnsignedPublisher), ("trusted", p.Entry.Trusted ? "true" : "false") };
                if (identity is not null) program.Add(("content", "sha256:" + identity.Content));
                // A domain of its own, only when the policy gives one (the record reads as before otherwise).
                if (p.Entry.Domain is string domain) program.Add(("domain", domain));
                if (p.Entry.TestTool) program.Add(("test", "true"));
                if (p.Entry.StartedBy.Count > 0) program.Add(("startedBy", string.Join(",", p.Entry.StartedBy)));
                if (p.Entry.Cpus != 0)
                    program.Add(("cpus", string.Join(",", Enumerable.Range(0, 64).Where(i => (p.Entry.Cpus >> i & 1) != 0).Select(i => i.ToString(CultureInfo.InvariantCulture)))));
                program.Add(("image", name));
                if (imageHashes is not null && imageHashes.TryGetValue(name, out string? imageHash)) program.Add(("imageHash", "sha256:" + imageHash));
                program.Add(("description", m.Description ?? ""));
                Record(text, "program", program.ToArray());
                foreach (var a in m.Parameters)
                {
                    var fields = new List<(string, string)> { ("program", name), ("name", a.Name), ("type", a.Type), ("required", a.Required ? "true" : "false") };
                    if (a.Default is not null) fields.Add(("default", a.Default));
                    if (a.Position is int pos) fields.Add(("position", pos.ToString(CultureInfo.InvariantCulture)));
                    fields.Add(("help", a.Help ?? ""));
                    Record(text, "parameter", fields.ToArray());
                }
                foreach (var e in m.Endpoints)
                    Record(text, "endpoint", ("program", name), ("name", e.Name), ("contract", e.Contract), ("side", e.Side), ("state", e.State),
                        e.Bind is not null ? ("bind", e.Bind) : ("register", e.Register ?? ""));
                // The run-time contracts the program may create channels for: the kernel refuses any other.
                foreach (var c in m.Contracts) Record(text, "contract", ("program", name), ("name", c.Name));
                foreach (var v in m.Privileges) Record(text, "privilege", ("program", name), ("name", v.Name));
                foreach (var (quota, value) in p.Entry.Quotas)
                    Record(text, "quota", ("program", name), ("name", quota), ("value", value.ToString(CultureInfo.InvariantCulture)));
                if (m.Hardware is HardwareDecl hw)
                {
                    Record(text, "hardware", ("program", name), ("signature", hw.Signature));
                    foreach (var sig in hw.Pci)
                    {
                        var fields = new List<(string, string)> { ("program", name) };
                        if (sig.VendorText is not null) fields.Add(("vendor", sig.VendorText));
                        if (sig.DeviceText is not null) fields.Add(("device", sig.DeviceText));
                        if (sig.ClassText is not null) fields.Add(("class", sig.ClassText));
                        Record(text, "pci", fields.ToArray());
                    }
                    foreach (var r in hw.Resources)
                    {
                        string shared = r.Shared ? "true" : "false";
                        switch (r.Kind)
                        {
                            case HardwareResource.Irq: Record(text, "irq", ("program", name), ("name", r.Name), ("line", r.StartText), ("shared", shared)); break;
                            case HardwareResource.Dma: Record(text, "dma", ("program", name), ("name", r.Name), ("channel", r.StartText), ("shared", shared)); break;
                            case HardwareResource.PciBar: Record(text, "pcibar", ("program", name), ("name", r.Name), ("index", r.StartText)); break;
                            case HardwareResource.PciIrq: Record(text, "pciirq", ("program", name), ("name", r.Name)); break;
                            case HardwareResource.DmaMemory: Record(text, "dmamemory", ("program", name), ("name", r.Name), ("pages", r.LengthText ?? "")); break;
                            default: Record(text, r.Kind, ("program", name), ("name", r.Name), ("base", r.StartText), ("length", r.LengthText ?? ""), ("shared", shared)); break;
                        }
                    }
                }
            }
            foreach (var n in policy.Namespaces)
            {
                var fields = new List<(string, string)> { ("prefix", n.Prefix), ("kinds", string.Join(",", n.Kinds)) };
                if (n.Register is not null) fields.Add(("register", n.Register));
                if (n.Bind is not null) fields.Add(("bind", n.Bind));
                Record(text, "namespace", fields.ToArray());
            }
            foreach (var b in policy.Boot)
                Record(text, "boot", ("program", b.Program), ("arguments", b.Arguments), ("restart", b.Restart),
                    ("restartLimit", b.RestartLimit.ToString(System.Globalization.CultureInfo.InvariantCulture)),
                    ("restartWindow", b.RestartWindow.ToString(System.Globalization.CultureInfo.InvariantCulture)));
            foreach (var s in policy.Startup) Record(text, "script", ("line", s.Text));
            return text.ToString();
        }

        private static void Record(StringBuilder text, string kind, params (string Key, string Value)[] fields)
        {
            text.Append(kind);
            foreach (var (key, value) in fields) text.Append('\t').Append(key).Append('=').Append(value);
            text.Append('\n');
        }
    }
}

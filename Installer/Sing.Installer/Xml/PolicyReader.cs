using System.IO;
using System.Linq;
using System.Xml.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Xml
{
    /// <summary>Reads a schema-valid system policy into the model; manifest paths are resolved against its directory.</summary>
    public static class PolicyReader
    {
        private static readonly XNamespace s_ns = Schemas.PolicyNamespace;

        public static SystemPolicy? Read(string file, DiagnosticBag bag)
        {
            XDocument? doc = XmlDocumentLoader.Load(file, s_ns + "policy", Schemas.Policy, "Manifests/policy.xsd", bag);
            if (doc?.Root is not XElement root) return null;
            string directory = Path.GetDirectoryName(file) ?? "";

            var programs = root.Element(s_ns + "programs")!.Elements(s_ns + "program").Select(e =>
            {
                string manifest = (string)e.Attribute("manifest")!;
                string trusted = ((string?)e.Attribute("trusted") ?? "false").Trim();
                // The schema has checked each quota is a whole number from 1 to 65536.
                var quotas = PolicyProgram.QuotaNames
                    .Where(q => e.Attribute(q) is not null)
                    .Select(q => (q, int.Parse(((string)e.Attribute(q)!).Trim(), System.Globalization.CultureInfo.InvariantCulture)))
                    .ToList();
                return new PolicyProgram((string)e.Attribute("name")!, manifest, Path.Combine(directory, manifest), (string)e.Attribute("project")!,
                    trusted == "true" || trusted == "1", (string?)e.Attribute("reason"), XmlDocumentLoader.Spot(file, e))
                {
                    Quotas = quotas,
                    Domain = ((string?)e.Attribute("domain"))?.Trim(),
                };
            }).ToList();

            var namespaces = (root.Element(s_ns + "namespaces")?.Elements(s_ns + "namespace") ?? Enumerable.Empty<XElement>())
                .Select(e => new NamespaceRule((string)e.Attribute("prefix")!, ((string)e.Attribute("kinds")!).Split(',').ToList(), XmlDocumentLoader.Spot(file, e)))
                .ToList();

            var boot = root.Elements(s_ns + "boot")
                .Select(e => new BootService((string)e.Attribute("program")!, (string?)e.Attribute("arguments") ?? "", XmlDocumentLoader.Spot(file, e))
                {
                    // The schema has checked the values (restart one of three words, the limit 1-1000, the window 1-86400 s).
                    Restart = ((string?)e.Attribute("restart") ?? "never").Trim(),
                    RestartLimit = int.Parse(((string?)e.Attribute("restartLimit") ?? "5").Trim(), System.Globalization.CultureInfo.InvariantCulture),
                    RestartWindow = int.Parse(((string?)e.Attribute("restartWindow") ?? "60").Trim(), System.Globalization.CultureInfo.InvariantCulture),
                }).ToList();

            var startup = (root.Element(s_ns + "startup")?.Elements(s_ns + "line") ?? Enumerable.Empty<XElement>())
                .Select(e => new ScriptLine(e.Value.Trim(), XmlDocumentLoader.Spot(file, e))).ToList();

            return new SystemPolicy(file, (string)root.Attribute("configuration")!, programs, namespaces, boot, startup);
        }
    }
}

using System.Collections.Generic;
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

            var programs = root.Element(s_ns + "programs")!.Elements(s_ns + "program").Select(e => ReadProgram(file, directory, e)).ToList();

            var namespaces = (root.Element(s_ns + "namespaces")?.Elements(s_ns + "namespace") ?? Enumerable.Empty<XElement>())
                .Select(e => new NamespaceRule((string)e.Attribute("prefix")!, ((string)e.Attribute("kinds")!).Split(',').ToList(), XmlDocumentLoader.Spot(file, e),
                    (string?)e.Attribute("register"), (string?)e.Attribute("bind")))
                .ToList();

            var boot = root.Elements(s_ns + "boot").Select(e => ReadBoot(file, e)).ToList();

            var startup = (root.Element(s_ns + "startup")?.Elements(s_ns + "line") ?? Enumerable.Empty<XElement>())
                .Select(e => new ScriptLine(e.Value.Trim(), XmlDocumentLoader.Spot(file, e))).ToList();

            return new SystemPolicy(file, (string)root.Attribute("configuration")!, programs, namespaces, boot, startup)
            {
                Publishers = root.Element(s_ns + "publishers") is XElement publishers
                    ? new PublisherPolicy(publishers.Elements(s_ns + "publisher")
                        .Select(e => new TrustedPublisher((string)e.Attribute("name")!, ((string)e.Attribute("key")!).Trim(), (bool?)e.Attribute("test") ?? false, XmlDocumentLoader.Spot(file, e))).ToList(),
                        (string?)publishers.Attribute("unsigned") ?? PublisherPolicy.RunAsUnsigned)
                    : PublisherPolicy.None,
            };
        }

        /// <summary>The policy with the programs (and boot entries) of policy fragments from outside the repository
        /// appended (<see cref="PolicyFragmentReader"/>); null if the policy or any fragment is rejected.</summary>
        public static SystemPolicy? Read(string file, IEnumerable<string> fragments, DiagnosticBag bag)
        {
            SystemPolicy? policy = Read(file, bag);
            var programs = new List<PolicyProgram>();
            var boot = new List<BootService>();
            bool rejected = false;
            foreach (string fragment in fragments)
            {
                if (PolicyFragmentReader.Read(fragment, bag) is not PolicyFragment f) { rejected = true; continue; }
                programs.Add(f.Program);
                if (f.Boot is not null) boot.Add(f.Boot);
            }
            if (policy is null || rejected) return null;
            return programs.Count == 0 ? policy : policy with
            {
                Programs = policy.Programs.Concat(programs).ToList(),
                Boot = policy.Boot.Concat(boot).ToList(),
            };
        }

        /// <summary>One schema-valid &lt;program&gt; element; its manifest path is resolved against <paramref name="directory"/>.</summary>
        internal static PolicyProgram ReadProgram(string file, string directory, XElement e)
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
                TestTool = ((string?)e.Attribute("test"))?.Trim() is "true" or "1",
                StartedBy = ((string?)e.Attribute("startedBy"))?.Split(',', System.StringSplitOptions.TrimEntries | System.StringSplitOptions.RemoveEmptyEntries)
                    ?? System.Array.Empty<string>(),
                // The schema has checked the list: CPU indices from 0 to 63.
                Cpus = ((string?)e.Attribute("cpus"))?.Split(',', System.StringSplitOptions.TrimEntries)
                    .Aggregate(0UL, (mask, cpu) => mask | 1UL << int.Parse(cpu, System.Globalization.CultureInfo.InvariantCulture)) ?? 0,
            };
        }

        /// <summary>One schema-valid &lt;boot&gt; element.</summary>
        internal static BootService ReadBoot(string file, XElement e) =>
            new((string)e.Attribute("program")!, (string?)e.Attribute("arguments") ?? "", XmlDocumentLoader.Spot(file, e))
            {
                // The schema has checked the values (restart one of three words, the limit 1-1000, the window 1-86400 s).
                Restart = ((string?)e.Attribute("restart") ?? "never").Trim(),
                RestartLimit = int.Parse(((string?)e.Attribute("restartLimit") ?? "5").Trim(), System.Globalization.CultureInfo.InvariantCulture),
                RestartWindow = int.Parse(((string?)e.Attribute("restartWindow") ?? "60").Trim(), System.Globalization.CultureInfo.InvariantCulture),
            };
    }
}

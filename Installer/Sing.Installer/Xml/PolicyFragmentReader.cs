using System.IO;
using System.Xml.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Xml
{
    /// <summary>Reads a policy fragment (the sing.policy.xml beside a program built with the SDK). A fragment installs its
    /// own program only: it may place it in a domain, set its quotas and make it a boot service, but never mark it
    /// trusted, since trust is granted by whoever writes the system policy, not by the program's author (SINGI097).</summary>
    public static class PolicyFragmentReader
    {
        private static readonly XNamespace s_ns = Schemas.PolicyNamespace;

        public static PolicyFragment? Read(string file, DiagnosticBag bag)
        {
            XDocument? doc = XmlDocumentLoader.Load(file, s_ns + "fragment", Schemas.Policy, "Manifests/policy.xsd", bag);
            if (doc?.Root is not XElement root) return null;
            XElement programElement = root.Element(s_ns + "program")!;
            int before = bag.Count;
            foreach (string claim in new[] { "trusted", "reason", "startedBy" })
                if (programElement.Attribute(claim) is XAttribute a)
                    bag.Add(ErrorCodes.FragmentClaimsTrust, XmlDocumentLoader.Locate(file, a),
                        $"policy fragment {file} sets {claim}=\"{a.Value}\" on program {(string?)programElement.Attribute("name")}: a program from outside the system policy cannot mark itself trusted; remove the attribute (unverifiable code may run only with domain=\"ring3\")");
            PolicyProgram program = PolicyReader.ReadProgram(file, Path.GetDirectoryName(Path.GetFullPath(file)) ?? "", programElement);
            BootService? boot = root.Element(s_ns + "boot") is XElement b ? PolicyReader.ReadBoot(file, b) : null;
            if (boot is not null && boot.Program != program.Name)
                bag.Add(ErrorCodes.FragmentClaimsTrust, boot.Spot.At("program"),
                    $"policy fragment {file} starts program {boot.Program} at boot, but it installs {program.Name}; a fragment may make only its own program a boot service");
            return bag.Count == before ? new PolicyFragment(file, program, boot) : null;
        }
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>Rules of the policy itself: program names, trust needs a reason, namespace prefixes; and that each
    /// manifest is the program the policy says it is.</summary>
    public static class PolicyRules
    {
        public static void Check(SystemPolicy policy, DiagnosticBag bag)
        {
            var names = new HashSet<string>();
            foreach (var p in policy.Programs)
            {
                ManifestRules.Identifier(p.Name, "program", p.Spot.At("name"), bag);
                if (!names.Add(p.Name))
                    bag.Add(ErrorCodes.DuplicateProgram, p.Spot.At("name"), $"program {p.Name} is listed twice in the policy; remove one of the entries");
                CheckEntry(p, bag);
            }
            CheckPublishers(policy.Publishers, bag);
            var prefixes = new HashSet<string>();
            foreach (var n in policy.Namespaces)
            {
                if (!Names.IsPrefix(n.Prefix))
                    bag.Add(ErrorCodes.BadNamespacePrefix, n.Spot.At("prefix"), $"namespace prefix '{n.Prefix}' is not a path ending in '/'; write e.g. /service/");
                else if (!prefixes.Add(n.Prefix))
                    bag.Add(ErrorCodes.BadNamespacePrefix, n.Spot.At("prefix"), $"namespace prefix {n.Prefix} is declared twice; merge the kinds into one <namespace>");
                CheckPatterns(n.Register, "register", n, bag);
                CheckPatterns(n.Bind, "bind", n, bag);
            }
        }

        /// <summary>Each space-separated principal pattern of a namespace's register= or bind= must parse (the kernel
        /// matches them with the same code, Runtime/Security/PrincipalPattern.cs).</summary>
        private static void CheckPatterns(string? patterns, string attribute, NamespaceRule n, DiagnosticBag bag)
        {
            if (patterns == null) return;
            string[] each = patterns.Split(' ', System.StringSplitOptions.RemoveEmptyEntries);
            if (each.Length == 0)
                bag.Add(ErrorCodes.BadPrincipalPattern, n.Spot.At(attribute), $"namespace {n.Prefix}: {attribute}= names no pattern; leave it out to allow everyone the kinds allow");
            foreach (string pattern in each)
                if (!Singularity.Security.PrincipalPattern.TryParse(pattern, out _, out string? error))
                    bag.Add(ErrorCodes.BadPrincipalPattern, n.Spot.At(attribute), $"namespace {n.Prefix}: {attribute}=: {error}");
        }

        /// <summary>The rules of one policy entry (what `verify` of a single program needs).</summary>
        public static void CheckEntry(PolicyProgram p, DiagnosticBag bag)
        {
            if (!TextRules.CheckVisible(p.Reason, $"trust reason of {p.Name}", p.Spot.At("reason"), bag)) return;
            if (p.Trusted && string.IsNullOrWhiteSpace(p.Reason))
                bag.Add(ErrorCodes.TrustedWithoutReason, p.Spot.At("trusted"),
                    $"program {p.Name} is trusted (may run unverifiable code) without a reason; add reason=\"...\" saying why it needs it, or remove trusted=\"true\"");
            else if (p.Trusted && !TextRules.HasWords(p.Reason))
                bag.Add(ErrorCodes.TrustedWithoutReason, p.Spot.At("reason"),
                    $"program {p.Name} is trusted with reason \"{p.Reason}\", which has no words; say in words why it needs to run unverifiable code");
        }

        public static void CheckManifestMatches(PolicyProgram p, ProgramManifest m, DiagnosticBag bag)
        {
            if (p.Name != m.Name)
                bag.Add(ErrorCodes.ManifestNameMismatch, m.Spot.At("name"),
                    $"manifest {p.Manifest} names program '{m.Name}', but the policy installs it as '{p.Name}'; make the two names equal");
        }

        /// <summary>Each trusted publisher once, with a name a principal can carry and a key the installer can use.</summary>
        private static void CheckPublishers(PublisherPolicy publishers, DiagnosticBag bag)
        {
            var names = new HashSet<string>(StringComparer.Ordinal);
            foreach (var t in publishers.Trusted)
            {
                string principal = Singularity.Security.PrincipalName.PublisherName(t.Name);
                if (!t.Name.Any(char.IsAsciiLetterOrDigit))
                    bag.Add(ErrorCodes.BadPublisher, t.Spot.At("name"), $"publisher \"{t.Name}\" has no letter or digit, so no principal could name it; write the name its manifests give");
                else if (principal is PublisherPolicy.UnsignedPublisher or "system")
                    bag.Add(ErrorCodes.BadPublisher, t.Spot.At("name"), $"publisher \"{t.Name}\" would appear in principals as \"{principal}\", which names unsigned programs or the kernel; choose another name");
                else if (!names.Add(principal))
                    bag.Add(ErrorCodes.BadPublisher, t.Spot.At("name"), $"publisher \"{t.Name}\" is listed twice (principal name {principal}); keep one key per publisher");
                using var key = Signing.PublisherKey.LoadPublic(t.Key, out string? problem);
                if (key is null)
                    bag.Add(ErrorCodes.BadPublisher, t.Spot.At("key"), $"the key of publisher \"{t.Name}\" cannot be used: {problem}; paste the line sing-install keygen printed");
            }
        }
    }
}

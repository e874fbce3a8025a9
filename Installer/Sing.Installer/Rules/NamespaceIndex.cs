using System;
using System.Collections.Generic;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>The policy's namespace rules by prefix, so the longest prefix of a path is found by looking up the path's
    /// own prefixes (one per '/') instead of testing every rule: linear in the path, not in the policy.</summary>
    internal sealed class NamespaceIndex
    {
        private readonly Dictionary<string, NamespaceRule> _byPrefix = new(StringComparer.Ordinal);

        public NamespaceIndex(IEnumerable<NamespaceRule> rules)
        {
            // A prefix declared twice is an error of its own (SINGI033); the first one counts, as in the kernel.
            foreach (var rule in rules) _byPrefix.TryAdd(rule.Prefix, rule);
        }

        /// <summary>The rule of the longest prefix of <paramref name="path"/> that ends in '/', or null. Only such
        /// prefixes are valid (SINGI033), so for an accepted policy this is the kernel's longest-StartsWith rule.</summary>
        public NamespaceRule? RuleFor(string path)
        {
            for (int end = path.LastIndexOf('/'); end >= 0; end = end == 0 ? -1 : path.LastIndexOf('/', end - 1))
                if (_byPrefix.TryGetValue(path[..(end + 1)], out var rule)) return rule;
            return null;
        }
    }
}

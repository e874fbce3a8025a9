using System.Collections.Generic;
using System.Linq;

namespace Sing.Installer.Arguments
{
    /// <summary>The outcome of binding a command line: the values in manifest order (given or defaulted), or errors.</summary>
    public sealed record BindResult(IReadOnlyList<KeyValuePair<string, string>> Values, IReadOnlyList<ArgumentError> Errors)
    {
        public bool Success => Errors.Count == 0;

        /// <summary>"name=value" pairs in manifest order.</summary>
        public IReadOnlyList<string> Pairs => Values.Select(v => $"{v.Key}={v.Value}").ToList();

        /// <summary>The pairs joined by TAB: values may contain spaces but never tabs, so the form is unambiguous.</summary>
        public string Canonical => string.Join('\t', Pairs);
    }
}

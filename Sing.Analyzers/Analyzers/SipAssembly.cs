using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Sing.Contracts.Model;

namespace Sing.Analyzers
{
    /// <summary>Which rules apply to a compilation: purity only in SIP code; privileged calls only when trusted.</summary>
    internal static class SipAssembly
    {
        /// <summary>SIP code is marked by [assembly: SipAssembly] or the MSBuild property SingSip=true.</summary>
        public static bool IsSip(Compilation compilation, AnalyzerOptions options)
        {
            if (options.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue("build_property.SingSip", out string? value)
                && string.Equals(value, "true", System.StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }

            return ContractReader.FindAttribute(compilation.Assembly, KnownNames.SipAssembly) is not null;
        }

        public static bool IsTrusted(Compilation compilation)
        {
            return ContractReader.FindAttribute(compilation.Assembly, KnownNames.TrustedAssembly) is not null;
        }
    }
}

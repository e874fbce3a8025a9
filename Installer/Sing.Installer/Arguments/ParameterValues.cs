using System.Globalization;
using Shared = Singularity.Manifests;

namespace Sing.Installer.Arguments
{
    /// <summary>The four parameter types' text forms, shared by default checking and argument binding.</summary>
    public static class ParameterValues
    {
        /// <summary>Parses <paramref name="text"/> as <paramref name="type"/>; <paramref name="canonical"/> is the form the
        /// program receives (invariant decimal numbers, lower-case booleans, strings unchanged).</summary>
        public static bool TryParse(string type, string text, out string canonical)
        {
            canonical = text;
            // Values end up in the tab-separated system manifest; the type rules are the kernel's own.
            if (text.Contains('\t') || text.Contains('\n') || text.Contains('\r')) return false;
            if (TypeOf(type) is not Shared.ParameterType t || !Shared.CommandLine.IsValid(t, text)) return false;
            if (t == Shared.ParameterType.Int32) canonical = int.Parse(text, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture);
            else if (t == Shared.ParameterType.Int64) canonical = long.Parse(text, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture);
            return true;
        }

        /// <summary>The kernel's parameter type for a manifest's type name (null for an unknown name).</summary>
        public static Shared.ParameterType? TypeOf(string type) => type switch
        {
            "int32" => Shared.ParameterType.Int32,
            "int64" => Shared.ParameterType.Int64,
            "bool" => Shared.ParameterType.Bool,
            "string" => Shared.ParameterType.String,
            _ => null,
        };

        public static string Describe(string type) => type switch
        {
            "int32" => "a decimal number from -2147483648 to 2147483647",
            "int64" => "a decimal 64-bit number",
            "bool" => "true or false",
            _ => "text without tabs or line breaks",
        };
    }
}

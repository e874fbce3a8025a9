using System.Globalization;

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
            if (text.Contains('\t') || text.Contains('\n') || text.Contains('\r')) return false;
            switch (type)
            {
                case "int32":
                    if (!int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int i)) return false;
                    canonical = i.ToString(CultureInfo.InvariantCulture);
                    return true;
                case "int64":
                    if (!long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long l)) return false;
                    canonical = l.ToString(CultureInfo.InvariantCulture);
                    return true;
                case "bool":
                    if (text != "true" && text != "false") return false;
                    return true;
                case "string":
                    return true;
                default:
                    return false;
            }
        }

        public static string Describe(string type) => type switch
        {
            "int32" => "a decimal number from -2147483648 to 2147483647",
            "int64" => "a decimal 64-bit number",
            "bool" => "true or false",
            _ => "text without tabs or line breaks",
        };
    }
}

using System.Globalization;
using System.Text.RegularExpressions;

namespace Sing.Build;

/// <summary>The key=value fields both guests print after a row name; a value is a word or a "quoted string".</summary>
internal static partial class KeyValues
{
    public static Dictionary<string, string> Parse(string text)
    {
        var fields = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (Match m in Field().Matches(text))
            fields[m.Groups["key"].Value] = m.Groups["quoted"].Success ? m.Groups["quoted"].Value : m.Groups["word"].Value;
        return fields;
    }

    public static double? Number(IReadOnlyDictionary<string, string> fields, string key) =>
        fields.TryGetValue(key, out string? text) && double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double value)
            ? value
            : null;

    [GeneratedRegex("(?<key>[A-Za-z_][A-Za-z0-9_]*)=(?:\"(?<quoted>[^\"]*)\"|(?<word>\\S*))")]
    private static partial Regex Field();
}

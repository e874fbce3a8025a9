using System.Globalization;

namespace System.Text.Json
{
    /// <summary>How property names (and, for JsonStringEnumConverter, enum names) are spelled in JSON text.</summary>
    public abstract class JsonNamingPolicy
    {
        protected JsonNamingPolicy() { }

        public static JsonNamingPolicy CamelCase { get; } = new CamelCasePolicy();
        public static JsonNamingPolicy SnakeCaseLower { get; } = new SeparatorPolicy('_', upper: false);
        public static JsonNamingPolicy SnakeCaseUpper { get; } = new SeparatorPolicy('_', upper: true);
        public static JsonNamingPolicy KebabCaseLower { get; } = new SeparatorPolicy('-', upper: false);
        public static JsonNamingPolicy KebabCaseUpper { get; } = new SeparatorPolicy('-', upper: true);

        public abstract string ConvertName(string name);

        /// <summary>The first run of capitals lower-cased, keeping the last of a run that starts a new word
        /// ("URLValue" is "urlValue", "IOStream" "ioStream"), as .NET does.</summary>
        private sealed class CamelCasePolicy : JsonNamingPolicy
        {
            public override string ConvertName(string name)
            {
                if (string.IsNullOrEmpty(name) || !char.IsUpper(name[0])) return name;
                char[] chars = name.ToCharArray();
                for (int i = 0; i < chars.Length; i++)
                {
                    if (i == 1 && !char.IsUpper(chars[i])) break;
                    bool hasNext = i + 1 < chars.Length;
                    if (i > 0 && hasNext && !char.IsUpper(chars[i + 1]))
                    {
                        if (chars[i + 1] == ' ') chars[i] = char.ToLowerInvariant(chars[i]);
                        break;
                    }
                    chars[i] = char.ToLowerInvariant(chars[i]);
                }
                return new string(chars);
            }
        }

        /// <summary>Words split where case changes, at digits after letters' runs and at spaces, joined by one separator.</summary>
        private sealed class SeparatorPolicy : JsonNamingPolicy
        {
            private readonly char _separator;
            private readonly bool _upper;

            internal SeparatorPolicy(char separator, bool upper)
            {
                _separator = separator;
                _upper = upper;
            }

            private enum State { NotStarted, Upper, LowerOrDigit, Space }

            public override string ConvertName(string name)
            {
                if (name is null) throw new ArgumentNullException(nameof(name));
                var builder = new StringBuilder(name.Length + 8);
                State state = State.NotStarted;
                for (int i = 0; i < name.Length; i++)
                {
                    char c = name[i];
                    switch (char.GetUnicodeCategory(c))
                    {
                        case UnicodeCategory.UppercaseLetter:
                            if (state == State.LowerOrDigit || state == State.Space) builder.Append(_separator);
                            else if (state == State.Upper && i + 1 < name.Length && char.IsLower(name[i + 1])) builder.Append(_separator);
                            builder.Append(_upper ? c : char.ToLowerInvariant(c));
                            state = State.Upper;
                            break;
                        case UnicodeCategory.LowercaseLetter:
                        case UnicodeCategory.DecimalDigitNumber:
                            if (state == State.Space) builder.Append(_separator);
                            builder.Append(_upper ? char.ToUpperInvariant(c) : c);
                            state = State.LowerOrDigit;
                            break;
                        case UnicodeCategory.SpaceSeparator:
                            if (state != State.NotStarted) state = State.Space;
                            break;
                        default:
                            builder.Append(c);
                            state = State.NotStarted;
                            break;
                    }
                }
                return builder.ToString();
            }
        }
    }
}

using System.Globalization;
using System.Text.Unicode;

namespace System.Text.Encodings.Web
{
    /// <summary>Escapes text for JavaScript and JSON strings. As .NET's encoders: characters outside the allowed
    /// ranges, characters outside the Basic Multilingual Plane, controls, format and unassigned characters and (except
    /// for <see cref="UnsafeRelaxedJsonEscaping"/>) the HTML-sensitive <c>&lt; &gt; &amp; ' + ` "</c> become \uXXXX;
    /// '\\' and the common controls take their short forms, and so does '"' for the relaxed encoder.</summary>
    public abstract class JavaScriptEncoder
    {
        private static JavaScriptEncoder s_default;
        private static JavaScriptEncoder s_relaxed;

        public static JavaScriptEncoder Default => s_default ??= new RangeEncoder(new[] { UnicodeRanges.BasicLatin }, relaxed: false);

        public static JavaScriptEncoder UnsafeRelaxedJsonEscaping => s_relaxed ??= new RangeEncoder(new[] { UnicodeRanges.All }, relaxed: true);

        public static JavaScriptEncoder Create(params UnicodeRange[] allowedRanges)
        {
            if (allowedRanges is null) throw new ArgumentNullException(nameof(allowedRanges));
            return new RangeEncoder(allowedRanges, relaxed: false);
        }

        /// <summary>Whether '"' is written \" (the relaxed encoder) rather than \u0022.</summary>
        internal virtual bool QuoteShort => false;

        /// <summary>Whether this character (a BMP one; surrogates always are) must be escaped.</summary>
        internal abstract bool MustEscape(char c);

        public virtual int MaxOutputCharactersPerInputCharacter => 12;

        public string Encode(string value)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            var builder = new StringBuilder(value.Length);
            for (int i = 0; i < value.Length; i++)
            {
                char c = value[i];
                if (char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
                {
                    AppendEscape(builder, c, QuoteShort);
                    AppendEscape(builder, value[++i], QuoteShort);
                }
                else if (char.IsSurrogate(c))
                {
                    AppendEscape(builder, '\uFFFD', QuoteShort);
                }
                else if (MustEscape(c))
                {
                    AppendEscape(builder, c, QuoteShort);
                }
                else
                {
                    builder.Append(c);
                }
            }
            return builder.ToString();
        }

        /// <summary>The escape of one UTF-16 unit: a short form where JSON has one, else \uXXXX (upper-case hex).</summary>
        internal static void AppendEscape(StringBuilder builder, char c, bool quoteShort)
        {
            switch (c)
            {
                case '\n': builder.Append("\\n"); return;
                case '\r': builder.Append("\\r"); return;
                case '\t': builder.Append("\\t"); return;
                case '\b': builder.Append("\\b"); return;
                case '\f': builder.Append("\\f"); return;
                case '\\': builder.Append("\\\\"); return;
                case '"' when quoteShort: builder.Append("\\\""); return;
            }
            builder.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
        }

        /// <summary>Whether a character is one no encoder leaves as it is: controls, format, private-use, unassigned
        /// characters and the line and paragraph separators.</summary>
        internal static bool AlwaysEscaped(char c)
        {
            if (c < 0x20 || c == '"' || c == '\\') return true;
            if (c < 0x7F) return false;
            switch (char.GetUnicodeCategory(c))
            {
                case UnicodeCategory.Control:
                case UnicodeCategory.Format:
                case UnicodeCategory.Surrogate:
                case UnicodeCategory.PrivateUse:
                case UnicodeCategory.OtherNotAssigned:
                case UnicodeCategory.LineSeparator:
                case UnicodeCategory.ParagraphSeparator:
                    return true;
            }
            return false;
        }

        internal static bool HtmlSensitive(char c) =>
            c == '<' || c == '>' || c == '&' || c == '\'' || c == '+' || c == '`';

        private sealed class RangeEncoder : JavaScriptEncoder
        {
            private readonly UnicodeRange[] _allowed;
            private readonly bool _relaxed;

            internal RangeEncoder(UnicodeRange[] allowed, bool relaxed)
            {
                _allowed = (UnicodeRange[])allowed.Clone();
                _relaxed = relaxed;
            }

            internal override bool QuoteShort => _relaxed;

            internal override bool MustEscape(char c)
            {
                if (AlwaysEscaped(c)) return true;
                if (!_relaxed && HtmlSensitive(c)) return true;
                foreach (UnicodeRange range in _allowed)
                {
                    if (c >= range.FirstCodePoint && c < range.FirstCodePoint + range.Length) return false;
                }
                return true;
            }
        }
    }
}

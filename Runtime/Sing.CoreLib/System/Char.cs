using System.Globalization;

namespace System
{
    /// <summary>A UTF-16 code unit. Classification and case mapping follow the Unicode Character Database through
    /// generated tables (Globalization/CharUnicodeInfo.Tables.cs), culture-invariant: ToUpper and ToLower are the
    /// invariant simple case mappings, as .NET's ToUpperInvariant/ToLowerInvariant. ASCII takes a short path.</summary>
    public readonly partial struct Char : IEquatable<char>, IComparable<char>, IComparable, ISpanFormattable
    {
        private readonly char m_value;

        public const char MaxValue = (char)0xFFFF;
        public const char MinValue = (char)0;

        public override string ToString() => new string(m_value, 1);
        public string ToString(IFormatProvider provider) => ToString();
        public string ToString(string format, IFormatProvider provider) => ToString();
        public static string ToString(char c) => new string(c, 1);

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider)
        {
            if (destination.Length < 1) { charsWritten = 0; return false; }
            destination[0] = m_value;
            charsWritten = 1;
            return true;
        }

        public override bool Equals(object obj) => obj is char other && other == m_value;
        public bool Equals(char other) => m_value == other;
        public override int GetHashCode() => m_value | (m_value << 16);
        public int CompareTo(char other) => m_value - other;

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is char other) return CompareTo(other);
            throw new ArgumentException("Object must be of type Char.");
        }

        public static char Parse(string s)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if (s.Length != 1) throw new FormatException("String must be exactly one character long.");
            return s[0];
        }

        public static bool TryParse(string s, out char result)
        {
            result = '\0';
            if (s is null || s.Length != 1) return false;
            result = s[0];
            return true;
        }

        public static UnicodeCategory GetUnicodeCategory(char c) => CharUnicodeInfo.GetUnicodeCategory(c);
        public static UnicodeCategory GetUnicodeCategory(string s, int index) => CharUnicodeInfo.GetUnicodeCategory(At(s, index));

        public static bool IsAscii(char c) => c < 0x80;
        public static bool IsAsciiDigit(char c) => (uint)(c - '0') <= 9;
        public static bool IsAsciiLetter(char c) => (uint)((c | 0x20) - 'a') <= 'z' - 'a';
        public static bool IsAsciiLetterLower(char c) => (uint)(c - 'a') <= 'z' - 'a';
        public static bool IsAsciiLetterUpper(char c) => (uint)(c - 'A') <= 'Z' - 'A';
        public static bool IsAsciiLetterOrDigit(char c) => IsAsciiLetter(c) || IsAsciiDigit(c);
        public static bool IsAsciiHexDigit(char c) => IsAsciiDigit(c) || (uint)((c | 0x20) - 'a') <= 'f' - 'a';
        public static bool IsAsciiHexDigitLower(char c) => IsAsciiDigit(c) || (uint)(c - 'a') <= 'f' - 'a';
        public static bool IsAsciiHexDigitUpper(char c) => IsAsciiDigit(c) || (uint)(c - 'A') <= 'F' - 'A';
        public static bool IsBetween(char c, char minInclusive, char maxInclusive) => (uint)(c - minInclusive) <= (uint)(maxInclusive - minInclusive);

        public static bool IsDigit(char c) => c < 0x80 ? IsAsciiDigit(c) : Category(c) == UnicodeCategory.DecimalDigitNumber;

        public static bool IsLetter(char c) => c < 0x80 ? IsAsciiLetter(c) : Category(c) <= UnicodeCategory.OtherLetter;

        public static bool IsLetterOrDigit(char c) => c < 0x80 ? IsAsciiLetterOrDigit(c) : IsLetterOrDigitCategory(Category(c));

        public static bool IsUpper(char c) => c < 0x80 ? IsAsciiLetterUpper(c) : Category(c) == UnicodeCategory.UppercaseLetter;

        public static bool IsLower(char c) => c < 0x80 ? IsAsciiLetterLower(c) : Category(c) == UnicodeCategory.LowercaseLetter;

        public static bool IsNumber(char c) => IsNumberCategory(Category(c));

        public static bool IsPunctuation(char c) => IsPunctuationCategory(Category(c));

        public static bool IsSymbol(char c) => IsSymbolCategory(Category(c));

        public static bool IsSeparator(char c) => IsSeparatorCategory(Category(c));

        public static bool IsControl(char c) => c < 0x20 || (uint)(c - 0x7F) <= 0x9F - 0x7F;

        // Separators plus the C0/C1 controls .NET counts as white space (TAB..CR, NEL).
        public static bool IsWhiteSpace(char c) =>
            c == ' ' || (uint)(c - '\t') <= '\r' - '\t' || c == '\u0085' || (c >= 0xA0 && IsSeparatorCategory(Category(c)));

        public static bool IsSurrogate(char c) => (uint)(c - 0xD800) <= 0xDFFF - 0xD800;
        public static bool IsHighSurrogate(char c) => (uint)(c - 0xD800) <= 0xDBFF - 0xD800;
        public static bool IsLowSurrogate(char c) => (uint)(c - 0xDC00) <= 0xDFFF - 0xDC00;
        public static bool IsSurrogatePair(char highSurrogate, char lowSurrogate) => IsHighSurrogate(highSurrogate) && IsLowSurrogate(lowSurrogate);
        public static bool IsHighSurrogate(string s, int index) => IsHighSurrogate(At(s, index));
        public static bool IsLowSurrogate(string s, int index) => IsLowSurrogate(At(s, index));

        /// <summary>Whether s[index] and s[index + 1] are a high and a low surrogate (false at the last index).</summary>
        public static bool IsSurrogatePair(string s, int index)
        {
            char high = At(s, index);
            return index + 1 < s.Length && IsSurrogatePair(high, s[index + 1]);
        }

        public static bool IsDigit(string s, int index) => IsDigit(At(s, index));
        public static bool IsLetter(string s, int index) => IsLetter(At(s, index));
        public static bool IsLetterOrDigit(string s, int index) => IsLetterOrDigit(At(s, index));
        public static bool IsUpper(string s, int index) => IsUpper(At(s, index));
        public static bool IsLower(string s, int index) => IsLower(At(s, index));
        public static bool IsWhiteSpace(string s, int index) => IsWhiteSpace(At(s, index));
        public static bool IsPunctuation(string s, int index) => IsPunctuation(At(s, index));
        public static bool IsSymbol(string s, int index) => IsSymbol(At(s, index));
        public static bool IsNumber(string s, int index) => IsNumber(At(s, index));
        public static bool IsSeparator(string s, int index) => IsSeparator(At(s, index));
        public static bool IsControl(string s, int index) => IsControl(At(s, index));
        public static bool IsSurrogate(string s, int index) => IsSurrogate(At(s, index));

        public static char ToUpperInvariant(char c) => c < 0x80 ? (IsAsciiLetterLower(c) ? (char)(c - 0x20) : c) : CharUnicodeInfo.ToUpper(c);

        public static char ToLowerInvariant(char c) => c < 0x80 ? (IsAsciiLetterUpper(c) ? (char)(c + 0x20) : c) : CharUnicodeInfo.ToLower(c);

        /// <summary>There is one culture, the invariant one.</summary>
        public static char ToUpper(char c) => ToUpperInvariant(c);

        public static char ToLower(char c) => ToLowerInvariant(c);

        public static char ToUpper(char c, CultureInfo culture) => ToUpperInvariant(c);

        public static char ToLower(char c, CultureInfo culture) => ToLowerInvariant(c);

        /// <summary>The Unicode numeric value of <paramref name="c"/> ('٣' is 3, '½' 0.5), or -1.</summary>
        public static double GetNumericValue(char c) => IsAsciiDigit(c) ? c - '0' : CharUnicodeInfo.GetNumericValue(c);

        public static double GetNumericValue(string s, int index) => GetNumericValue(At(s, index));

        public static int ConvertToUtf32(char highSurrogate, char lowSurrogate)
        {
            if (!IsHighSurrogate(highSurrogate)) throw new ArgumentOutOfRangeException(nameof(highSurrogate), "A valid high surrogate character is between 0xd800 and 0xdbff, inclusive.");
            if (!IsLowSurrogate(lowSurrogate)) throw new ArgumentOutOfRangeException(nameof(lowSurrogate), "A valid low surrogate character is between 0xdc00 and 0xdfff, inclusive.");
            return 0x10000 + ((highSurrogate - 0xD800) << 10) + (lowSurrogate - 0xDC00);
        }

        public static int ConvertToUtf32(string s, int index)
        {
            char c = At(s, index);
            if (!IsSurrogate(c)) return c;
            if (IsHighSurrogate(c) && index + 1 < s.Length && IsLowSurrogate(s[index + 1])) return ConvertToUtf32(c, s[index + 1]);
            throw new ArgumentException("Found an invalid surrogate pair at index " + index.ToString() + ".", nameof(s));
        }

        public static string ConvertFromUtf32(int utf32)
        {
            if ((uint)utf32 > 0x10FFFF || (uint)(utf32 - 0xD800) <= 0xDFFF - 0xD800)
                throw new ArgumentOutOfRangeException(nameof(utf32), "A valid UTF32 value is between 0x000000 and 0x10ffff, inclusive, and should not include surrogate codepoint values (0x00d800 ~ 0x00dfff).");
            if (utf32 < 0x10000) return new string((char)utf32, 1);
            Span<char> pair = stackalloc char[2];
            pair[0] = (char)(0xD800 + ((utf32 - 0x10000) >> 10));
            pair[1] = (char)(0xDC00 + ((utf32 - 0x10000) & 0x3FF));
            return new string(pair);
        }

        private static UnicodeCategory Category(char c) => CharUnicodeInfo.GetUnicodeCategory(c);

        private static char At(string s, int index)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            if ((uint)index >= (uint)s.Length) throw new ArgumentOutOfRangeException(nameof(index), "Index was out of range. Must be non-negative and less than the size of the collection.");
            return s[index];
        }

        private static bool IsLetterOrDigitCategory(UnicodeCategory c) => c <= UnicodeCategory.OtherLetter || c == UnicodeCategory.DecimalDigitNumber;
        private static bool IsNumberCategory(UnicodeCategory c) => c >= UnicodeCategory.DecimalDigitNumber && c <= UnicodeCategory.OtherNumber;
        private static bool IsPunctuationCategory(UnicodeCategory c) => c >= UnicodeCategory.ConnectorPunctuation && c <= UnicodeCategory.OtherPunctuation;
        private static bool IsSymbolCategory(UnicodeCategory c) => c >= UnicodeCategory.MathSymbol && c <= UnicodeCategory.OtherSymbol;
        private static bool IsSeparatorCategory(UnicodeCategory c) => c >= UnicodeCategory.SpaceSeparator && c <= UnicodeCategory.ParagraphSeparator;
    }
}

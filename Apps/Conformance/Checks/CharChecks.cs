using System;
using System.Globalization;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class CharChecks
    {
        public static void Run()
        {
            char[] samples = { 'a', 'Z', '5', ' ', '\t', '_', '-', '!', 'é', 'Ñ', 'ß', 'ÿ', '٣', 'Ж', 'ж', 'Ω', 'ω', '中', '€', '½', '\u00A0', '\u2028', '\u0301', '\u0000' };
            foreach (char c in samples)
            {
                string name = "U+" + ((int)c).ToString("X4");
                Line(name + " letter", char.IsLetter(c));
                Line(name + " digit", char.IsDigit(c));
                Line(name + " letterordigit", char.IsLetterOrDigit(c));
                Line(name + " upper/lower", char.IsUpper(c) + "/" + char.IsLower(c));
                Line(name + " whitespace", char.IsWhiteSpace(c));
                Line(name + " punct/symbol/number", char.IsPunctuation(c) + "/" + char.IsSymbol(c) + "/" + char.IsNumber(c));
                Line(name + " category", char.GetUnicodeCategory(c));
                Line(name + " toupper", ((int)char.ToUpperInvariant(c)).ToString("X4"));
                Line(name + " tolower", ((int)char.ToLowerInvariant(c)).ToString("X4"));
            }
            Line("numeric-value", char.GetNumericValue('٣'));
            Line("numeric-value-ascii", char.GetNumericValue('7'));
            // Numbers that are not decimal digits: fractions, superscripts, Roman and circled numerals, CJK numerals.
            foreach (char c in "½¾⅓²⁹ⅫⅯ⑳万兆〇零a-")
                Line("numeric-value U+" + ((int)c).ToString("X4"), char.GetNumericValue(c).ToString("R", System.Globalization.CultureInfo.InvariantCulture));
            Line("numeric-value-string", char.GetNumericValue("x¼", 1));
            Line("decimal-digit-value", System.Globalization.CharUnicodeInfo.GetDecimalDigitValue('٣') + " " + System.Globalization.CharUnicodeInfo.GetDecimalDigitValue('½'));
            Line("control", char.IsControl('\n'));
            Line("surrogate", char.IsSurrogate("😀", 0));
            Line("convert-utf32", char.ConvertToUtf32("😀", 0).ToString("X"));
            Line("convert-from-utf32", char.ConvertFromUtf32(0x1F600).Length);
            Line("char-parse", char.Parse("x"));
            Line("char-compare", 'a'.CompareTo('b'));
            Line("char-tostring", 'q'.ToString());
            Line("char-arith", (char)('a' + 2));
            Line("category-enum", UnicodeCategory.MathSymbol);
            Line("ascii-digit", char.IsAsciiDigit('٣'));
            Line("ascii-hex", char.IsAsciiHexDigit('F'));
        }
    }
}

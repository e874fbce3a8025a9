using System.Collections.Generic;
using System.Globalization;

namespace System.Text.RegularExpressions
{
    /// <summary>A parsed character class: ranges, Unicode categories and the \w \d \s families, possibly negated, minus
    /// an optional subtracted class ([a-z-[aeiou]]). Immutable once the parser has built it.</summary>
    internal sealed class RegexCharClass
    {
        private readonly List<char> _ranges = new List<char>(); // pairs: first, last (inclusive)
        private readonly List<long> _categories = new List<long>(); // bit sets of UnicodeCategory and class flags; complemented = \P{...}
        internal bool Negated;
        internal RegexCharClass Subtraction;

        // Class flags sit above the 30 category bits.
        internal const long WordClass = 1L << 32, DigitClass = 1L << 33, SpaceClass = 1L << 34;
        private const long AllCategories = (1L << 30) - 1;

        internal void AddRange(char first, char last)
        {
            _ranges.Add(first);
            _ranges.Add(last);
        }

        internal void AddChar(char c) => AddRange(c, c);

        /// <summary>The ranges in ascending order (the caller adds them without overlap).</summary>
        internal List<(char First, char Last)> Ranges()
        {
            var ranges = new List<(char, char)>();
            for (int i = 0; i < _ranges.Count; i += 2) ranges.Add((_ranges[i], _ranges[i + 1]));
            ranges.Sort((a, b) => a.Item1.CompareTo(b.Item1));
            return ranges;
        }

        /// <summary>Adds a category set (bits of UnicodeCategory, or one of the class flags); negated for \P, \W, \D, \S.</summary>
        internal void AddCategories(long bits, bool negated) => _categories.Add(negated ? ~bits : bits);

        internal void AddClass(RegexCharClass other)
        {
            _ranges.AddRange(other._ranges);
            _categories.AddRange(other._categories);
        }

        /// <summary>Adds the other case of every letter in the ranges (for IgnoreCase), as .NET folds a set's ranges.</summary>
        internal void AddCaseVariants()
        {
            int count = _ranges.Count;
            for (int i = 0; i < count; i += 2)
            {
                char first = _ranges[i], last = _ranges[i + 1];
                if (last - first > 0x3000) continue; // a huge range already holds most letters of both cases
                for (int c = first; c <= last; c++)
                {
                    char lower = char.ToLowerInvariant((char)c), upper = char.ToUpperInvariant((char)c);
                    if (lower != c) AddChar(lower);
                    if (upper != c) AddChar(upper);
                }
            }
        }

        internal bool Contains(char c)
        {
            bool found = false;
            for (int i = 0; i < _ranges.Count; i += 2)
                if (c >= _ranges[i] && c <= _ranges[i + 1]) { found = true; break; }
            if (!found && _categories.Count > 0)
            {
                long bits = CategoryBits(c);
                foreach (long set in _categories)
                    if (set >= 0 ? (set & bits) != 0 : (~set & bits) == 0) { found = true; break; }
            }
            if (found == Negated) return false;
            return Subtraction == null || !Subtraction.Contains(c);
        }

        /// <summary>The character's category bit, plus the class flags it belongs to.</summary>
        private static long CategoryBits(char c)
        {
            UnicodeCategory category = CharUnicodeInfo.GetUnicodeCategory(c);
            long bits = 1L << (int)category;
            if (IsWordChar(c)) bits |= WordClass;
            if (category == UnicodeCategory.DecimalDigitNumber) bits |= DigitClass;
            if (char.IsWhiteSpace(c)) bits |= SpaceClass;
            return bits;
        }

        /// <summary>.NET's \w: letters, nonspacing and spacing marks, decimal digits, connector punctuation; \b also
        /// counts the zero-width joiners as word characters.</summary>
        internal static bool IsWordChar(char c)
        {
            if (c < 128) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
            switch (CharUnicodeInfo.GetUnicodeCategory(c))
            {
                case UnicodeCategory.UppercaseLetter:
                case UnicodeCategory.LowercaseLetter:
                case UnicodeCategory.TitlecaseLetter:
                case UnicodeCategory.ModifierLetter:
                case UnicodeCategory.OtherLetter:
                case UnicodeCategory.NonSpacingMark:
                case UnicodeCategory.SpacingCombiningMark:
                case UnicodeCategory.DecimalDigitNumber:
                case UnicodeCategory.ConnectorPunctuation:
                    return true;
                default:
                    return false;
            }
        }

        internal static bool IsBoundaryWordChar(char c) => IsWordChar(c) || c == '\u200D' || c == '\u200C';

        /// <summary>The category bits a \p{name} names (a general category or a group like L), or -1.</summary>
        internal static long CategoryFromName(string name)
        {
            switch (name)
            {
                case "L": return Bits(0, 1, 2, 3, 4);
                case "Lu": return Bits(0);
                case "Ll": return Bits(1);
                case "Lt": return Bits(2);
                case "Lm": return Bits(3);
                case "Lo": return Bits(4);
                case "M": return Bits(5, 6, 7);
                case "Mn": return Bits(5);
                case "Mc": return Bits(6);
                case "Me": return Bits(7);
                case "N": return Bits(8, 9, 10);
                case "Nd": return Bits(8);
                case "Nl": return Bits(9);
                case "No": return Bits(10);
                case "Z": return Bits(11, 12, 13);
                case "Zs": return Bits(11);
                case "Zl": return Bits(12);
                case "Zp": return Bits(13);
                case "C": return Bits(14, 15, 16, 17, 29);
                case "Cc": return Bits(14);
                case "Cf": return Bits(15);
                case "Cs": return Bits(16);
                case "Co": return Bits(17);
                case "Cn": return Bits(29);
                case "P": return Bits(18, 19, 20, 21, 22, 23, 24);
                case "Pc": return Bits(18);
                case "Pd": return Bits(19);
                case "Ps": return Bits(20);
                case "Pe": return Bits(21);
                case "Pi": return Bits(22);
                case "Pf": return Bits(23);
                case "Po": return Bits(24);
                case "S": return Bits(25, 26, 27, 28);
                case "Sm": return Bits(25);
                case "Sc": return Bits(26);
                case "Sk": return Bits(27);
                case "So": return Bits(28);
                default: return -1;
            }
        }

        private static long Bits(params int[] categories)
        {
            long bits = 0;
            foreach (int category in categories) bits |= 1L << category;
            return bits & AllCategories;
        }

        /// <summary>The range of a named Unicode block (\p{IsGreek}); false when the name is not one .NET knows here.</summary>
        internal static bool BlockFromName(string name, out char first, out char last)
        {
            for (int i = 0; i < Blocks.Length; i += 3)
            {
                if (Blocks[i] == name)
                {
                    first = (char)Convert.ToInt32(Blocks[i + 1], 16);
                    last = (char)Convert.ToInt32(Blocks[i + 2], 16);
                    return true;
                }
            }
            first = last = '\0';
            return false;
        }

        // The Unicode blocks of the Basic Multilingual Plane that .NET's regex names, with their ranges.
        private static readonly string[] Blocks =
        {
            "IsBasicLatin", "0000", "007F", "IsLatin-1Supplement", "0080", "00FF", "IsLatinExtended-A", "0100", "017F",
            "IsLatinExtended-B", "0180", "024F", "IsIPAExtensions", "0250", "02AF", "IsSpacingModifierLetters", "02B0", "02FF",
            "IsCombiningDiacriticalMarks", "0300", "036F", "IsGreek", "0370", "03FF", "IsGreekandCoptic", "0370", "03FF",
            "IsCyrillic", "0400", "04FF", "IsCyrillicSupplement", "0500", "052F", "IsArmenian", "0530", "058F",
            "IsHebrew", "0590", "05FF", "IsArabic", "0600", "06FF", "IsSyriac", "0700", "074F", "IsThaana", "0780", "07BF",
            "IsDevanagari", "0900", "097F", "IsBengali", "0980", "09FF", "IsGurmukhi", "0A00", "0A7F", "IsGujarati", "0A80", "0AFF",
            "IsOriya", "0B00", "0B7F", "IsTamil", "0B80", "0BFF", "IsTelugu", "0C00", "0C7F", "IsKannada", "0C80", "0CFF",
            "IsMalayalam", "0D00", "0D7F", "IsSinhala", "0D80", "0DFF", "IsThai", "0E00", "0E7F", "IsLao", "0E80", "0EFF",
            "IsTibetan", "0F00", "0FFF", "IsMyanmar", "1000", "109F", "IsGeorgian", "10A0", "10FF", "IsHangulJamo", "1100", "11FF",
            "IsEthiopic", "1200", "137F", "IsCherokee", "13A0", "13FF", "IsUnifiedCanadianAboriginalSyllabics", "1400", "167F",
            "IsOgham", "1680", "169F", "IsRunic", "16A0", "16FF", "IsTagalog", "1700", "171F", "IsKhmer", "1780", "17FF",
            "IsMongolian", "1800", "18AF", "IsLatinExtendedAdditional", "1E00", "1EFF", "IsGreekExtended", "1F00", "1FFF",
            "IsGeneralPunctuation", "2000", "206F", "IsSuperscriptsandSubscripts", "2070", "209F", "IsCurrencySymbols", "20A0", "20CF",
            "IsLetterlikeSymbols", "2100", "214F", "IsNumberForms", "2150", "218F", "IsArrows", "2190", "21FF",
            "IsMathematicalOperators", "2200", "22FF", "IsMiscellaneousTechnical", "2300", "23FF", "IsBoxDrawing", "2500", "257F",
            "IsBlockElements", "2580", "259F", "IsGeometricShapes", "25A0", "25FF", "IsMiscellaneousSymbols", "2600", "26FF",
            "IsDingbats", "2700", "27BF", "IsCJKRadicalsSupplement", "2E80", "2EFF", "IsCJKSymbolsandPunctuation", "3000", "303F",
            "IsHiragana", "3040", "309F", "IsKatakana", "30A0", "30FF", "IsBopomofo", "3100", "312F", "IsHangulCompatibilityJamo", "3130", "318F",
            "IsCJKUnifiedIdeographsExtensionA", "3400", "4DBF", "IsCJKUnifiedIdeographs", "4E00", "9FFF", "IsYiSyllables", "A000", "A48F",
            "IsHangulSyllables", "AC00", "D7AF", "IsHighSurrogates", "D800", "DB7F", "IsLowSurrogates", "DC00", "DFFF",
            "IsPrivateUse", "E000", "F8FF", "IsPrivateUseArea", "E000", "F8FF", "IsCJKCompatibilityIdeographs", "F900", "FAFF",
            "IsAlphabeticPresentationForms", "FB00", "FB4F", "IsArabicPresentationForms-A", "FB50", "FDFF",
            "IsCombiningHalfMarks", "FE20", "FE2F", "IsCJKCompatibilityForms", "FE30", "FE4F", "IsSmallFormVariants", "FE50", "FE6F",
            "IsArabicPresentationForms-B", "FE70", "FEFF", "IsHalfwidthandFullwidthForms", "FF00", "FFEF", "IsSpecials", "FFF0", "FFFF",
        };
    }
}

using System.Globalization;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Rules
{
    /// <summary>Free text that the shell prints or a person reads (descriptions, help, publisher, trust reasons, boot
    /// arguments, startup lines) must not hide anything: no control characters (C0, DEL, C1), no invisible format
    /// characters (bidirectional overrides, zero-width characters) and no line or paragraph separators.</summary>
    public static class TextRules
    {
        /// <summary>The index of the first hidden character in <paramref name="text"/>, or -1.</summary>
        public static int FindHidden(string text)
        {
            for (int i = 0; i < text.Length; i++)
            {
                UnicodeCategory category = CharUnicodeInfo.GetUnicodeCategory(text, i);
                if (category is UnicodeCategory.Control or UnicodeCategory.Format or UnicodeCategory.LineSeparator
                    or UnicodeCategory.ParagraphSeparator or UnicodeCategory.Surrogate or UnicodeCategory.PrivateUse or UnicodeCategory.OtherNotAssigned)
                    return i;
                if (char.IsHighSurrogate(text[i])) i++;
            }
            return -1;
        }

        /// <summary>Reports SINGI027 and returns false when <paramref name="text"/> hides a character.</summary>
        public static bool CheckVisible(string? text, string what, SourceLocation at, DiagnosticBag bag)
        {
            if (text is null) return true;
            int hidden = FindHidden(text);
            if (hidden < 0) return true;
            bag.Add(ErrorCodes.HiddenCharacter, at,
                $"{what} contains the control or invisible character U+{(int)text[hidden]:X4} at position {hidden + 1}; write only visible characters and spaces");
            return false;
        }

        /// <summary>Whether <paramref name="text"/> has a word: two letters or digits in a row.</summary>
        public static bool HasWords(string? text)
        {
            if (text is null) return false;
            for (int i = 1; i < text.Length; i++)
                if (char.IsLetterOrDigit(text[i - 1]) && char.IsLetterOrDigit(text[i])) return true;
            return false;
        }
    }
}

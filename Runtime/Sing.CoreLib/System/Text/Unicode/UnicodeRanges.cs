namespace System.Text.Unicode
{
    /// <summary>A block of the Basic Multilingual Plane whose characters an encoder may leave unescaped.</summary>
    public sealed class UnicodeRange
    {
        public UnicodeRange(int firstCodePoint, int length)
        {
            if ((uint)firstCodePoint > 0xFFFF) throw new ArgumentOutOfRangeException(nameof(firstCodePoint));
            if (length < 0 || firstCodePoint + length > 0x10000) throw new ArgumentOutOfRangeException(nameof(length));
            FirstCodePoint = firstCodePoint;
            Length = length;
        }

        public int FirstCodePoint { get; }

        public int Length { get; }

        public static UnicodeRange Create(char firstCharacter, char lastCharacter)
        {
            if (lastCharacter < firstCharacter) throw new ArgumentOutOfRangeException(nameof(lastCharacter));
            return new UnicodeRange(firstCharacter, 1 + lastCharacter - firstCharacter);
        }
    }

    /// <summary>The Unicode blocks by name (the ones programs name most; <see cref="UnicodeRange.Create"/> makes any other).</summary>
    public static class UnicodeRanges
    {
        public static UnicodeRange None { get; } = new UnicodeRange(0, 0);
        public static UnicodeRange All { get; } = new UnicodeRange(0, 0x10000);
        public static UnicodeRange BasicLatin { get; } = new UnicodeRange(0x0000, 0x80);
        public static UnicodeRange Latin1Supplement { get; } = new UnicodeRange(0x0080, 0x80);
        public static UnicodeRange LatinExtendedA { get; } = new UnicodeRange(0x0100, 0x80);
        public static UnicodeRange LatinExtendedB { get; } = new UnicodeRange(0x0180, 0xD0);
        public static UnicodeRange GreekandCoptic { get; } = new UnicodeRange(0x0370, 0x90);
        public static UnicodeRange Cyrillic { get; } = new UnicodeRange(0x0400, 0x100);
        public static UnicodeRange Hebrew { get; } = new UnicodeRange(0x0590, 0x70);
        public static UnicodeRange Arabic { get; } = new UnicodeRange(0x0600, 0x100);
        public static UnicodeRange GeneralPunctuation { get; } = new UnicodeRange(0x2000, 0x70);
        public static UnicodeRange Hiragana { get; } = new UnicodeRange(0x3040, 0x60);
        public static UnicodeRange Katakana { get; } = new UnicodeRange(0x30A0, 0x60);
        public static UnicodeRange CjkUnifiedIdeographs { get; } = new UnicodeRange(0x4E00, 0x5200);
        public static UnicodeRange HangulSyllables { get; } = new UnicodeRange(0xAC00, 0x2BB0);
    }
}

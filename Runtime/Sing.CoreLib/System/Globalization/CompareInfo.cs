namespace System.Globalization
{
    /// <summary>Invariant-culture (linguistic) string comparison, a three-level collation in the manner of the
    /// Unicode Collation Algorithm: first the letters ignoring case and accents (primary), then accents
    /// (secondary), then case, lower before upper (tertiary); control characters and other ignorables count for
    /// nothing. The weights of U+0000..U+052F (Latin, Greek, Cyrillic) are generated from .NET's invariant
    /// comparison (Globalization/CharUnicodeInfo.Tables.cs), so "apple" &lt; "Apple" &lt; "Banana" and "a-b" sorts
    /// as .NET sorts it. Not modelled: expansions and contractions ("ß" = "ss", "æ" = "ae"), canonical
    /// equivalence of decomposed accents; other code units sort after those, by code point.
    /// Searches (IndexOf, IsPrefix) compare ordinally except for the IgnoreCase option.</summary>
    public sealed class CompareInfo
    {
        private static CompareInfo s_invariant;

        internal static CompareInfo Invariant => s_invariant ??= new CompareInfo();

        private CompareInfo() { }

        public string Name => "";

        public int Compare(string string1, string string2) => Compare(string1, string2, CompareOptions.None);

        public int Compare(string string1, string string2, CompareOptions options)
        {
            if (ReferenceEquals(string1, string2)) return 0;
            if (string1 is null) return -1;
            if (string2 is null) return 1;
            return Compare(string1.AsSpan(), string2.AsSpan(), options);
        }

        public int Compare(ReadOnlySpan<char> string1, ReadOnlySpan<char> string2, CompareOptions options = CompareOptions.None)
        {
            if (options == CompareOptions.Ordinal) return string.CompareOrdinal(string1, string2);
            if (options == CompareOptions.OrdinalIgnoreCase) return string.CompareOrdinalIgnoreCase(string1, string2);
            if ((options & ~(CompareOptions.IgnoreCase | CompareOptions.IgnoreNonSpace | CompareOptions.IgnoreKanaType | CompareOptions.IgnoreWidth | CompareOptions.StringSort)) != 0)
                throw new NotSupportedException("CompareOptions " + ((int)options).ToString() + " are not supported; IgnoreCase, IgnoreNonSpace, IgnoreKanaType and IgnoreWidth are.");
            int result = CompareLevel(string1, string2, 0);
            if (result != 0 || (options & CompareOptions.IgnoreNonSpace) != 0) return result;
            result = CompareLevel(string1, string2, 1);
            if (result != 0 || (options & CompareOptions.IgnoreCase) != 0) return result;
            return CompareLevel(string1, string2, 2);
        }

        public bool IsPrefix(string source, string prefix, CompareOptions options = CompareOptions.None)
        {
            if (source is null) throw new ArgumentNullException(nameof(source));
            if (prefix is null) throw new ArgumentNullException(nameof(prefix));
            return prefix.Length <= source.Length && Compare(source.AsSpan(0, prefix.Length), prefix.AsSpan(), SearchOptions(options)) == 0;
        }

        public bool IsSuffix(string source, string suffix, CompareOptions options = CompareOptions.None)
        {
            if (source is null) throw new ArgumentNullException(nameof(source));
            if (suffix is null) throw new ArgumentNullException(nameof(suffix));
            return suffix.Length <= source.Length && Compare(source.AsSpan(source.Length - suffix.Length), suffix.AsSpan(), SearchOptions(options)) == 0;
        }

        public int IndexOf(string source, string value, CompareOptions options = CompareOptions.None)
        {
            if (source is null) throw new ArgumentNullException(nameof(source));
            if (value is null) throw new ArgumentNullException(nameof(value));
            CompareOptions search = SearchOptions(options);
            for (int i = 0; i + value.Length <= source.Length; i++)
                if (Compare(source.AsSpan(i, value.Length), value.AsSpan(), search) == 0) return i;
            return -1;
        }

        // Searches match code unit by code unit (ordinally, or ignoring case).
        private static CompareOptions SearchOptions(CompareOptions options) =>
            (options & (CompareOptions.IgnoreCase | CompareOptions.OrdinalIgnoreCase)) != 0 ? CompareOptions.OrdinalIgnoreCase : CompareOptions.Ordinal;

        /// <summary>A hash that agrees with Compare(options) == 0: it mixes the weights of the levels compared.</summary>
        public int GetHashCode(string source, CompareOptions options)
        {
            if (source is null) throw new ArgumentNullException(nameof(source));
            if (options == CompareOptions.Ordinal) return source.GetHashCode();
            if (options == CompareOptions.OrdinalIgnoreCase) return string.GetHashCodeOrdinalIgnoreCase(source);
            int levels = (options & CompareOptions.IgnoreNonSpace) != 0 ? 1 : (options & CompareOptions.IgnoreCase) != 0 ? 2 : 3;
            uint hash = 2166136261;
            for (int i = 0; i < source.Length; i++)
            {
                ulong w = Weights(source[i]);
                for (int level = 0; level < levels; level++)
                {
                    uint weight = Level(w, level);
                    if (weight == 0) continue;
                    hash = (hash ^ weight ^ ((uint)level << 24)) * 16777619;
                }
            }
            return (int)hash;
        }

        public override string ToString() => "CompareInfo - ";

        // Compares the non-zero weights of one level in order; a shorter sequence that is a prefix sorts first.
        private static int CompareLevel(ReadOnlySpan<char> a, ReadOnlySpan<char> b, int level)
        {
            int i = 0, j = 0;
            while (true)
            {
                uint wa = 0, wb = 0;
                while (i < a.Length && (wa = Level(Weights(a[i]), level)) == 0) i++;
                while (j < b.Length && (wb = Level(Weights(b[j]), level)) == 0) j++;
                if (i >= a.Length || j >= b.Length) return i >= a.Length ? (j >= b.Length ? 0 : -1) : 1;
                if (wa != wb) return wa < wb ? -1 : 1;
                i++;
                j++;
            }
        }

        private static uint Level(ulong weights, int level) => (uint)(weights >> (24 * level)) & 0xFFFFFF;

        // Primary in bits 0-23, secondary 24-47, tertiary 48-63. Code units past the table: primary after all of
        // its weights, ordered by code point, with the lowest secondary and tertiary weight.
        private static ulong Weights(char c)
        {
            if (c >= CharUnicodeInfoTables.CollationLimit)
                return (ulong)(0x10000 + c) | (1UL << 24) | (1UL << 48);
            ReadOnlySpan<byte> table = CharUnicodeInfoTables.CollationWeights;
            uint primary = (uint)(table[4 * c] | (table[4 * c + 1] << 8));
            uint secondary = table[4 * c + 2], tertiary = table[4 * c + 3];
            return primary | ((ulong)secondary << 24) | ((ulong)tertiary << 48);
        }
    }
}

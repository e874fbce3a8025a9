namespace System.Globalization
{
    /// <summary>Unicode properties of UTF-16 code units, looked up in the generated run tables by binary search
    /// (no allocation, a few dozen instructions).</summary>
    public static class CharUnicodeInfo
    {
        public static UnicodeCategory GetUnicodeCategory(char ch)
        {
            ReadOnlySpan<byte> starts = CharUnicodeInfoTables.CategoryRunStarts;
            // The last run whose start is <= ch.
            int low = 0, high = CharUnicodeInfoTables.CategoryRunCount - 1;
            while (low < high)
            {
                int mid = (low + high + 1) >> 1;
                if (ReadUInt16(starts, mid) <= ch) low = mid;
                else high = mid - 1;
            }
            return (UnicodeCategory)CharUnicodeInfoTables.CategoryRunValues[low];
        }

        public static UnicodeCategory GetUnicodeCategory(string s, int index) => char.GetUnicodeCategory(s, index);

        public static int GetDecimalDigitValue(char ch) => GetUnicodeCategory(ch) == UnicodeCategory.DecimalDigitNumber ? (int)char.GetNumericValue(ch) : -1;

        /// <summary>The Unicode numeric value ('7' is 7, '½' 0.5, 'Ⅻ' 12, '〇' 0), or -1 for a code unit that has none (as in .NET, the Unihan-only values of CJK numerals such as '万' are not included).</summary>
        public static double GetNumericValue(char ch)
        {
            ReadOnlySpan<byte> runs = CharUnicodeInfoTables.NumericRuns;
            int low = 0, high = CharUnicodeInfoTables.NumericRunCount - 1;
            if (high < 0 || ReadUInt16(runs, 0) > ch) return -1;
            // The last run (start, count, value index) whose start is <= ch.
            while (low < high)
            {
                int mid = (low + high + 1) >> 1;
                if (ReadUInt16(runs, mid * 3) <= ch) low = mid;
                else high = mid - 1;
            }
            int offset = ch - ReadUInt16(runs, low * 3);
            return offset < ReadUInt16(runs, low * 3 + 1) ? CharUnicodeInfoTables.NumericValues[ReadUInt16(runs, low * 3 + 2)] + offset : -1;
        }

        public static double GetNumericValue(string s, int index) => char.GetNumericValue(s, index);

        internal static char ToUpper(char c) => Map(c, CharUnicodeInfoTables.UpperRuns, CharUnicodeInfoTables.UpperRunCount);

        internal static char ToLower(char c) => Map(c, CharUnicodeInfoTables.LowerRuns, CharUnicodeInfoTables.LowerRunCount);

        // Runs of (start, count, stride, delta) sorted by start: find the last run starting at or before c.
        private static char Map(char c, ReadOnlySpan<byte> runs, int count)
        {
            int low = 0, high = count - 1;
            if (count == 0 || ReadUInt16(runs, 0) > c) return c;
            while (low < high)
            {
                int mid = (low + high + 1) >> 1;
                if (ReadUInt16(runs, mid * 4) <= c) low = mid;
                else high = mid - 1;
            }
            int start = ReadUInt16(runs, low * 4), n = ReadUInt16(runs, low * 4 + 1), stride = ReadUInt16(runs, low * 4 + 2);
            int offset = c - start;
            if (offset % stride != 0 || offset / stride >= n) return c;
            return (char)(c + (short)ReadUInt16(runs, low * 4 + 3));
        }

        private static int ReadUInt16(ReadOnlySpan<byte> table, int index) => table[2 * index] | (table[2 * index + 1] << 8);
    }
}

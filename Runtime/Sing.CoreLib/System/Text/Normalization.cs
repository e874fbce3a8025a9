namespace System.Text
{
    // Unicode normalization (string.Normalize/IsNormalized): full decomposition from NormalizationTables (generated
    // from the host .NET's own Normalize), Hangul syllables algorithmically, canonical ordering by combining class
    // rank, then canonical composition for FormC/FormKC (a primary composite's pair; a mark is blocked by an earlier
    // one of equal or higher class). As .NET, an ill-formed string (lone surrogate) or U+FFFE throws ArgumentException.
    internal static class Normalization
    {
        private const int SBase = 0xAC00, LBase = 0x1100, VBase = 0x1161, TBase = 0x11A7;
        private const int LCount = 19, VCount = 21, TCount = 28, NCount = VCount * TCount, SCount = LCount * NCount;

        internal static string Normalize(string s, NormalizationForm form, string paramName)
        {
            CheckForm(form);
            bool ascii = true;
            for (int i = 0; i < s.Length; i++)
            {
                char c = s[i];
                if (c < 0x80) continue;
                ascii = false;
                if (c == '\uFFFE') throw Invalid(paramName);
                if (char.IsHighSurrogate(c))
                {
                    if (i + 1 < s.Length && char.IsLowSurrogate(s[i + 1])) { i++; continue; }
                    throw Invalid(paramName);
                }
                if (char.IsLowSurrogate(c)) throw Invalid(paramName);
            }
            if (ascii) return s;

            bool compat = form == NormalizationForm.FormKC || form == NormalizationForm.FormKD;
            var buffer = new int[s.Length * 2 + 8];
            int count = 0;
            for (int i = 0; i < s.Length; i++)
            {
                int c = s[i];
                if (char.IsHighSurrogate((char)c)) { c = char.ConvertToUtf32((char)c, s[i + 1]); i++; }
                if (c >= SBase && c < SBase + SCount)
                {
                    int index = c - SBase;
                    Append(ref buffer, ref count, LBase + index / NCount);
                    Append(ref buffer, ref count, VBase + index % NCount / TCount);
                    if (index % TCount != 0) Append(ref buffer, ref count, TBase + index % TCount);
                    continue;
                }
                int entry = FindDecomposition(c);
                if (entry < 0) { Append(ref buffer, ref count, c); continue; }
                ReadOnlySpan<byte> record = NormalizationTables.Decompositions.Slice(entry * 9, 9);
                int start = compat ? record[6] | record[7] << 8 : record[3] | record[4] << 8;
                int length = compat ? record[8] : record[5];
                ReadOnlySpan<byte> data = NormalizationTables.DecompositionData;
                for (int k = 0; k < length; k++) Append(ref buffer, ref count, Read3(data, (start + k) * 3));
            }

            // Canonical ordering: a stable sort of each run of non-starters by class.
            for (int i = 1; i < count; i++)
            {
                int rank = CombiningRank(buffer[i]);
                if (rank == 0) continue;
                int j = i;
                int c = buffer[i];
                while (j > 0)
                {
                    int before = CombiningRank(buffer[j - 1]);
                    if (before <= rank) break;
                    buffer[j] = buffer[j - 1];
                    j--;
                }
                buffer[j] = c;
            }

            if (form == NormalizationForm.FormC || form == NormalizationForm.FormKC) count = Compose(buffer, count);

            var result = new StringBuilder(count);
            for (int i = 0; i < count; i++)
            {
                int c = buffer[i];
                if (c < 0x10000) result.Append((char)c);
                else result.Append(char.ConvertFromUtf32(c));
            }
            string text = result.ToString();
            return string.Equals(text, s) ? s : text;
        }

        internal static bool IsNormalized(string s, NormalizationForm form)
        {
            string normalized = Normalize(s, form, "source");
            return (object)normalized == s || string.Equals(normalized, s);
        }

        private static void CheckForm(NormalizationForm form)
        {
            if (form != NormalizationForm.FormC && form != NormalizationForm.FormD && form != NormalizationForm.FormKC && form != NormalizationForm.FormKD)
                throw new ArgumentException("Invalid or unsupported normalization form.", "normalizationForm");
        }

        private static ArgumentException Invalid(string paramName) => new ArgumentException("String contains invalid Unicode code points.", paramName);

        private static int Compose(int[] buffer, int count)
        {
            int starter = -1, output = 0, lastRank = 0;
            for (int i = 0; i < count; i++)
            {
                int c = buffer[i];
                int rank = CombiningRank(c);
                if (starter >= 0 && (lastRank < rank || lastRank == 0 && output == starter + 1))
                {
                    int composite = ComposePair(buffer[starter], c);
                    if (composite >= 0) { buffer[starter] = composite; continue; }
                }
                if (rank == 0) { starter = output; lastRank = 0; }
                else lastRank = rank;
                buffer[output++] = c;
            }
            return output;
        }

        private static int ComposePair(int first, int second)
        {
            if (first >= LBase && first < LBase + LCount && second >= VBase && second < VBase + VCount)
                return SBase + ((first - LBase) * VCount + second - VBase) * TCount;
            if (first >= SBase && first < SBase + SCount && (first - SBase) % TCount == 0 && second > TBase && second < TBase + TCount)
                return first + second - TBase;
            ReadOnlySpan<byte> table = NormalizationTables.Compositions;
            long key = (long)first << 21 | (long)second;
            int low = 0, high = NormalizationTables.CompositionCount - 1;
            while (low <= high)
            {
                int middle = (low + high) >> 1;
                long probe = (long)Read3(table, middle * 9) << 21 | (long)Read3(table, middle * 9 + 3);
                if (probe == key) return Read3(table, middle * 9 + 6);
                if (probe < key) low = middle + 1;
                else high = middle - 1;
            }
            return -1;
        }

        private static int FindDecomposition(int c)
        {
            if (c < 0xA0) return -1;
            ReadOnlySpan<byte> table = NormalizationTables.Decompositions;
            int low = 0, high = NormalizationTables.DecompositionCount - 1;
            while (low <= high)
            {
                int middle = (low + high) >> 1;
                int probe = Read3(table, middle * 9);
                if (probe == c) return middle;
                if (probe < c) low = middle + 1;
                else high = middle - 1;
            }
            return -1;
        }

        private static int CombiningRank(int c)
        {
            if (c < 0x300) return 0;
            ReadOnlySpan<byte> table = NormalizationTables.NonStarters;
            int low = 0, high = NormalizationTables.NonStarterCount - 1;
            while (low <= high)
            {
                int middle = (low + high) >> 1;
                int probe = Read3(table, middle * 4);
                if (probe == c) return table[middle * 4 + 3];
                if (probe < c) low = middle + 1;
                else high = middle - 1;
            }
            return 0;
        }

        private static int Read3(ReadOnlySpan<byte> table, int offset) => table[offset] | table[offset + 1] << 8 | table[offset + 2] << 16;

        private static void Append(ref int[] buffer, ref int count, int c)
        {
            if (count == buffer.Length)
            {
                var larger = new int[buffer.Length * 2];
                Array.Copy(buffer, larger, count);
                buffer = larger;
            }
            buffer[count++] = c;
        }
    }
}

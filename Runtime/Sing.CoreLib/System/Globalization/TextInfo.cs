namespace System.Globalization
{
    /// <summary>Invariant casing (the simple Unicode case mappings).</summary>
    public sealed class TextInfo
    {
        private static TextInfo s_invariant;

        internal static TextInfo Invariant => s_invariant ??= new TextInfo();

        public string CultureName => "";

        public char ToUpper(char c) => char.ToUpperInvariant(c);
        public char ToLower(char c) => char.ToLowerInvariant(c);
        public string ToUpper(string str) => (str ?? throw new ArgumentNullException(nameof(str))).ToUpperInvariant();
        public string ToLower(string str) => (str ?? throw new ArgumentNullException(nameof(str))).ToLowerInvariant();

        /// <summary>As .NET: the first letter of each word upper-cased, the rest lower-cased, except words wholly
        /// in capitals (acronyms), which stay.</summary>
        public string ToTitleCase(string str)
        {
            if (str is null) throw new ArgumentNullException(nameof(str));
            var result = new Text.StringBuilder(str.Length);
            int i = 0;
            while (i < str.Length)
            {
                if (!char.IsLetter(str[i])) { result.Append(str[i++]); continue; }
                int start = i;
                bool allUpper = true;
                while (i < str.Length && (char.IsLetterOrDigit(str[i]) || str[i] == '\''))
                {
                    if (char.IsLower(str[i])) allUpper = false;
                    i++;
                }
                if (allUpper) { result.Append(str, start, i - start); continue; }
                result.Append(char.ToUpperInvariant(str[start]));
                for (int k = start + 1; k < i; k++) result.Append(char.ToLowerInvariant(str[k]));
            }
            return result.ToString();
        }
    }
}

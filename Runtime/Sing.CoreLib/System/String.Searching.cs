using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>Ordinal searching. (Comparisons, ordinal and linguistic, are in String.Comparison.cs.)</summary>
    public sealed partial class String
    {
        public int IndexOf(char value, int startIndex)
        {
            if ((uint)startIndex > (uint)_stringLength) ThrowHelpers.ThrowArgumentOutOfRangeException();
            for (int i = startIndex; i < _stringLength; i++)
                if (Unsafe.Add(ref _firstChar, i) == value) return i;
            return -1;
        }

        public int IndexOf(string value) => IndexOf(value, 0);

        public int IndexOf(string value, int startIndex)
        {
            if (value is null) throw new ArgumentNullException("value");
            if ((uint)startIndex > (uint)_stringLength) ThrowHelpers.ThrowArgumentOutOfRangeException();
            int last = _stringLength - value._stringLength;
            for (int i = startIndex; i <= last; i++)
                if (MatchesAt(i, value)) return i;
            return -1;
        }

        public int LastIndexOf(char value)
        {
            for (int i = _stringLength - 1; i >= 0; i--)
                if (Unsafe.Add(ref _firstChar, i) == value) return i;
            return -1;
        }

        public int LastIndexOf(string value)
        {
            if (value is null) throw new ArgumentNullException("value");
            for (int i = _stringLength - value._stringLength; i >= 0; i--)
                if (MatchesAt(i, value)) return i;
            return -1;
        }

        public int IndexOfAny(char[] anyOf)
        {
            for (int i = 0; i < _stringLength; i++)
            {
                char c = Unsafe.Add(ref _firstChar, i);
                for (int j = 0; j < anyOf.Length; j++)
                    if (anyOf[j] == c) return i;
            }
            return -1;
        }

        public bool Contains(string value) => IndexOf(value) >= 0;

        public bool Contains(char value) => IndexOf(value) >= 0;

        public bool StartsWith(char value) => _stringLength > 0 && _firstChar == value;

        public bool EndsWith(char value) => _stringLength > 0 && Unsafe.Add(ref _firstChar, _stringLength - 1) == value;

        public bool EndsWith(string value)
        {
            if (value is null) throw new ArgumentNullException("value");
            int start = _stringLength - value._stringLength;
            return start >= 0 && MatchesAt(start, value);
        }

        private bool MatchesAt(int index, string value)
        {
            for (int j = 0; j < value._stringLength; j++)
                if (Unsafe.Add(ref _firstChar, index + j) != Unsafe.Add(ref value._firstChar, j)) return false;
            return true;
        }

        /// <summary>Ordinal comparison: the first differing code unit decides, then the length. Null sorts first.</summary>
        public static int CompareOrdinal(string a, string b)
        {
            if ((object)a == (object)b) return 0;
            if (a is null) return -1;
            if (b is null) return 1;
            int common = a._stringLength < b._stringLength ? a._stringLength : b._stringLength;
            for (int i = 0; i < common; i++)
            {
                int diff = Unsafe.Add(ref a._firstChar, i) - Unsafe.Add(ref b._firstChar, i);
                if (diff != 0) return diff;
            }
            return a._stringLength - b._stringLength;
        }

        /// <summary>Equality folding ASCII letters only.</summary>
        public static bool EqualsIgnoreAsciiCase(string a, string b)
        {
            if ((object)a == (object)b) return true;
            if (a is null || b is null || a._stringLength != b._stringLength) return false;
            for (int i = 0; i < a._stringLength; i++)
                if (char.ToLowerInvariant(Unsafe.Add(ref a._firstChar, i)) != char.ToLowerInvariant(Unsafe.Add(ref b._firstChar, i)))
                    return false;
            return true;
        }

        public static bool IsNullOrEmpty(string value) => value is null || value._stringLength == 0;

        public static bool IsNullOrWhiteSpace(string value)
        {
            if (value is null) return true;
            for (int i = 0; i < value._stringLength; i++)
                if (!char.IsWhiteSpace(Unsafe.Add(ref value._firstChar, i))) return false;
            return true;
        }
    }
}

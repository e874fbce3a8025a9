using System.Globalization;
using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>String comparison. As in .NET, Compare, CompareTo (and so sorting strings by default) are
    /// linguistic, in the invariant culture here (Globalization/CompareInfo.cs: "apple" &lt; "Apple" &lt; "Banana");
    /// Equals and == are ordinal; the StringComparison overloads do what they name. IgnoreCase in ordinal
    /// comparisons maps each code unit with the invariant simple upper-case mapping, as .NET does.</summary>
    public sealed partial class String
    {
        public static int Compare(string strA, string strB) => CompareInfo.Invariant.Compare(strA, strB, CompareOptions.None);

        public static int Compare(string strA, string strB, bool ignoreCase) =>
            CompareInfo.Invariant.Compare(strA, strB, ignoreCase ? CompareOptions.IgnoreCase : CompareOptions.None);

        public static int Compare(string strA, string strB, StringComparison comparisonType)
        {
            if (ReferenceEquals(strA, strB)) { CheckComparison(comparisonType); return 0; }
            if (strA is null) { CheckComparison(comparisonType); return -1; }
            if (strB is null) { CheckComparison(comparisonType); return 1; }
            return Compare(strA.AsSpan(), strB.AsSpan(), comparisonType);
        }

        public static int Compare(string strA, string strB, CultureInfo culture, CompareOptions options) =>
            CompareInfo.Invariant.Compare(strA, strB, options);

        public static int Compare(string strA, int indexA, string strB, int indexB, int length) =>
            Compare(strA, indexA, strB, indexB, length, StringComparison.CurrentCulture);

        public static int Compare(string strA, int indexA, string strB, int indexB, int length, StringComparison comparisonType)
        {
            if (strA is null || strB is null) return Compare(strA, strB, comparisonType);
            if (length < 0 || indexA < 0 || indexB < 0) throw new ArgumentOutOfRangeException(length < 0 ? nameof(length) : indexA < 0 ? nameof(indexA) : nameof(indexB));
            int lengthA = Math.Min(length, strA.Length - indexA), lengthB = Math.Min(length, strB.Length - indexB);
            if (lengthA < 0 || lengthB < 0) throw new ArgumentOutOfRangeException(lengthA < 0 ? nameof(indexA) : nameof(indexB));
            return Compare(strA.AsSpan(indexA, lengthA), strB.AsSpan(indexB, lengthB), comparisonType);
        }

        internal static int Compare(ReadOnlySpan<char> a, ReadOnlySpan<char> b, StringComparison comparisonType)
        {
            switch (comparisonType)
            {
                case StringComparison.CurrentCulture:
                case StringComparison.InvariantCulture: return CompareInfo.Invariant.Compare(a, b, CompareOptions.None);
                case StringComparison.CurrentCultureIgnoreCase:
                case StringComparison.InvariantCultureIgnoreCase: return CompareInfo.Invariant.Compare(a, b, CompareOptions.IgnoreCase);
                case StringComparison.Ordinal: return CompareOrdinal(a, b);
                case StringComparison.OrdinalIgnoreCase: return CompareOrdinalIgnoreCase(a, b);
                default: throw InvalidComparison();
            }
        }

        public int CompareTo(string strB) => Compare(this, strB);

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is string s) return Compare(this, s);
            throw new ArgumentException("Object must be of type String.");
        }

        public static int CompareOrdinal(string strA, int indexA, string strB, int indexB, int length)
        {
            if (strA is null || strB is null) return CompareOrdinal(strA, strB);
            int lengthA = Math.Min(length, strA.Length - indexA), lengthB = Math.Min(length, strB.Length - indexB);
            return CompareOrdinal(strA.AsSpan(indexA, lengthA), strB.AsSpan(indexB, lengthB));
        }

        internal static int CompareOrdinal(ReadOnlySpan<char> a, ReadOnlySpan<char> b)
        {
            int common = a.Length < b.Length ? a.Length : b.Length;
            for (int i = 0; i < common; i++)
            {
                int diff = a[i] - b[i];
                if (diff != 0) return diff;
            }
            return a.Length - b.Length;
        }

        internal static int CompareOrdinalIgnoreCase(ReadOnlySpan<char> a, ReadOnlySpan<char> b)
        {
            int common = a.Length < b.Length ? a.Length : b.Length;
            for (int i = 0; i < common; i++)
            {
                int diff = char.ToUpperInvariant(a[i]) - char.ToUpperInvariant(b[i]);
                if (diff != 0) return diff;
            }
            return a.Length - b.Length;
        }

        internal static int GetHashCodeOrdinalIgnoreCase(string s)
        {
            uint hash = 2166136261;
            for (int i = 0; i < s.Length; i++) hash = (hash ^ char.ToUpperInvariant(s[i])) * 16777619;
            return (int)hash;
        }

        public static bool Equals(string a, string b, StringComparison comparisonType)
        {
            if (comparisonType == StringComparison.Ordinal) return Equals(a, b);
            if (ReferenceEquals(a, b)) { CheckComparison(comparisonType); return true; }
            if (a is null || b is null) { CheckComparison(comparisonType); return false; }
            if (comparisonType == StringComparison.OrdinalIgnoreCase && a.Length != b.Length) return false;
            return Compare(a.AsSpan(), b.AsSpan(), comparisonType) == 0;
        }

        public bool Equals(string value, StringComparison comparisonType) => Equals(this, value, comparisonType);

        public int GetHashCode(StringComparison comparisonType) => StringComparer.FromComparison(comparisonType).GetHashCode(this);

        public static int GetHashCode(ReadOnlySpan<char> value) => new string(value).GetHashCode();

        public bool StartsWith(string value, StringComparison comparisonType)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (comparisonType == StringComparison.Ordinal) return StartsWith(value);
            if (IsLinguistic(comparisonType) && value.Length == 0) return true;
            return value.Length <= Length && Compare(this.AsSpan(0, value.Length), value.AsSpan(), comparisonType) == 0;
        }

        public bool StartsWith(string value, bool ignoreCase, CultureInfo culture) =>
            StartsWith(value, ignoreCase ? StringComparison.InvariantCultureIgnoreCase : StringComparison.InvariantCulture);

        public bool EndsWith(string value, StringComparison comparisonType)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (comparisonType == StringComparison.Ordinal) return EndsWith(value);
            return value.Length <= Length && Compare(this.AsSpan(Length - value.Length), value.AsSpan(), comparisonType) == 0;
        }

        public int IndexOf(string value, StringComparison comparisonType) => IndexOf(value, 0, comparisonType);

        public int IndexOf(string value, int startIndex, StringComparison comparisonType)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if ((uint)startIndex > (uint)Length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            CheckComparison(comparisonType);
            bool ignoreCase = ((int)comparisonType & 1) != 0;
            if (!ignoreCase) return IndexOf(value, startIndex);
            for (int i = startIndex; i + value.Length <= Length; i++)
                if (CompareOrdinalIgnoreCase(this.AsSpan(i, value.Length), value.AsSpan()) == 0) return i;
            return -1;
        }

        public int IndexOf(char value, StringComparison comparisonType)
        {
            CheckComparison(comparisonType);
            if (((int)comparisonType & 1) == 0) return IndexOf(value);
            char upper = char.ToUpperInvariant(value);
            for (int i = 0; i < Length; i++)
                if (char.ToUpperInvariant(this[i]) == upper) return i;
            return -1;
        }

        public bool Contains(string value, StringComparison comparisonType) => IndexOf(value, comparisonType) >= 0;

        public bool Contains(char value, StringComparison comparisonType) => IndexOf(value, comparisonType) >= 0;

        public string Replace(string oldValue, string newValue, StringComparison comparisonType)
        {
            if (oldValue is null) throw new ArgumentNullException(nameof(oldValue));
            if (oldValue.Length == 0) throw new ArgumentException("String cannot be of zero length.", nameof(oldValue));
            if (((int)comparisonType & 1) == 0) { CheckComparison(comparisonType); return Replace(oldValue, newValue); }
            var result = new Text.StringBuilder();
            int start = 0;
            while (true)
            {
                int index = IndexOf(oldValue, start, comparisonType);
                if (index < 0) break;
                result.Append(this, start, index - start).Append(newValue);
                start = index + oldValue.Length;
            }
            return result.Append(this, start, Length - start).ToString();
        }

        public string Replace(string oldValue, string newValue, bool ignoreCase, CultureInfo culture) =>
            Replace(oldValue, newValue, ignoreCase ? StringComparison.InvariantCultureIgnoreCase : StringComparison.InvariantCulture);

        private static bool IsLinguistic(StringComparison c) => c <= StringComparison.InvariantCultureIgnoreCase;

        internal static void CheckComparison(StringComparison comparisonType)
        {
            if ((uint)comparisonType > (uint)StringComparison.OrdinalIgnoreCase) throw InvalidComparison();
        }

        private static ArgumentException InvalidComparison() =>
            new ArgumentException("The string comparison type passed in is currently not supported.", "comparisonType");
    }
}

using System.Collections.Generic;
using System.Globalization;

namespace System
{
    /// <summary>Comparers for strings, for sorting and as dictionary keys. The culture ones are invariant.</summary>
    public abstract class StringComparer : IComparer<string>, IEqualityComparer<string>, System.Collections.IComparer
    {
        private static StringComparer s_ordinal, s_ordinalIgnoreCase, s_invariant, s_invariantIgnoreCase;

        public static StringComparer Ordinal => s_ordinal ??= new OrdinalComparer(false);
        public static StringComparer OrdinalIgnoreCase => s_ordinalIgnoreCase ??= new OrdinalComparer(true);
        public static StringComparer InvariantCulture => s_invariant ??= new CultureAwareComparer(CompareOptions.None);
        public static StringComparer InvariantCultureIgnoreCase => s_invariantIgnoreCase ??= new CultureAwareComparer(CompareOptions.IgnoreCase);
        public static StringComparer CurrentCulture => InvariantCulture;
        public static StringComparer CurrentCultureIgnoreCase => InvariantCultureIgnoreCase;

        public static StringComparer Create(CultureInfo culture, bool ignoreCase) => ignoreCase ? InvariantCultureIgnoreCase : InvariantCulture;

        public static StringComparer Create(CultureInfo culture, CompareOptions options) => new CultureAwareComparer(options);

        public static StringComparer FromComparison(StringComparison comparisonType) => comparisonType switch
        {
            StringComparison.CurrentCulture => CurrentCulture,
            StringComparison.CurrentCultureIgnoreCase => CurrentCultureIgnoreCase,
            StringComparison.InvariantCulture => InvariantCulture,
            StringComparison.InvariantCultureIgnoreCase => InvariantCultureIgnoreCase,
            StringComparison.Ordinal => Ordinal,
            StringComparison.OrdinalIgnoreCase => OrdinalIgnoreCase,
            _ => throw new ArgumentException("The string comparison type passed in is currently not supported.", nameof(comparisonType)),
        };

        public abstract int Compare(string x, string y);
        public abstract bool Equals(string x, string y);
        public abstract int GetHashCode(string obj);

        public int Compare(object x, object y)
        {
            if (x == y) return 0;
            if (x is null) return -1;
            if (y is null) return 1;
            if (x is string sx && y is string sy) return Compare(sx, sy);
            if (x is IComparable ix) return ix.CompareTo(y);
            throw new ArgumentException("At least one object must implement IComparable.");
        }

        private sealed class OrdinalComparer : StringComparer
        {
            private readonly bool _ignoreCase;

            public OrdinalComparer(bool ignoreCase) { _ignoreCase = ignoreCase; }

            public override int Compare(string x, string y) =>
                string.Compare(x, y, _ignoreCase ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal);

            public override bool Equals(string x, string y) =>
                string.Equals(x, y, _ignoreCase ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal);

            public override int GetHashCode(string obj)
            {
                if (obj is null) throw new ArgumentNullException(nameof(obj));
                return _ignoreCase ? string.GetHashCodeOrdinalIgnoreCase(obj) : obj.GetHashCode();
            }
        }

        private sealed class CultureAwareComparer : StringComparer
        {
            private readonly CompareOptions _options;

            public CultureAwareComparer(CompareOptions options) { _options = options; }

            public override int Compare(string x, string y) => CompareInfo.Invariant.Compare(x, y, _options);

            public override bool Equals(string x, string y) =>
                ReferenceEquals(x, y) || (x is not null && y is not null && CompareInfo.Invariant.Compare(x, y, _options) == 0);

            public override int GetHashCode(string obj)
            {
                if (obj is null) throw new ArgumentNullException(nameof(obj));
                return CompareInfo.Invariant.GetHashCode(obj, _options);
            }
        }
    }
}

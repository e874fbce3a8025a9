using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System.Collections.Generic
{
    /// <summary>Default ordering for any T. As with EqualityComparer&lt;T&gt;, ILC rewrites the [Intrinsic]
    /// Create() for exact instantiations to construct NullableComparer`1, EnumComparer`1, GenericComparer`1
    /// (T implements IComparable&lt;T&gt;) or ObjectComparer`1; shared reference-type code keeps our body, whose
    /// ObjectComparer tests for IComparable&lt;T&gt; and IComparable at run time.</summary>
    public abstract class Comparer<T> : IComparer<T>
    {
        public static Comparer<T> Default { [Intrinsic] get; } = Create();

        [Intrinsic]
        private static Comparer<T> Create() => new ObjectComparer<T>();

        public static Comparer<T> Create(Comparison<T> comparison)
        {
            if (comparison == null) CollectionThrowHelpers.ArgumentNull("comparison");
            return new ComparisonComparer<T>(comparison);
        }

        public abstract int Compare(T x, T y);
    }

    internal sealed class GenericComparer<T> : Comparer<T> where T : IComparable<T>
    {
        public override int Compare(T x, T y)
        {
            if (x != null) return y != null ? x.CompareTo(y) : 1;
            return y != null ? -1 : 0;
        }
    }

    internal sealed class ObjectComparer<T> : Comparer<T>
    {
        public override int Compare(T x, T y)
        {
            if (x == null) return y == null ? 0 : -1;
            if (y == null) return 1;
            if (x is IComparable<T> typed) return typed.CompareTo(y);
            if (x is IComparable untyped) return untyped.CompareTo(y);
            throw new ArgumentException("At least one object must implement IComparable.");
        }
    }

    internal sealed class NullableComparer<T> : Comparer<T?> where T : struct
    {
        public override int Compare(T? x, T? y)
        {
            if (x.HasValue) return y.HasValue ? Comparer<T>.Default.Compare(x.GetValueOrDefault(), y.GetValueOrDefault()) : 1;
            return y.HasValue ? -1 : 0;
        }
    }

    internal sealed class EnumComparer<T> : Comparer<T> where T : struct, Enum
    {
        public override int Compare(T x, T y)
        {
            long a = EnumBits.ToInt64(x), b = EnumBits.ToInt64(y);
            if (EnumBits.IsUnsigned<T>()) return ((ulong)a).CompareTo((ulong)b);
            return a.CompareTo(b);
        }
    }

    internal sealed class ComparisonComparer<T> : Comparer<T>
    {
        private readonly Comparison<T> _comparison;

        public ComparisonComparer(Comparison<T> comparison) { _comparison = comparison; }

        public override int Compare(T x, T y) => _comparison(x, y);
    }
}

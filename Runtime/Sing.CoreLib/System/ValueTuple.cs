using System.Collections.Generic;

namespace System
{
    // Tuples: `(a, b)` in C# is a ValueTuple. Element names are compile-time only. Equality uses
    // EqualityComparer<T>.Default per element.

    public struct ValueTuple<T1, T2> : IEquatable<ValueTuple<T1, T2>>, IComparable<ValueTuple<T1, T2>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 2;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, _ => throw new IndexOutOfRangeException() };

        public T1 Item1;
        public T2 Item2;

        public ValueTuple(T1 item1, T2 item2) { Item1 = item1; Item2 = item2; }

        /// <summary>Element by element with Comparer&lt;T&gt;.Default.</summary>
        public int CompareTo(ValueTuple<T1, T2> other)
        {
            int c;
            if ((c = Comparer<T1>.Default.Compare(Item1, other.Item1)) != 0) return c;
            if ((c = Comparer<T2>.Default.Compare(Item2, other.Item2)) != 0) return c;
            return 0;
        }

        public int CompareTo(object other)
        {
            if (other is null) return 1;
            if (other is not ValueTuple<T1, T2> tuple) throw new ArgumentException("Argument must be of type ValueTuple`2.", nameof(other));
            return CompareTo(tuple);
        }


        public bool Equals(ValueTuple<T1, T2> other) =>
            EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && EqualityComparer<T2>.Default.Equals(Item2, other.Item2);

        public override bool Equals(object obj) => obj is ValueTuple<T1, T2> other && Equals(other);

        public override int GetHashCode() =>
            EqualityComparer<T1>.Default.GetHashCode(Item1) * 31 + EqualityComparer<T2>.Default.GetHashCode(Item2);

        public override string ToString() => string.Concat("(", Item1?.ToString(), ", ", Item2?.ToString(), ")");

        string IValueTupleText.ToStringEnd() => ToString().Substring(1);
    }

    public struct ValueTuple<T1, T2, T3> : IEquatable<ValueTuple<T1, T2, T3>>, IComparable<ValueTuple<T1, T2, T3>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 3;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, _ => throw new IndexOutOfRangeException() };

        public T1 Item1;
        public T2 Item2;
        public T3 Item3;

        public ValueTuple(T1 item1, T2 item2, T3 item3) { Item1 = item1; Item2 = item2; Item3 = item3; }

        /// <summary>Element by element with Comparer&lt;T&gt;.Default.</summary>
        public int CompareTo(ValueTuple<T1, T2, T3> other)
        {
            int c;
            if ((c = Comparer<T1>.Default.Compare(Item1, other.Item1)) != 0) return c;
            if ((c = Comparer<T2>.Default.Compare(Item2, other.Item2)) != 0) return c;
            if ((c = Comparer<T3>.Default.Compare(Item3, other.Item3)) != 0) return c;
            return 0;
        }

        public int CompareTo(object other)
        {
            if (other is null) return 1;
            if (other is not ValueTuple<T1, T2, T3> tuple) throw new ArgumentException("Argument must be of type ValueTuple`3.", nameof(other));
            return CompareTo(tuple);
        }


        public bool Equals(ValueTuple<T1, T2, T3> other) =>
            EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && EqualityComparer<T2>.Default.Equals(Item2, other.Item2)
            && EqualityComparer<T3>.Default.Equals(Item3, other.Item3);

        public override bool Equals(object obj) => obj is ValueTuple<T1, T2, T3> other && Equals(other);

        public override int GetHashCode() =>
            (EqualityComparer<T1>.Default.GetHashCode(Item1) * 31 + EqualityComparer<T2>.Default.GetHashCode(Item2)) * 31
            + EqualityComparer<T3>.Default.GetHashCode(Item3);

        public override string ToString() =>
            string.Concat("(", Item1?.ToString(), ", ", string.Concat(Item2?.ToString(), ", ", Item3?.ToString(), ")"));

        string IValueTupleText.ToStringEnd() => ToString().Substring(1);
    }

    public struct ValueTuple<T1, T2, T3, T4> : IEquatable<ValueTuple<T1, T2, T3, T4>>, IComparable<ValueTuple<T1, T2, T3, T4>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 4;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, _ => throw new IndexOutOfRangeException() };

        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;

        public ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4) { Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; }

        /// <summary>Element by element with Comparer&lt;T&gt;.Default.</summary>
        public int CompareTo(ValueTuple<T1, T2, T3, T4> other)
        {
            int c;
            if ((c = Comparer<T1>.Default.Compare(Item1, other.Item1)) != 0) return c;
            if ((c = Comparer<T2>.Default.Compare(Item2, other.Item2)) != 0) return c;
            if ((c = Comparer<T3>.Default.Compare(Item3, other.Item3)) != 0) return c;
            if ((c = Comparer<T4>.Default.Compare(Item4, other.Item4)) != 0) return c;
            return 0;
        }

        public int CompareTo(object other)
        {
            if (other is null) return 1;
            if (other is not ValueTuple<T1, T2, T3, T4> tuple) throw new ArgumentException("Argument must be of type ValueTuple`4.", nameof(other));
            return CompareTo(tuple);
        }


        public bool Equals(ValueTuple<T1, T2, T3, T4> other) =>
            EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && EqualityComparer<T2>.Default.Equals(Item2, other.Item2)
            && EqualityComparer<T3>.Default.Equals(Item3, other.Item3) && EqualityComparer<T4>.Default.Equals(Item4, other.Item4);

        public override bool Equals(object obj) => obj is ValueTuple<T1, T2, T3, T4> other && Equals(other);

        public override int GetHashCode() =>
            ((EqualityComparer<T1>.Default.GetHashCode(Item1) * 31 + EqualityComparer<T2>.Default.GetHashCode(Item2)) * 31
            + EqualityComparer<T3>.Default.GetHashCode(Item3)) * 31 + EqualityComparer<T4>.Default.GetHashCode(Item4);

        public override string ToString() =>
            string.Concat(string.Concat("(", Item1?.ToString(), ", ", Item2?.ToString()), ", ", string.Concat(Item3?.ToString(), ", ", Item4?.ToString(), ")"));

        string IValueTupleText.ToStringEnd() => ToString().Substring(1);
    }
}

namespace System.Runtime.CompilerServices
{
    /// <summary>Records tuple element names in signatures (the C# compiler emits it on members).</summary>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Field | AttributeTargets.Parameter
        | AttributeTargets.Property | AttributeTargets.ReturnValue | AttributeTargets.Event)]
    public sealed class TupleElementNamesAttribute : Attribute
    {
        public TupleElementNamesAttribute(string[] transformNames) { TransformNames = transformNames; }
        public string[] TransformNames { get; }
    }
}

using System.Collections.Generic;

namespace System
{
    // Tuples of one and of five to eight elements. Each compares, hashes and prints as its first element followed by
    // the tuple of the others, so one set of element rules (ValueTuple.cs) serves every arity; `(a, ..., h)` with eight
    // or more elements is a 7-tuple whose Rest holds the others, and prints flat as .NET prints it.

    /// <summary>What a tuple prints after "(": its elements and the closing ")" (how an 8-tuple prints its Rest flat).</summary>
    internal interface IValueTupleText
    {
        string ToStringEnd();
    }

    /// <summary>ValueTuple.Create, as .NET has it.</summary>
    public struct ValueTuple
    {
        public static ValueTuple<T1> Create<T1>(T1 item1) => new ValueTuple<T1>(item1);
        public static ValueTuple<T1, T2> Create<T1, T2>(T1 item1, T2 item2) => new ValueTuple<T1, T2>(item1, item2);
        public static ValueTuple<T1, T2, T3> Create<T1, T2, T3>(T1 item1, T2 item2, T3 item3) => new ValueTuple<T1, T2, T3>(item1, item2, item3);
        public static ValueTuple<T1, T2, T3, T4> Create<T1, T2, T3, T4>(T1 item1, T2 item2, T3 item3, T4 item4) =>
            new ValueTuple<T1, T2, T3, T4>(item1, item2, item3, item4);
        public override string ToString() => "()";
    }

    public struct ValueTuple<T1> : IEquatable<ValueTuple<T1>>, IComparable<ValueTuple<T1>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 1;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, _ => throw new IndexOutOfRangeException() };

        public T1 Item1;

        public ValueTuple(T1 item1) { Item1 = item1; }

        public int CompareTo(ValueTuple<T1> other) => Comparer<T1>.Default.Compare(Item1, other.Item1);
        public int CompareTo(object other) => other is null ? 1 : other is ValueTuple<T1> t ? CompareTo(t) : throw Tuples.WrongType(1);
        public bool Equals(ValueTuple<T1> other) => EqualityComparer<T1>.Default.Equals(Item1, other.Item1);
        public override bool Equals(object obj) => obj is ValueTuple<T1> other && Equals(other);
        public override int GetHashCode() => EqualityComparer<T1>.Default.GetHashCode(Item1);
        public override string ToString() => "(" + ToStringEnd();
        public string ToStringEnd() => Item1?.ToString() + ")";
    }

    public struct ValueTuple<T1, T2, T3, T4, T5> : IEquatable<ValueTuple<T1, T2, T3, T4, T5>>, IComparable<ValueTuple<T1, T2, T3, T4, T5>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 5;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, 4 => Item5, _ => throw new IndexOutOfRangeException() };

        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;

        public ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5) { Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; Item5 = item5; }

        private ValueTuple<T2, T3, T4, T5> Others => new ValueTuple<T2, T3, T4, T5>(Item2, Item3, Item4, Item5);

        public int CompareTo(ValueTuple<T1, T2, T3, T4, T5> other) => Tuples.Compare(Item1, other.Item1, Others.CompareTo(other.Others));
        public int CompareTo(object other) => other is null ? 1 : other is ValueTuple<T1, T2, T3, T4, T5> t ? CompareTo(t) : throw Tuples.WrongType(5);
        public bool Equals(ValueTuple<T1, T2, T3, T4, T5> other) => EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && Others.Equals(other.Others);
        public override bool Equals(object obj) => obj is ValueTuple<T1, T2, T3, T4, T5> other && Equals(other);
        public override int GetHashCode() => Tuples.Hash(Item1, Others.GetHashCode());
        public override string ToString() => "(" + ToStringEnd();
        public string ToStringEnd() => Item1?.ToString() + ", " + Others.ToString().Substring(1);
    }

    public struct ValueTuple<T1, T2, T3, T4, T5, T6> : IEquatable<ValueTuple<T1, T2, T3, T4, T5, T6>>, IComparable<ValueTuple<T1, T2, T3, T4, T5, T6>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 6;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, 4 => Item5, 5 => Item6, _ => throw new IndexOutOfRangeException() };

        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;
        public T6 Item6;

        public ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6)
        {
            Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; Item5 = item5; Item6 = item6;
        }

        private ValueTuple<T2, T3, T4, T5, T6> Others => new ValueTuple<T2, T3, T4, T5, T6>(Item2, Item3, Item4, Item5, Item6);

        public int CompareTo(ValueTuple<T1, T2, T3, T4, T5, T6> other) => Tuples.Compare(Item1, other.Item1, Others.CompareTo(other.Others));
        public int CompareTo(object other) => other is null ? 1 : other is ValueTuple<T1, T2, T3, T4, T5, T6> t ? CompareTo(t) : throw Tuples.WrongType(6);
        public bool Equals(ValueTuple<T1, T2, T3, T4, T5, T6> other) => EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && Others.Equals(other.Others);
        public override bool Equals(object obj) => obj is ValueTuple<T1, T2, T3, T4, T5, T6> other && Equals(other);
        public override int GetHashCode() => Tuples.Hash(Item1, Others.GetHashCode());
        public override string ToString() => "(" + ToStringEnd();
        public string ToStringEnd() => Item1?.ToString() + ", " + Others.ToStringEnd();
    }

    public struct ValueTuple<T1, T2, T3, T4, T5, T6, T7> : IEquatable<ValueTuple<T1, T2, T3, T4, T5, T6, T7>>, IComparable<ValueTuple<T1, T2, T3, T4, T5, T6, T7>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 7;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, 4 => Item5, 5 => Item6, 6 => Item7, _ => throw new IndexOutOfRangeException() };

        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;
        public T6 Item6;
        public T7 Item7;

        public ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7)
        {
            Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; Item5 = item5; Item6 = item6; Item7 = item7;
        }

        private ValueTuple<T2, T3, T4, T5, T6, T7> Others => new ValueTuple<T2, T3, T4, T5, T6, T7>(Item2, Item3, Item4, Item5, Item6, Item7);

        public int CompareTo(ValueTuple<T1, T2, T3, T4, T5, T6, T7> other) => Tuples.Compare(Item1, other.Item1, Others.CompareTo(other.Others));
        public int CompareTo(object other) => other is null ? 1 : other is ValueTuple<T1, T2, T3, T4, T5, T6, T7> t ? CompareTo(t) : throw Tuples.WrongType(7);
        public bool Equals(ValueTuple<T1, T2, T3, T4, T5, T6, T7> other) => EqualityComparer<T1>.Default.Equals(Item1, other.Item1) && Others.Equals(other.Others);
        public override bool Equals(object obj) => obj is ValueTuple<T1, T2, T3, T4, T5, T6, T7> other && Equals(other);
        public override int GetHashCode() => Tuples.Hash(Item1, Others.GetHashCode());
        public override string ToString() => "(" + ToStringEnd();
        public string ToStringEnd() => Item1?.ToString() + ", " + Others.ToStringEnd();
    }

    /// <summary>Seven elements and the rest (itself a tuple): what C# makes of eight elements or more.</summary>
    public struct ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> : IEquatable<ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>>,
        IComparable<ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>>, IComparable, IValueTupleText, System.Runtime.CompilerServices.ITuple where TRest : struct
    {
        int System.Runtime.CompilerServices.ITuple.Length => 7 + ((System.Runtime.CompilerServices.ITuple)Rest).Length;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, 4 => Item5, 5 => Item6, 6 => Item7, _ => index >= 7 ? ((System.Runtime.CompilerServices.ITuple)Rest)[index - 7] : throw new IndexOutOfRangeException() };

        public T1 Item1;
        public T2 Item2;
        public T3 Item3;
        public T4 Item4;
        public T5 Item5;
        public T6 Item6;
        public T7 Item7;
        public TRest Rest;

        public ValueTuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7, TRest rest)
        {
            Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; Item5 = item5; Item6 = item6; Item7 = item7; Rest = rest;
        }

        private ValueTuple<T1, T2, T3, T4, T5, T6, T7> First => new ValueTuple<T1, T2, T3, T4, T5, T6, T7>(Item1, Item2, Item3, Item4, Item5, Item6, Item7);

        public int CompareTo(ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> other)
        {
            int c = First.CompareTo(other.First);
            return c != 0 ? c : Comparer<TRest>.Default.Compare(Rest, other.Rest);
        }

        public int CompareTo(object other) => other is null ? 1 : other is ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> t ? CompareTo(t) : throw Tuples.WrongType(8);
        public bool Equals(ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> other) => First.Equals(other.First) && EqualityComparer<TRest>.Default.Equals(Rest, other.Rest);
        public override bool Equals(object obj) => obj is ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest> other && Equals(other);
        public override int GetHashCode() => Tuples.Hash(First, EqualityComparer<TRest>.Default.GetHashCode(Rest));
        public override string ToString() => "(" + ToStringEnd();

        public string ToStringEnd()
        {
            string first = First.ToStringEnd();
            object rest = Rest;
            return first.Substring(0, first.Length - 1) + ", " + (rest is IValueTupleText text ? text.ToStringEnd() : rest.ToString() + ")");
        }
    }

    /// <summary>The element rules the longer tuples share.</summary>
    internal static class Tuples
    {
        public static int Compare<T>(T a, T b, int others)
        {
            int c = Comparer<T>.Default.Compare(a, b);
            return c != 0 ? c : others;
        }

        public static int Hash<T>(T first, int others) => EqualityComparer<T>.Default.GetHashCode(first) * 31 + others;

        public static ArgumentException WrongType(int arity) => new ArgumentException("Argument must be of type ValueTuple`" + arity.ToString() + ".", "other");
    }
}

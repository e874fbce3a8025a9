using System.Collections.Generic;

namespace System
{
    /// <summary>The reference tuples of older code; `(a, b)` syntax makes ValueTuples instead.</summary>
    public static class Tuple
    {
        public static Tuple<T1> Create<T1>(T1 item1) => new Tuple<T1>(item1);
        public static Tuple<T1, T2> Create<T1, T2>(T1 item1, T2 item2) => new Tuple<T1, T2>(item1, item2);
        public static Tuple<T1, T2, T3> Create<T1, T2, T3>(T1 item1, T2 item2, T3 item3) => new Tuple<T1, T2, T3>(item1, item2, item3);
        public static Tuple<T1, T2, T3, T4> Create<T1, T2, T3, T4>(T1 item1, T2 item2, T3 item3, T4 item4) =>
            new Tuple<T1, T2, T3, T4>(item1, item2, item3, item4);
        public static Tuple<T1, T2, T3, T4, T5> Create<T1, T2, T3, T4, T5>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5) =>
            new Tuple<T1, T2, T3, T4, T5>(item1, item2, item3, item4, item5);
        public static Tuple<T1, T2, T3, T4, T5, T6> Create<T1, T2, T3, T4, T5, T6>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6) =>
            new Tuple<T1, T2, T3, T4, T5, T6>(item1, item2, item3, item4, item5, item6);
        public static Tuple<T1, T2, T3, T4, T5, T6, T7> Create<T1, T2, T3, T4, T5, T6, T7>(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7) =>
            new Tuple<T1, T2, T3, T4, T5, T6, T7>(item1, item2, item3, item4, item5, item6, item7);
    }

    // Four to seven elements: equality, hash and text are those of the ValueTuple of the same elements.

    public class Tuple<T1, T2, T3, T4> : System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 4;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, _ => throw new IndexOutOfRangeException() };

        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4) { Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; }
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        private ValueTuple<T1, T2, T3, T4> Value => (Item1, Item2, Item3, Item4);
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4> t && Value.Equals(t.Value);
        public override int GetHashCode() => Value.GetHashCode();
        public override string ToString() => Value.ToString();
    }

    public class Tuple<T1, T2, T3, T4, T5> : System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 5;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, 4 => Item5, _ => throw new IndexOutOfRangeException() };

        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5) { Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; Item5 = item5; }
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public T5 Item5 { get; }
        private ValueTuple<T1, T2, T3, T4, T5> Value => (Item1, Item2, Item3, Item4, Item5);
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4, T5> t && Value.Equals(t.Value);
        public override int GetHashCode() => Value.GetHashCode();
        public override string ToString() => Value.ToString();
    }

    public class Tuple<T1, T2, T3, T4, T5, T6> : System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 6;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, 4 => Item5, 5 => Item6, _ => throw new IndexOutOfRangeException() };

        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6)
        {
            Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; Item5 = item5; Item6 = item6;
        }
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public T5 Item5 { get; }
        public T6 Item6 { get; }
        private ValueTuple<T1, T2, T3, T4, T5, T6> Value => (Item1, Item2, Item3, Item4, Item5, Item6);
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4, T5, T6> t && Value.Equals(t.Value);
        public override int GetHashCode() => Value.GetHashCode();
        public override string ToString() => Value.ToString();
    }

    public class Tuple<T1, T2, T3, T4, T5, T6, T7> : System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 7;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, 3 => Item4, 4 => Item5, 5 => Item6, 6 => Item7, _ => throw new IndexOutOfRangeException() };

        public Tuple(T1 item1, T2 item2, T3 item3, T4 item4, T5 item5, T6 item6, T7 item7)
        {
            Item1 = item1; Item2 = item2; Item3 = item3; Item4 = item4; Item5 = item5; Item6 = item6; Item7 = item7;
        }
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public T4 Item4 { get; }
        public T5 Item5 { get; }
        public T6 Item6 { get; }
        public T7 Item7 { get; }
        private ValueTuple<T1, T2, T3, T4, T5, T6, T7> Value => (Item1, Item2, Item3, Item4, Item5, Item6, Item7);
        public override bool Equals(object obj) => obj is Tuple<T1, T2, T3, T4, T5, T6, T7> t && Value.Equals(t.Value);
        public override int GetHashCode() => Value.GetHashCode();
        public override string ToString() => Value.ToString();
    }

    public class Tuple<T1> : System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 1;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, _ => throw new IndexOutOfRangeException() };

        public Tuple(T1 item1) { Item1 = item1; }
        public T1 Item1 { get; }
        public override bool Equals(object obj) => obj is Tuple<T1> t && EqualityComparer<T1>.Default.Equals(Item1, t.Item1);
        public override int GetHashCode() => EqualityComparer<T1>.Default.GetHashCode(Item1);
        public override string ToString() => "(" + Item1?.ToString() + ")";
    }

    public class Tuple<T1, T2> : System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 2;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, _ => throw new IndexOutOfRangeException() };

        public Tuple(T1 item1, T2 item2) { Item1 = item1; Item2 = item2; }
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public override bool Equals(object obj) =>
            obj is Tuple<T1, T2> t && EqualityComparer<T1>.Default.Equals(Item1, t.Item1) && EqualityComparer<T2>.Default.Equals(Item2, t.Item2);
        public override int GetHashCode() => HashCode.Combine(Item1, Item2);
        public override string ToString() => "(" + Item1?.ToString() + ", " + Item2?.ToString() + ")";
    }

    public class Tuple<T1, T2, T3> : System.Runtime.CompilerServices.ITuple
    {
        int System.Runtime.CompilerServices.ITuple.Length => 3;
        object System.Runtime.CompilerServices.ITuple.this[int index] => index switch { 0 => Item1, 1 => Item2, 2 => Item3, _ => throw new IndexOutOfRangeException() };

        public Tuple(T1 item1, T2 item2, T3 item3) { Item1 = item1; Item2 = item2; Item3 = item3; }
        public T1 Item1 { get; }
        public T2 Item2 { get; }
        public T3 Item3 { get; }
        public override bool Equals(object obj) =>
            obj is Tuple<T1, T2, T3> t && EqualityComparer<T1>.Default.Equals(Item1, t.Item1) && EqualityComparer<T2>.Default.Equals(Item2, t.Item2)
            && EqualityComparer<T3>.Default.Equals(Item3, t.Item3);
        public override int GetHashCode() => HashCode.Combine(Item1, Item2, Item3);
        public override string ToString() => "(" + Item1?.ToString() + ", " + Item2?.ToString() + ", " + Item3?.ToString() + ")";
    }

    /// <summary>A value made on first use (thread-safe in the sense that a race may build it twice and keep one).</summary>
    /// <summary>A value made on first use. By default (ExecutionAndPublication) the factory runs once even when
    /// threads race for the value; PublicationOnly lets racing threads each run it and keeps the first result; None
    /// takes no lock. A factory that throws is thrown again on every later access, as in .NET.</summary>
    public class Lazy<T>
    {
        private Func<T> _factory;
        private T _value;
        private volatile bool _created;
        private readonly Threading.LazyThreadSafetyMode _mode;
        private Exception _failure;
        private readonly object _lock = new object();

        public Lazy() : this(() => Activator.CreateInstance<T>(), Threading.LazyThreadSafetyMode.ExecutionAndPublication) { }

        public Lazy(bool isThreadSafe) : this(() => Activator.CreateInstance<T>(), isThreadSafe) { }

        public Lazy(Threading.LazyThreadSafetyMode mode) : this(() => Activator.CreateInstance<T>(), mode) { }

        public Lazy(Func<T> valueFactory) : this(valueFactory, Threading.LazyThreadSafetyMode.ExecutionAndPublication) { }

        public Lazy(Func<T> valueFactory, bool isThreadSafe)
            : this(valueFactory, isThreadSafe ? Threading.LazyThreadSafetyMode.ExecutionAndPublication : Threading.LazyThreadSafetyMode.None) { }

        public Lazy(Func<T> valueFactory, Threading.LazyThreadSafetyMode mode)
        {
            _factory = valueFactory ?? throw new ArgumentNullException(nameof(valueFactory));
            if (mode < Threading.LazyThreadSafetyMode.None || mode > Threading.LazyThreadSafetyMode.ExecutionAndPublication)
                throw new ArgumentOutOfRangeException(nameof(mode), "The mode argument specifies an invalid value.");
            _mode = mode;
        }

        public Lazy(T value)
        {
            _value = value;
            _created = true;
        }

        public bool IsValueCreated => _created;

        public T Value
        {
            get
            {
                if (_created) return _value;
                if (_mode == Threading.LazyThreadSafetyMode.PublicationOnly)
                {
                    T made = _factory();
                    lock (_lock)
                    {
                        if (!_created)
                        {
                            _value = made;
                            _created = true;
                        }
                    }
                    return _value;
                }
                if (_mode == Threading.LazyThreadSafetyMode.None) return Create();
                lock (_lock) return _created ? _value : Create();
            }
        }

        private T Create()
        {
            if (_failure != null) throw _failure;
            Func<T> factory = _factory;
            if (factory == null) throw new InvalidOperationException("ValueFactory attempted to access the Value property of this instance.");
            _factory = null;
            try
            {
                _value = factory();
            }
            catch (Exception e)
            {
                _failure = e;
                throw;
            }
            _created = true;
            return _value;
        }

        public override string ToString() => _created ? _value?.ToString() ?? "" : "Value is not created.";
    }
}

namespace System.Threading
{
    public enum LazyThreadSafetyMode
    {
        None = 0,
        PublicationOnly = 1,
        ExecutionAndPublication = 2,
    }
}

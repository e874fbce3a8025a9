namespace System.Collections
{
    /// <summary>Non-generic enumeration: the base of IEnumerable&lt;T&gt;.</summary>
    public interface IEnumerable
    {
        IEnumerator GetEnumerator();
    }

    public interface IEnumerator
    {
        object Current { get; }
        bool MoveNext();
        void Reset();
    }

    public interface ICollection : IEnumerable
    {
        int Count { get; }
    }

    public interface IEqualityComparer
    {
        bool Equals(object x, object y);
        int GetHashCode(object obj);
    }

    public interface IComparer
    {
        int Compare(object x, object y);
    }
}

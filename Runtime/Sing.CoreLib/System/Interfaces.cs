namespace System
{
    /// <summary>Releases what an object holds; `using` and `foreach` call Dispose.</summary>
    public interface IDisposable
    {
        void Dispose();
    }

    /// <summary>Releases what an object holds, perhaps waiting for it; `await using` calls DisposeAsync.</summary>
    public interface IAsyncDisposable
    {
        System.Threading.Tasks.ValueTask DisposeAsync();
    }

    /// <summary>Typed equality; EqualityComparer&lt;T&gt;.Default uses it when T implements it.</summary>
    public interface IEquatable<T>
    {
        bool Equals(T other);
    }

    /// <summary>Typed ordering; Comparer&lt;T&gt;.Default uses it when T implements it.</summary>
    public interface IComparable<in T>
    {
        int CompareTo(T other);
    }

    /// <summary>Untyped ordering, for types compared through object.</summary>
    public interface IComparable
    {
        int CompareTo(object obj);
    }
}

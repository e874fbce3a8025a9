using System.Collections;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>The compiler gives every T[] the interfaces of Array&lt;T&gt; and dispatches their calls here, with
    /// `this` being the T[] itself. This is what lets an array be passed as IEnumerable&lt;T&gt;, IList&lt;T&gt; or
    /// IReadOnlyList&lt;T&gt; (e.g. `new List&lt;int&gt;(new[] { 1, 2 })`). Arrays are fixed-size: the
    /// size-changing members throw NotSupportedException.</summary>
    internal class Array<T> : Array, IList<T>, IReadOnlyList<T>
    {
        private T[] Self => Unsafe.As<T[]>(this);

        int ICollection<T>.Count => Self.Length;

        int IReadOnlyCollection<T>.Count => Self.Length;

        public bool IsReadOnly => false;

        public T this[int index]
        {
            get => Self[index];
            set => Self[index] = value;
        }

        public int IndexOf(T item) => Array.IndexOf(Self, item);

        public bool Contains(T item) => Array.IndexOf(Self, item) >= 0;

        public void CopyTo(T[] array, int arrayIndex) => Array.Copy(Self, 0, array, arrayIndex, Self.Length);

        public void Add(T item) => throw new NotSupportedException("Collection was of a fixed size.");

        public void Clear() => throw new NotSupportedException("Collection was of a fixed size.");

        public void Insert(int index, T item) => throw new NotSupportedException("Collection was of a fixed size.");

        public bool Remove(T item) => throw new NotSupportedException("Collection was of a fixed size.");

        public void RemoveAt(int index) => throw new NotSupportedException("Collection was of a fixed size.");

        public new IEnumerator<T> GetEnumerator() => new ArrayEnumerator<T>(Self);

        IEnumerator IEnumerable.GetEnumerator() => new ArrayEnumerator<T>(Self);
    }

    internal sealed class ArrayEnumerator<T> : IEnumerator<T>
    {
        private readonly T[] _array;
        private int _index = -1;

        public ArrayEnumerator(T[] array) { _array = array; }

        public bool MoveNext() => ++_index < _array.Length;

        public T Current => _array[_index];

        object IEnumerator.Current => _array[_index];

        public void Reset() => _index = -1;

        public void Dispose() { }
    }
}

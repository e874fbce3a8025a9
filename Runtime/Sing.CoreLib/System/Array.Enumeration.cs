using System.Collections;
using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>Arrays as non-generic sequences (`foreach (object o in (IEnumerable)array)`, LINQ's OfType/Cast):
    /// elements in storage order, value types boxed. The element count and size come from the array's own
    /// MethodTable, so the enumerator reads only inside the array.</summary>
    public abstract unsafe partial class Array : IEnumerable
    {
        public IEnumerator GetEnumerator() => new ArrayEnumerator(this);

        private sealed class ArrayEnumerator : IEnumerator
        {
            private readonly Array _array;
            private int _index = -1;

            public ArrayEnumerator(Array array) { _array = array; }

            public bool MoveNext()
            {
                if (_index + 1 >= _array.Length) { _index = _array.Length; return false; }
                _index++;
                return true;
            }

            public object Current
            {
                get
                {
                    if ((uint)_index >= (uint)_array.Length)
                        throw new InvalidOperationException(_index < 0 ? "Enumeration has not started. Call MoveNext." : "Enumeration already finished.");
                    return _array.GetElementAsObject(_index);
                }
            }

            public void Reset() => _index = -1;
        }

        /// <summary>Element <paramref name="index"/> of a one-dimensional array, boxed if it is a value.</summary>
        public object GetValue(int index)
        {
            if (!m_pMethodTable->IsSzArray && Rank != 1) throw new ArgumentException("Only single dimensional arrays are supported for the requested action.");
            if ((uint)index >= (uint)Length) throw new IndexOutOfRangeException("Index was outside the bounds of the array.");
            return GetElementAsObject(index);
        }

        public object GetValue(long index) =>
            index < int.MinValue || index > int.MaxValue ? throw new ArgumentOutOfRangeException(nameof(index), "Arrays larger than 2GB are not supported.") : GetValue((int)index);

        /// <summary>Element <paramref name="index"/> (already checked against Length), boxed if a value.</summary>
        private object GetElementAsObject(int index)
        {
            Internal.Runtime.MethodTable* type = m_pMethodTable;
            Internal.Runtime.MethodTable* element = type->RelatedParameterType;
            // GetRawData is where a vector's elements start; a multi-dimensional array's follow its bounds, which
            // make its base size larger than a vector's (3 words) by exactly their size.
            ref byte first = ref Unsafe.Add(ref GetRawData(), (int)type->BaseSize - 3 * 8);
            ref byte item = ref Unsafe.Add(ref first, (nint)index * type->ComponentSize);
            if (element->IsValueType) return System.Runtime.RuntimeExports.Box(element, ref item);
            return Unsafe.As<byte, object>(ref item);
        }
    }
}

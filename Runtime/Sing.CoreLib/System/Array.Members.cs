using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>Array queries and the static helpers (Copy, IndexOf, Sort, Resize...). A multi-dimensional array
    /// stores, after its total length, the length and then the lower bound of each dimension (32 bits each);
    /// its rank follows from its base size.</summary>
    public abstract unsafe partial class Array
    {
        // Header word, MethodTable pointer, then length and padding.
        private const int SzArrayBaseSize = 3 * 8;

        public int Rank
        {
            get
            {
                Internal.Runtime.MethodTable* type = m_pMethodTable;
                return type->IsSzArray ? 1 : (int)(type->BaseSize - SzArrayBaseSize) / (2 * sizeof(int));
            }
        }

        /// <summary>The per-dimension lengths (then lower bounds) of a multi-dimensional array.</summary>
        private ref int Bounds => ref Unsafe.Add(ref _numComponents, 2);

        public int GetLength(int dimension)
        {
            if ((uint)dimension >= (uint)Rank) ThrowHelpers.ThrowIndexOutOfRangeException();
            return m_pMethodTable->IsSzArray ? _numComponents : Unsafe.Add(ref Bounds, dimension);
        }

        public int GetLowerBound(int dimension)
        {
            if ((uint)dimension >= (uint)Rank) ThrowHelpers.ThrowIndexOutOfRangeException();
            return m_pMethodTable->IsSzArray ? 0 : Unsafe.Add(ref Bounds, Rank + dimension);
        }

        public int GetUpperBound(int dimension) => GetLowerBound(dimension) + GetLength(dimension) - 1;

        public static T[] Empty<T>() => EmptyArray<T>.Value;

        private static class EmptyArray<T>
        {
            internal static readonly T[] Value = new T[0];
        }

        public static void Copy<T>(T[] source, int sourceIndex, T[] destination, int destinationIndex, int length)
        {
            CheckCopy(source, sourceIndex, destination, destinationIndex, length);
            // Elements without references (bytes, chars, numbers, such structs): one block move, overlap handled by
            // Memmove. The heap is non-moving, and no collector needs to see a copy that writes no reference.
            if (length > 0 && !source.m_pMethodTable->ContainsGCPointers)
            {
                Buffer.Memmove((byte*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref destination[destinationIndex]),
                    (byte*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref source[sourceIndex]),
                    (nuint)length * (nuint)System.Runtime.CompilerServices.Unsafe.SizeOf<T>());
                return;
            }
            // A covariant pair (an object[] that is a string[]): checked element by element, as the untyped Copy does.
            if (source.m_pMethodTable != destination.m_pMethodTable)
            {
                Copy((Array)source, sourceIndex, (Array)destination, destinationIndex, length);
                return;
            }
            if (source == destination && sourceIndex < destinationIndex)
            {
                for (int i = length - 1; i >= 0; i--) destination[destinationIndex + i] = source[sourceIndex + i];
                return;
            }
            for (int i = 0; i < length; i++) destination[destinationIndex + i] = source[sourceIndex + i];
        }

        public static void Copy<T>(T[] source, T[] destination, int length) => Copy(source, 0, destination, 0, length);

        public static void Resize<T>(ref T[] array, int newSize)
        {
            if (newSize < 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
            T[] resized = new T[newSize];
            if (array is not null) Copy(array, 0, resized, 0, array.Length < newSize ? array.Length : newSize);
            array = resized;
        }

        public static int IndexOf<T>(T[] array, T value)
        {
            if (array is null) throw new ArgumentNullException("array");
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = 0; i < array.Length; i++)
                if (comparer.Equals(array[i], value)) return i;
            return -1;
        }

        public static void Fill<T>(T[] array, T value)
        {
            if (array is null) throw new ArgumentNullException("array");
            for (int i = 0; i < array.Length; i++) array[i] = value;
        }

        public static void Clear<T>(T[] array, int index, int length)
        {
            if (array is null) throw new ArgumentNullException("array");
            if (index < 0 || length < 0 || array.Length - index < length) throw new IndexOutOfRangeException("Index was outside the bounds of the array.");
            for (int i = 0; i < length; i++) array[index + i] = default;
        }

        public static void Reverse<T>(T[] array)
        {
            if (array is null) throw new ArgumentNullException("array");
            for (int i = 0, j = array.Length - 1; i < j; i++, j--)
            {
                T temp = array[i];
                array[i] = array[j];
                array[j] = temp;
            }
        }

        public static int BinarySearch<T>(T[] array, T value) => BinarySearch(array, 0, array?.Length ?? 0, value, null);

        public static int BinarySearch<T>(T[] array, T value, IComparer<T> comparer) => BinarySearch(array, 0, array?.Length ?? 0, value, comparer);

        /// <summary>The index of <paramref name="value"/> in the sorted range, or the complement of the index of the
        /// first larger element (where it would be inserted).</summary>
        public static int BinarySearch<T>(T[] array, int index, int length, T value, IComparer<T> comparer)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (index < 0 || length < 0 || array.Length - index < length) throw new ArgumentOutOfRangeException(index < 0 ? nameof(index) : nameof(length));
            comparer ??= Comparer<T>.Default;
            int low = index, high = index + length - 1;
            while (low <= high)
            {
                int mid = low + ((high - low) >> 1);
                int c = comparer.Compare(array[mid], value);
                if (c == 0) return mid;
                if (c < 0) low = mid + 1;
                else high = mid - 1;
            }
            return ~low;
        }

        public static bool Exists<T>(T[] array, Predicate<T> match) => FindIndex(array, match) >= 0;

        public static T Find<T>(T[] array, Predicate<T> match)
        {
            int index = FindIndex(array, match);
            return index < 0 ? default : array[index];
        }

        public static int FindIndex<T>(T[] array, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (match is null) throw new ArgumentNullException(nameof(match));
            for (int i = 0; i < array.Length; i++)
                if (match(array[i])) return i;
            return -1;
        }

        public static T[] FindAll<T>(T[] array, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (match is null) throw new ArgumentNullException(nameof(match));
            var found = new List<T>();
            foreach (T item in array)
                if (match(item)) found.Add(item);
            return found.ToArray();
        }

        public static bool TrueForAll<T>(T[] array, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (match is null) throw new ArgumentNullException(nameof(match));
            foreach (T item in array)
                if (!match(item)) return false;
            return true;
        }

        public static void ForEach<T>(T[] array, Action<T> action)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (action is null) throw new ArgumentNullException(nameof(action));
            foreach (T item in array) action(item);
        }

        public static TOutput[] ConvertAll<TInput, TOutput>(TInput[] array, Converter<TInput, TOutput> converter)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (converter is null) throw new ArgumentNullException(nameof(converter));
            var result = new TOutput[array.Length];
            for (int i = 0; i < array.Length; i++) result[i] = converter(array[i]);
            return result;
        }

        public static int LastIndexOf<T>(T[] array, T value)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            for (int i = array.Length - 1; i >= 0; i--)
                if (EqualityComparer<T>.Default.Equals(array[i], value)) return i;
            return -1;
        }

        public static void Sort<T>(T[] array) => Sort(array, Comparer<T>.Default);

        public static void Sort<T>(T[] array, IComparer<T> comparer)
        {
            if (array is null) throw new ArgumentNullException("array");
            ArraySortHelper<T>.Sort(array, 0, array.Length, comparer ?? Comparer<T>.Default);
        }

        public static void Sort<T>(T[] array, Comparison<T> comparison)
        {
            if (array is null) throw new ArgumentNullException("array");
            if (comparison is null) throw new ArgumentNullException("comparison");
            ArraySortHelper<T>.Sort(array, 0, array.Length, new ComparisonComparer<T>(comparison));
        }

        public static void Sort<TKey, TValue>(TKey[] keys, TValue[] items) => Sort(keys, items, null);

        /// <summary>Sorts keys and moves each item with its key. The pairs go through the same introsort as one
        /// array, comparing keys only, so equal keys end in the order .NET's paired sort leaves them.</summary>
        public static void Sort<TKey, TValue>(TKey[] keys, TValue[] items, IComparer<TKey> comparer)
        {
            if (keys is null) throw new ArgumentNullException("keys");
            if (items is null)
            {
                Sort(keys, comparer);
                return;
            }
            if (items.Length < keys.Length) throw new ArgumentException("The items array is shorter than the keys array.", "items");
            var pairs = new KeyValuePair<TKey, TValue>[keys.Length];
            for (int i = 0; i < keys.Length; i++) pairs[i] = new KeyValuePair<TKey, TValue>(keys[i], items[i]);
            ArraySortHelper<KeyValuePair<TKey, TValue>>.Sort(pairs, 0, pairs.Length, new KeyComparer<TKey, TValue>(comparer ?? Comparer<TKey>.Default));
            for (int i = 0; i < pairs.Length; i++)
            {
                keys[i] = pairs[i].Key;
                items[i] = pairs[i].Value;
            }
        }

        private sealed class KeyComparer<TKey, TValue> : IComparer<KeyValuePair<TKey, TValue>>
        {
            private readonly IComparer<TKey> _keys;

            public KeyComparer(IComparer<TKey> keys) { _keys = keys; }

            public int Compare(KeyValuePair<TKey, TValue> x, KeyValuePair<TKey, TValue> y) => _keys.Compare(x.Key, y.Key);
        }
    }
}

using System.Collections.Generic;

namespace System
{
    /// <summary>The range forms of Array's helpers (start index, count) and the rest of the everyday surface.</summary>
    public abstract unsafe partial class Array
    {
        private static void CheckRange(Array array, int index, int length)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            ArgumentOutOfRangeException.ThrowIfNegative(index);
            ArgumentOutOfRangeException.ThrowIfNegative(length);
            if (array.Length - index < length) throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
        }

        public long LongLength => Length;

        public static int MaxLength => 0x7FFFFFC7;

        public static int IndexOf<T>(T[] array, T value, int startIndex)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            return IndexOf(array, value, startIndex, array.Length - startIndex);
        }

        public static int IndexOf<T>(T[] array, T value, int startIndex, int count)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if ((uint)startIndex > (uint)array.Length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if ((uint)count > (uint)(array.Length - startIndex)) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = startIndex; i < startIndex + count; i++)
                if (comparer.Equals(array[i], value)) return i;
            return -1;
        }

        public static int LastIndexOf<T>(T[] array, T value, int startIndex)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            return LastIndexOf(array, value, startIndex, array.Length == 0 ? 0 : startIndex + 1);
        }

        public static int LastIndexOf<T>(T[] array, T value, int startIndex, int count)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (array.Length == 0) return -1;
            if ((uint)startIndex >= (uint)array.Length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than the size of the collection.");
            if (count < 0 || startIndex - count + 1 < 0) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            EqualityComparer<T> comparer = EqualityComparer<T>.Default;
            for (int i = startIndex; i > startIndex - count; i--)
                if (comparer.Equals(array[i], value)) return i;
            return -1;
        }

        public static void Reverse<T>(T[] array, int index, int length)
        {
            CheckRange(array, index, length);
            for (int i = index, j = index + length - 1; i < j; i++, j--)
            {
                T temp = array[i];
                array[i] = array[j];
                array[j] = temp;
            }
        }

        public static void Sort<T>(T[] array, int index, int length) => Sort(array, index, length, null);

        public static void Sort<T>(T[] array, int index, int length, IComparer<T> comparer)
        {
            CheckRange(array, index, length);
            ArraySortHelper<T>.Sort(array, index, length, comparer ?? Comparer<T>.Default);
        }

        public static void Fill<T>(T[] array, T value, int startIndex, int count)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if ((uint)startIndex > (uint)array.Length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if ((uint)count > (uint)(array.Length - startIndex)) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            for (int i = startIndex; i < startIndex + count; i++) array[i] = value;
        }

        /// <summary>Sets every element to its default (zero bits, so any element type).</summary>
        public static void Clear(Array array)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            ClearElements(array, 0, array.Length);
        }

        public static void Clear(Array array, int index, int length)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (index < 0 || length < 0 || array.Length - index < length) throw new IndexOutOfRangeException("Index was outside the bounds of the array.");
            ClearElements(array, index, length);
        }

        private static void ClearElements(Array array, int index, int length)
        {
            nuint size = array.m_pMethodTable->ComponentSize;
            ref byte first = ref System.Runtime.CompilerServices.Unsafe.Add(ref array.FirstElement(), (nint)((nuint)index * size));
            Buffer.Zero((byte*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref first), (nuint)length * size);
        }

        public static int BinarySearch<T>(T[] array, int index, int length, T value) => BinarySearch(array, index, length, value, null);

        public static T FindLast<T>(T[] array, Predicate<T> match)
        {
            int index = FindLastIndex(array, match);
            return index < 0 ? default : array[index];
        }

        public static int FindLastIndex<T>(T[] array, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            return FindLastIndex(array, array.Length - 1, array.Length, match);
        }

        public static int FindLastIndex<T>(T[] array, int startIndex, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            return FindLastIndex(array, startIndex, startIndex + 1, match);
        }

        public static int FindLastIndex<T>(T[] array, int startIndex, int count, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (match is null) throw new ArgumentNullException(nameof(match));
            if (array.Length == 0) return -1;
            if ((uint)startIndex >= (uint)array.Length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than the size of the collection.");
            if (count < 0 || startIndex - count + 1 < 0) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            for (int i = startIndex; i > startIndex - count; i--)
                if (match(array[i])) return i;
            return -1;
        }

        public static int FindIndex<T>(T[] array, int startIndex, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            return FindIndex(array, startIndex, array.Length - startIndex, match);
        }

        public static int FindIndex<T>(T[] array, int startIndex, int count, Predicate<T> match)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            if (match is null) throw new ArgumentNullException(nameof(match));
            if ((uint)startIndex > (uint)array.Length) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if ((uint)count > (uint)(array.Length - startIndex)) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            for (int i = startIndex; i < startIndex + count; i++)
                if (match(array[i])) return i;
            return -1;
        }

        public static System.Collections.ObjectModel.ReadOnlyCollection<T> AsReadOnly<T>(T[] array)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            return new System.Collections.ObjectModel.ReadOnlyCollection<T>(array);
        }
    }
}

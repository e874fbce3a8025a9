using System.Runtime.CompilerServices;

namespace System.Collections.Generic
{
    /// <summary>Sorts arrays, lists and spans with one introsort. A caller's comparer is called through
    /// <see cref="IComparer{T}"/> for every comparison; a primitive sorted in its default order (no comparer, or
    /// <see cref="Comparer{T}.Default"/>) is compared by its own <c>CompareTo</c>, which the compiler inlines (stock
    /// .NET splits the same way). Either order gives the same result: the default comparer of a primitive is its
    /// CompareTo (NaN first for floating point).</summary>
    internal static class ArraySortHelper<T>
    {
        internal static void Sort(T[] keys, int index, int length, IComparer<T> comparer) =>
            Sort(new Span<T>(keys, index, length), comparer);

        internal static void Sort(Span<T> keys, IComparer<T> comparer)
        {
            if (keys.Length < 2) return;
            // default(T) != null folds to false for reference types, so their code has none of the tests below.
            if (default(T) != null && (comparer == null || (object)comparer == Comparer<T>.Default) && SortPrimitive(keys)) return;
            IntroSorter<T, ComparerOrder<T>>.Sort(keys, new ComparerOrder<T>(comparer ?? Comparer<T>.Default));
        }

        // Each test folds to true or false for the instantiation, leaving one call or none.
        private static bool SortPrimitive(Span<T> keys)
        {
            if (typeof(T) == typeof(int)) IntroSorter<int, NaturalOrder<int>>.Sort(As<int>(keys), default);
            else if (typeof(T) == typeof(uint)) IntroSorter<uint, NaturalOrder<uint>>.Sort(As<uint>(keys), default);
            else if (typeof(T) == typeof(long)) IntroSorter<long, NaturalOrder<long>>.Sort(As<long>(keys), default);
            else if (typeof(T) == typeof(ulong)) IntroSorter<ulong, NaturalOrder<ulong>>.Sort(As<ulong>(keys), default);
            else if (typeof(T) == typeof(short)) IntroSorter<short, NaturalOrder<short>>.Sort(As<short>(keys), default);
            else if (typeof(T) == typeof(ushort)) IntroSorter<ushort, NaturalOrder<ushort>>.Sort(As<ushort>(keys), default);
            else if (typeof(T) == typeof(byte)) IntroSorter<byte, NaturalOrder<byte>>.Sort(As<byte>(keys), default);
            else if (typeof(T) == typeof(sbyte)) IntroSorter<sbyte, NaturalOrder<sbyte>>.Sort(As<sbyte>(keys), default);
            else if (typeof(T) == typeof(char)) IntroSorter<char, NaturalOrder<char>>.Sort(As<char>(keys), default);
            else if (typeof(T) == typeof(double)) IntroSorter<double, NaturalOrder<double>>.Sort(As<double>(keys), default);
            else if (typeof(T) == typeof(float)) IntroSorter<float, NaturalOrder<float>>.Sort(As<float>(keys), default);
            else return false;
            return true;
        }

        // Only for TPrimitive == T (the caller tested it): the same elements under their exact type.
        private static Span<TPrimitive> As<TPrimitive>(Span<T> keys) =>
            new Span<TPrimitive>(ref Unsafe.As<T, TPrimitive>(ref keys[0]), keys.Length);
    }

    /// <summary>How <see cref="IntroSorter{T, TOrder}"/> compares two elements.</summary>
    internal interface ISortOrder<T>
    {
        int Compare(T x, T y);
    }

    /// <summary>Through a comparer: one interface call per comparison.</summary>
    internal readonly struct ComparerOrder<T> : ISortOrder<T>
    {
        private readonly IComparer<T> _comparer;

        public ComparerOrder(IComparer<T> comparer) { _comparer = comparer; }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Compare(T x, T y) => _comparer.Compare(x, y);
    }

    /// <summary>By the element's own CompareTo: a constrained call, inlined for a value type.</summary>
    internal readonly struct NaturalOrder<T> : ISortOrder<T> where T : IComparable<T>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Compare(T x, T y) => x.CompareTo(y);
    }

    /// <summary>Introspective sort: quicksort with a median-of-three pivot, insertion sort for short ranges, and
    /// heapsort once the recursion is too deep, so the worst case stays O(n log n). Not stable. The order is a struct
    /// type argument, so each instantiation compiles its comparison inline.</summary>
    internal static class IntroSorter<T, TOrder> where TOrder : struct, ISortOrder<T>
    {
        private const int InsertionSortThreshold = 16;

        internal static void Sort(Span<T> keys, TOrder order)
        {
            if (keys.Length < 2) return;
            int depthLimit = 2 * (Log2((uint)keys.Length) + 1);
            IntroSort(keys, 0, keys.Length - 1, depthLimit, order);
        }

        private static void IntroSort(Span<T> keys, int lo, int hi, int depthLimit, TOrder order)
        {
            while (hi > lo)
            {
                int size = hi - lo + 1;
                if (size <= InsertionSortThreshold)
                {
                    InsertionSort(keys, lo, hi, order);
                    return;
                }
                if (depthLimit-- == 0)
                {
                    HeapSort(keys, lo, hi, order);
                    return;
                }
                int pivot = Partition(keys, lo, hi, order);
                IntroSort(keys, pivot + 1, hi, depthLimit, order);
                hi = pivot - 1;
            }
        }

        /// <summary>Orders lo, middle and hi, parks the median at hi - 1 and partitions around it.</summary>
        private static int Partition(Span<T> keys, int lo, int hi, TOrder order)
        {
            int middle = lo + ((hi - lo) >> 1);
            SwapIfGreater(keys, lo, middle, order);
            SwapIfGreater(keys, lo, hi, order);
            SwapIfGreater(keys, middle, hi, order);
            T pivot = keys[middle];
            Swap(keys, middle, hi - 1);
            int left = lo, right = hi - 1;
            while (left < right)
            {
                while (order.Compare(keys[++left], pivot) < 0) { }
                while (order.Compare(pivot, keys[--right]) < 0) { }
                if (left >= right) break;
                Swap(keys, left, right);
            }
            if (left != hi - 1) Swap(keys, left, hi - 1);
            return left;
        }

        private static void InsertionSort(Span<T> keys, int lo, int hi, TOrder order)
        {
            for (int i = lo; i < hi; i++)
            {
                T item = keys[i + 1];
                int j = i;
                while (j >= lo && order.Compare(item, keys[j]) < 0)
                {
                    keys[j + 1] = keys[j];
                    j--;
                }
                keys[j + 1] = item;
            }
        }

        private static void HeapSort(Span<T> keys, int lo, int hi, TOrder order)
        {
            int n = hi - lo + 1;
            for (int i = n >> 1; i >= 1; i--) SiftDown(keys, i, n, lo, order);
            for (int i = n; i > 1; i--)
            {
                Swap(keys, lo, lo + i - 1);
                SiftDown(keys, 1, i - 1, lo, order);
            }
        }

        private static void SiftDown(Span<T> keys, int i, int n, int lo, TOrder order)
        {
            T item = keys[lo + i - 1];
            while (i <= n >> 1)
            {
                int child = 2 * i;
                if (child < n && order.Compare(keys[lo + child - 1], keys[lo + child]) < 0) child++;
                if (order.Compare(item, keys[lo + child - 1]) >= 0) break;
                keys[lo + i - 1] = keys[lo + child - 1];
                i = child;
            }
            keys[lo + i - 1] = item;
        }

        private static void SwapIfGreater(Span<T> keys, int i, int j, TOrder order)
        {
            if (order.Compare(keys[i], keys[j]) > 0) Swap(keys, i, j);
        }

        private static void Swap(Span<T> keys, int i, int j)
        {
            T temp = keys[i];
            keys[i] = keys[j];
            keys[j] = temp;
        }

        private static int Log2(uint value)
        {
            int result = 0;
            while ((value >>= 1) != 0) result++;
            return result;
        }
    }
}

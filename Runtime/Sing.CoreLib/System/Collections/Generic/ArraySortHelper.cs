namespace System.Collections.Generic
{
    /// <summary>Introspective sort: quicksort with a median-of-three pivot, insertion sort for short ranges, and
    /// heapsort once the recursion is too deep, so the worst case stays O(n log n). Not stable.</summary>
    internal static class ArraySortHelper<T>
    {
        private const int InsertionSortThreshold = 16;

        internal static void Sort(T[] keys, int index, int length, IComparer<T> comparer)
        {
            if (length < 2) return;
            int depthLimit = 2 * (Log2((uint)length) + 1);
            IntroSort(keys, index, index + length - 1, depthLimit, comparer);
        }

        private static void IntroSort(T[] keys, int lo, int hi, int depthLimit, IComparer<T> comparer)
        {
            while (hi > lo)
            {
                int size = hi - lo + 1;
                if (size <= InsertionSortThreshold)
                {
                    InsertionSort(keys, lo, hi, comparer);
                    return;
                }
                if (depthLimit-- == 0)
                {
                    HeapSort(keys, lo, hi, comparer);
                    return;
                }
                int pivot = Partition(keys, lo, hi, comparer);
                IntroSort(keys, pivot + 1, hi, depthLimit, comparer);
                hi = pivot - 1;
            }
        }

        /// <summary>Orders lo, middle and hi, parks the median at hi - 1 and partitions around it.</summary>
        private static int Partition(T[] keys, int lo, int hi, IComparer<T> comparer)
        {
            int middle = lo + ((hi - lo) >> 1);
            SwapIfGreater(keys, lo, middle, comparer);
            SwapIfGreater(keys, lo, hi, comparer);
            SwapIfGreater(keys, middle, hi, comparer);
            T pivot = keys[middle];
            Swap(keys, middle, hi - 1);
            int left = lo, right = hi - 1;
            while (left < right)
            {
                while (comparer.Compare(keys[++left], pivot) < 0) { }
                while (comparer.Compare(pivot, keys[--right]) < 0) { }
                if (left >= right) break;
                Swap(keys, left, right);
            }
            if (left != hi - 1) Swap(keys, left, hi - 1);
            return left;
        }

        private static void InsertionSort(T[] keys, int lo, int hi, IComparer<T> comparer)
        {
            for (int i = lo; i < hi; i++)
            {
                T item = keys[i + 1];
                int j = i;
                while (j >= lo && comparer.Compare(item, keys[j]) < 0)
                {
                    keys[j + 1] = keys[j];
                    j--;
                }
                keys[j + 1] = item;
            }
        }

        private static void HeapSort(T[] keys, int lo, int hi, IComparer<T> comparer)
        {
            int n = hi - lo + 1;
            for (int i = n >> 1; i >= 1; i--) SiftDown(keys, i, n, lo, comparer);
            for (int i = n; i > 1; i--)
            {
                Swap(keys, lo, lo + i - 1);
                SiftDown(keys, 1, i - 1, lo, comparer);
            }
        }

        private static void SiftDown(T[] keys, int i, int n, int lo, IComparer<T> comparer)
        {
            T item = keys[lo + i - 1];
            while (i <= n >> 1)
            {
                int child = 2 * i;
                if (child < n && comparer.Compare(keys[lo + child - 1], keys[lo + child]) < 0) child++;
                if (comparer.Compare(item, keys[lo + child - 1]) >= 0) break;
                keys[lo + i - 1] = keys[lo + child - 1];
                i = child;
            }
            keys[lo + i - 1] = item;
        }

        private static void SwapIfGreater(T[] keys, int i, int j, IComparer<T> comparer)
        {
            if (comparer.Compare(keys[i], keys[j]) > 0) Swap(keys, i, j);
        }

        private static void Swap(T[] keys, int i, int j)
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

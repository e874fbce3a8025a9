using System.Collections;
using System.Collections.Generic;

namespace System.Linq
{
    /// <summary>A sorted sequence that ThenBy can refine.</summary>
    public interface IOrderedEnumerable<out TElement> : IEnumerable<TElement>
    {
    }

    public static partial class Enumerable
    {
        public static IOrderedEnumerable<TSource> OrderBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            OrderBy(source, keySelector, null);

        public static IOrderedEnumerable<TSource> OrderBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(keySelector, nameof(keySelector));
            return new OrderedSequence<TSource>(source, null, new KeyOrder<TSource, TKey>(keySelector, comparer, false));
        }

        public static IOrderedEnumerable<TSource> OrderByDescending<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            OrderByDescending(source, keySelector, null);

        public static IOrderedEnumerable<TSource> OrderByDescending<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(keySelector, nameof(keySelector));
            return new OrderedSequence<TSource>(source, null, new KeyOrder<TSource, TKey>(keySelector, comparer, true));
        }

        public static IOrderedEnumerable<T> Order<T>(this IEnumerable<T> source) => OrderBy(source, x => x, null);

        public static IOrderedEnumerable<T> Order<T>(this IEnumerable<T> source, IComparer<T> comparer) => OrderBy(source, x => x, comparer);

        public static IOrderedEnumerable<T> OrderDescending<T>(this IEnumerable<T> source) => OrderByDescending(source, x => x, null);

        public static IOrderedEnumerable<TSource> ThenBy<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            ThenBy(source, keySelector, null);

        public static IOrderedEnumerable<TSource> ThenBy<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer) =>
            Refine(source, new KeyOrder<TSource, TKey>(keySelector, comparer, false), keySelector);

        public static IOrderedEnumerable<TSource> ThenByDescending<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            ThenByDescending(source, keySelector, null);

        public static IOrderedEnumerable<TSource> ThenByDescending<TSource, TKey>(this IOrderedEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer) =>
            Refine(source, new KeyOrder<TSource, TKey>(keySelector, comparer, true), keySelector);

        private static IOrderedEnumerable<TSource> Refine<TSource>(IOrderedEnumerable<TSource> source, ElementOrder<TSource> order, object keySelector)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(keySelector, nameof(keySelector));
            if (source is not OrderedSequence<TSource> ordered)
                throw new NotSupportedException("ThenBy on an IOrderedEnumerable not made by OrderBy.");
            return new OrderedSequence<TSource>(ordered.Source, ordered.Orders, order);
        }

        /// <summary>One sort key; Bind computes the keys of one enumeration's buffered elements.</summary>
        private abstract class ElementOrder<TSource>
        {
            public abstract BoundOrder Bind(TSource[] elements);
        }

        /// <summary>Compares two elements by their index in the buffer.</summary>
        private abstract class BoundOrder
        {
            public abstract int Compare(int a, int b);
        }

        private sealed class KeyOrder<TSource, TKey> : ElementOrder<TSource>
        {
            private readonly Func<TSource, TKey> _keySelector;
            private readonly IComparer<TKey> _comparer;
            private readonly bool _descending;

            public KeyOrder(Func<TSource, TKey> keySelector, IComparer<TKey> comparer, bool descending)
            {
                _keySelector = keySelector;
                _comparer = comparer ?? Comparer<TKey>.Default;
                _descending = descending;
            }

            public override BoundOrder Bind(TSource[] elements)
            {
                var keys = new TKey[elements.Length];
                for (int i = 0; i < elements.Length; i++) keys[i] = _keySelector(elements[i]);
                return new BoundKeys(keys, _comparer, _descending);
            }

            private sealed class BoundKeys : BoundOrder
            {
                private readonly TKey[] _keys;
                private readonly IComparer<TKey> _comparer;
                private readonly bool _descending;

                public BoundKeys(TKey[] keys, IComparer<TKey> comparer, bool descending)
                {
                    _keys = keys;
                    _comparer = comparer;
                    _descending = descending;
                }

                public override int Compare(int a, int b)
                {
                    int c = _comparer.Compare(_keys[a], _keys[b]);
                    return _descending ? -c : c;
                }
            }
        }

        /// <summary>Sorted on enumeration: keys are computed once per element; ties keep source order (stable).</summary>
        private sealed class OrderedSequence<TSource> : IOrderedEnumerable<TSource>
        {
            public readonly IEnumerable<TSource> Source;
            public readonly ElementOrder<TSource>[] Orders;

            public OrderedSequence(IEnumerable<TSource> source, ElementOrder<TSource>[] previous, ElementOrder<TSource> order)
            {
                Source = source;
                int n = previous is null ? 0 : previous.Length;
                Orders = new ElementOrder<TSource>[n + 1];
                for (int i = 0; i < n; i++) Orders[i] = previous[i];
                Orders[n] = order;
            }

            public IEnumerator<TSource> GetEnumerator()
            {
                TSource[] elements = Source.ToArray();
                var bound = new BoundOrder[Orders.Length];
                for (int i = 0; i < Orders.Length; i++) bound[i] = Orders[i].Bind(elements);
                int[] index = new int[elements.Length];
                for (int i = 0; i < index.Length; i++) index[i] = i;
                Array.Sort(index, new IndexComparer(bound));
                for (int i = 0; i < index.Length; i++) yield return elements[index[i]];
            }

            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }

        private sealed class IndexComparer : IComparer<int>
        {
            private readonly BoundOrder[] _orders;

            public IndexComparer(BoundOrder[] orders) { _orders = orders; }

            public int Compare(int a, int b)
            {
                for (int i = 0; i < _orders.Length; i++)
                {
                    int c = _orders[i].Compare(a, b);
                    if (c != 0) return c;
                }
                return a.CompareTo(b);
            }
        }
    }
}

using System.Collections;
using System.Collections.Generic;

namespace System.Linq
{
    public interface IGrouping<out TKey, out TElement> : IEnumerable<TElement>
    {
        TKey Key { get; }
    }

    public interface ILookup<TKey, TElement> : IEnumerable<IGrouping<TKey, TElement>>
    {
        int Count { get; }
        IEnumerable<TElement> this[TKey key] { get; }
        bool Contains(TKey key);
    }

    /// <summary>Groups in order of first appearance, elements in source order (as .NET). A null key is a key.</summary>
    public class Lookup<TKey, TElement> : ILookup<TKey, TElement>
    {
        private readonly Dictionary<KeyBox, Grouping> _groups;
        private readonly List<Grouping> _order = new List<Grouping>();

        private Lookup(IEqualityComparer<TKey> comparer) { _groups = new Dictionary<KeyBox, Grouping>(new KeyBoxComparer(comparer ?? EqualityComparer<TKey>.Default)); }

        internal static Lookup<TKey, TElement> Create<TSource>(IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TSource, TElement> elementSelector, IEqualityComparer<TKey> comparer)
        {
            Enumerable.ThrowIfNull(source, nameof(source));
            Enumerable.ThrowIfNull(keySelector, nameof(keySelector));
            Enumerable.ThrowIfNull(elementSelector, nameof(elementSelector));
            var lookup = new Lookup<TKey, TElement>(comparer);
            foreach (TSource item in source) lookup.GetGrouping(keySelector(item), true).Add(elementSelector(item));
            return lookup;
        }

        public int Count => _order.Count;

        public IEnumerable<TElement> this[TKey key] => (IEnumerable<TElement>)GetGrouping(key, false) ?? Enumerable.Empty<TElement>();

        public bool Contains(TKey key) => GetGrouping(key, false) is not null;

        public IEnumerator<IGrouping<TKey, TElement>> GetEnumerator()
        {
            foreach (Grouping g in _order) yield return g;
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        private Grouping GetGrouping(TKey key, bool create)
        {
            var box = new KeyBox(key);
            if (_groups.TryGetValue(box, out Grouping g)) return g;
            if (!create) return null;
            g = new Grouping(key);
            _groups.Add(box, g);
            _order.Add(g);
            return g;
        }

        // Dictionary keys may not be null; a box makes a null key an ordinary one.
        private readonly struct KeyBox
        {
            public readonly TKey Key;
            public KeyBox(TKey key) { Key = key; }
        }

        private sealed class KeyBoxComparer : IEqualityComparer<KeyBox>
        {
            private readonly IEqualityComparer<TKey> _comparer;
            public KeyBoxComparer(IEqualityComparer<TKey> comparer) { _comparer = comparer; }
            public bool Equals(KeyBox x, KeyBox y) => _comparer.Equals(x.Key, y.Key);
            public int GetHashCode(KeyBox obj) => obj.Key is null ? 0 : _comparer.GetHashCode(obj.Key);
        }

        private sealed class Grouping : IGrouping<TKey, TElement>, IList<TElement>
        {
            private readonly List<TElement> _elements = new List<TElement>();

            public Grouping(TKey key) { Key = key; }

            public TKey Key { get; }

            public void Add(TElement element) => _elements.Add(element);

            public int Count => _elements.Count;
            public bool IsReadOnly => true;
            public TElement this[int index] { get => _elements[index]; set => throw new NotSupportedException("Collection is read-only."); }
            public int IndexOf(TElement item) => _elements.IndexOf(item);
            public bool Contains(TElement item) => _elements.Contains(item);
            public void CopyTo(TElement[] array, int arrayIndex) => _elements.CopyTo(array, arrayIndex);
            void ICollection<TElement>.Add(TElement item) => throw new NotSupportedException("Collection is read-only.");
            void ICollection<TElement>.Clear() => throw new NotSupportedException("Collection is read-only.");
            bool ICollection<TElement>.Remove(TElement item) => throw new NotSupportedException("Collection is read-only.");
            void IList<TElement>.Insert(int index, TElement item) => throw new NotSupportedException("Collection is read-only.");
            void IList<TElement>.RemoveAt(int index) => throw new NotSupportedException("Collection is read-only.");

            public IEnumerator<TElement> GetEnumerator() => _elements.GetEnumerator();
            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }
    }

    public static partial class Enumerable
    {
        public static IEnumerable<IGrouping<TKey, TSource>> GroupBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            GroupBy(source, keySelector, x => x, null);

        public static IEnumerable<IGrouping<TKey, TSource>> GroupBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer) =>
            GroupBy(source, keySelector, x => x, comparer);

        public static IEnumerable<IGrouping<TKey, TElement>> GroupBy<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector) =>
            GroupBy(source, keySelector, elementSelector, null);

        public static IEnumerable<IGrouping<TKey, TElement>> GroupBy<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TSource, TElement> elementSelector, IEqualityComparer<TKey> comparer)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(keySelector, nameof(keySelector));
            ThrowIfNull(elementSelector, nameof(elementSelector));
            return GroupByIterator(source, keySelector, elementSelector, comparer);
        }

        private static IEnumerable<IGrouping<TKey, TElement>> GroupByIterator<TSource, TKey, TElement>(IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TSource, TElement> elementSelector, IEqualityComparer<TKey> comparer)
        {
            foreach (IGrouping<TKey, TElement> g in Lookup<TKey, TElement>.Create(source, keySelector, elementSelector, comparer)) yield return g;
        }

        public static IEnumerable<TResult> GroupBy<TSource, TKey, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TKey, IEnumerable<TSource>, TResult> resultSelector)
        {
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return Select(GroupBy(source, keySelector, x => x, null), g => resultSelector(g.Key, g));
        }

        public static IEnumerable<TResult> GroupBy<TSource, TKey, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TKey, IEnumerable<TSource>, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return Select(GroupBy(source, keySelector, x => x, comparer), g => resultSelector(g.Key, g));
        }

        public static IEnumerable<TResult> GroupBy<TSource, TKey, TElement, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TSource, TElement> elementSelector, Func<TKey, IEnumerable<TElement>, TResult> resultSelector) =>
            GroupBy(source, keySelector, elementSelector, resultSelector, null);

        public static IEnumerable<TResult> GroupBy<TSource, TKey, TElement, TResult>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TSource, TElement> elementSelector, Func<TKey, IEnumerable<TElement>, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return Select(GroupBy(source, keySelector, elementSelector, comparer), g => resultSelector(g.Key, g));
        }

        public static IEnumerable<KeyValuePair<TKey, int>> CountBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            Select(GroupBy(source, keySelector), g => new KeyValuePair<TKey, int>(g.Key, g.Count()));

        public static IEnumerable<TResult> Join<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector)
        {
            ThrowIfNull(outer, nameof(outer));
            ThrowIfNull(inner, nameof(inner));
            ThrowIfNull(outerKeySelector, nameof(outerKeySelector));
            ThrowIfNull(innerKeySelector, nameof(innerKeySelector));
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return JoinIterator(outer, inner, outerKeySelector, innerKeySelector, resultSelector, null);
        }

        private static IEnumerable<TResult> JoinIterator<TOuter, TInner, TKey, TResult>(IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            ILookup<TKey, TInner> lookup = Lookup<TKey, TInner>.Create(inner, innerKeySelector, x => x, comparer);
            foreach (TOuter o in outer)
            {
                TKey key = outerKeySelector(o);
                if (key is null) continue; // .NET's join never matches a null key
                foreach (TInner i in lookup[key]) yield return resultSelector(o, i);
            }
        }

        public static IEnumerable<TResult> GroupJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, IEnumerable<TInner>, TResult> resultSelector)
        {
            ThrowIfNull(outer, nameof(outer));
            ThrowIfNull(inner, nameof(inner));
            ThrowIfNull(outerKeySelector, nameof(outerKeySelector));
            ThrowIfNull(innerKeySelector, nameof(innerKeySelector));
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return GroupJoinIterator(outer, inner, outerKeySelector, innerKeySelector, resultSelector, null);
        }

        private static IEnumerable<TResult> GroupJoinIterator<TOuter, TInner, TKey, TResult>(IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, IEnumerable<TInner>, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            ILookup<TKey, TInner> lookup = Lookup<TKey, TInner>.Create(inner, innerKeySelector, x => x, comparer);
            foreach (TOuter o in outer)
            {
                TKey key = outerKeySelector(o);
                yield return resultSelector(o, key is null ? Empty<TInner>() : lookup[key]);
            }
        }
    }
}

using System.Collections.Generic;

namespace System.Linq
{
    public static partial class Enumerable
    {
        public static IEnumerable<TSource> Distinct<TSource>(this IEnumerable<TSource> source) => Distinct(source, null);

        public static IEnumerable<TSource> Distinct<TSource>(this IEnumerable<TSource> source, IEqualityComparer<TSource> comparer)
        {
            ThrowIfNull(source, nameof(source));
            return DistinctByIterator(source, x => x, comparer);
        }

        public static IEnumerable<TSource> DistinctBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) => DistinctBy(source, keySelector, null);

        public static IEnumerable<TSource> DistinctBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(keySelector, nameof(keySelector));
            return DistinctByIterator(source, keySelector, comparer);
        }

        private static IEnumerable<TSource> DistinctByIterator<TSource, TKey>(IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer)
        {
            var seen = new HashSet<TKey>(comparer);
            foreach (TSource item in source)
                if (seen.Add(keySelector(item))) yield return item;
        }

        public static IEnumerable<TSource> Union<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second) => Union(first, second, null);

        public static IEnumerable<TSource> Union<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            return DistinctByIterator(ConcatIterator(first, second), x => x, comparer);
        }

        public static IEnumerable<TSource> UnionBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TSource> second, Func<TSource, TKey> keySelector)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            ThrowIfNull(keySelector, nameof(keySelector));
            return DistinctByIterator(ConcatIterator(first, second), keySelector, null);
        }

        public static IEnumerable<TSource> Intersect<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second) => Intersect(first, second, null);

        public static IEnumerable<TSource> Intersect<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            return IntersectIterator(first, second, comparer);
        }

        private static IEnumerable<TSource> IntersectIterator<TSource>(IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer)
        {
            var set = new HashSet<TSource>(comparer);
            foreach (TSource item in second) set.Add(item);
            foreach (TSource item in first)
                if (set.Remove(item)) yield return item;
        }

        public static IEnumerable<TSource> Except<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second) => Except(first, second, null);

        public static IEnumerable<TSource> Except<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            return ExceptIterator(first, second, comparer);
        }

        public static IEnumerable<TSource> ExceptBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector) =>
            ExceptBy(first, second, keySelector, null);

        /// <summary>The elements of <paramref name="first"/> whose key is not in <paramref name="second"/>, each key once.</summary>
        public static IEnumerable<TSource> ExceptBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector,
            IEqualityComparer<TKey> comparer)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            ThrowIfNull(keySelector, nameof(keySelector));
            return ByKeyIterator(first, second, keySelector, comparer, keep: false);
        }

        public static IEnumerable<TSource> IntersectBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector) =>
            IntersectBy(first, second, keySelector, null);

        /// <summary>The elements of <paramref name="first"/> whose key is in <paramref name="second"/>, each key once.</summary>
        public static IEnumerable<TSource> IntersectBy<TSource, TKey>(this IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector,
            IEqualityComparer<TKey> comparer)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            ThrowIfNull(keySelector, nameof(keySelector));
            return ByKeyIterator(first, second, keySelector, comparer, keep: true);
        }

        private static IEnumerable<TSource> ByKeyIterator<TSource, TKey>(IEnumerable<TSource> first, IEnumerable<TKey> second, Func<TSource, TKey> keySelector,
            IEqualityComparer<TKey> comparer, bool keep)
        {
            var set = new HashSet<TKey>(second, comparer);
            foreach (TSource item in first)
            {
                // Intersect: a key is yielded once (removed when met); Except: once (added when met).
                if (keep ? set.Remove(keySelector(item)) : set.Add(keySelector(item))) yield return item;
            }
        }

        private static IEnumerable<TSource> ExceptIterator<TSource>(IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer)
        {
            var set = new HashSet<TSource>(comparer);
            foreach (TSource item in second) set.Add(item);
            foreach (TSource item in first)
                if (set.Add(item)) yield return item;
        }
    }
}

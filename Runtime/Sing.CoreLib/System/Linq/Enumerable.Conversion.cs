using System.Collections.Generic;

namespace System.Linq
{
    public static partial class Enumerable
    {
        public static List<TSource> ToList<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            return new List<TSource>(source);
        }

        public static TSource[] ToArray<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            if (source is ICollection<TSource> collection)
            {
                var array = new TSource[collection.Count];
                collection.CopyTo(array, 0);
                return array;
            }
            return new List<TSource>(source).ToArray();
        }

        public static Dictionary<TKey, TSource> ToDictionary<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            ToDictionary(source, keySelector, x => x, null);

        public static Dictionary<TKey, TSource> ToDictionary<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer) =>
            ToDictionary(source, keySelector, x => x, comparer);

        public static Dictionary<TKey, TElement> ToDictionary<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector) =>
            ToDictionary(source, keySelector, elementSelector, null);

        public static Dictionary<TKey, TElement> ToDictionary<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TSource, TElement> elementSelector, IEqualityComparer<TKey> comparer)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(keySelector, nameof(keySelector));
            ThrowIfNull(elementSelector, nameof(elementSelector));
            var result = new Dictionary<TKey, TElement>(comparer);
            foreach (TSource item in source) result.Add(keySelector(item), elementSelector(item));
            return result;
        }

        public static Dictionary<TKey, TValue> ToDictionary<TKey, TValue>(this IEnumerable<KeyValuePair<TKey, TValue>> source)
        {
            ThrowIfNull(source, nameof(source));
            var result = new Dictionary<TKey, TValue>();
            foreach (KeyValuePair<TKey, TValue> pair in source) result.Add(pair.Key, pair.Value);
            return result;
        }

        public static HashSet<TSource> ToHashSet<TSource>(this IEnumerable<TSource> source) => ToHashSet(source, null);

        public static HashSet<TSource> ToHashSet<TSource>(this IEnumerable<TSource> source, IEqualityComparer<TSource> comparer)
        {
            ThrowIfNull(source, nameof(source));
            var set = new HashSet<TSource>(comparer);
            foreach (TSource item in source) set.Add(item);
            return set;
        }

        public static ILookup<TKey, TSource> ToLookup<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) =>
            Lookup<TKey, TSource>.Create(source, keySelector, x => x, null);

        public static ILookup<TKey, TElement> ToLookup<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, Func<TSource, TElement> elementSelector) =>
            Lookup<TKey, TElement>.Create(source, keySelector, elementSelector, null);
    }
}

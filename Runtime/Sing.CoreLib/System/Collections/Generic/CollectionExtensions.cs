using System.Collections.ObjectModel;

namespace System.Collections.Generic
{
    /// <summary>.NET's extension methods over the collection interfaces: the dictionary helpers every dictionary type
    /// gets through its interfaces (SortedDictionary, SortedList, ReadOnlyDictionary, an IReadOnlyDictionary-typed
    /// variable), read-only wrappers, and List's span forms.</summary>
    public static class CollectionExtensions
    {
        public static TValue GetValueOrDefault<TKey, TValue>(this IReadOnlyDictionary<TKey, TValue> dictionary, TKey key) =>
            dictionary.GetValueOrDefault(key, default);

        public static TValue GetValueOrDefault<TKey, TValue>(this IReadOnlyDictionary<TKey, TValue> dictionary, TKey key, TValue defaultValue)
        {
            ArgumentNullException.ThrowIfNull(dictionary);
            return dictionary.TryGetValue(key, out TValue value) ? value : defaultValue;
        }

        /// <summary>Adds the pair unless the key is there already; false then, and nothing changes.</summary>
        public static bool TryAdd<TKey, TValue>(this IDictionary<TKey, TValue> dictionary, TKey key, TValue value)
        {
            ArgumentNullException.ThrowIfNull(dictionary);
            if (dictionary.ContainsKey(key)) return false;
            dictionary.Add(key, value);
            return true;
        }

        /// <summary>Removes the key and gives the value it had; false (and the default value) when it was not there.</summary>
        public static bool Remove<TKey, TValue>(this IDictionary<TKey, TValue> dictionary, TKey key, out TValue value)
        {
            ArgumentNullException.ThrowIfNull(dictionary);
            if (dictionary.TryGetValue(key, out value))
            {
                dictionary.Remove(key);
                return true;
            }
            value = default;
            return false;
        }

        public static ReadOnlyCollection<T> AsReadOnly<T>(this IList<T> list) => new ReadOnlyCollection<T>(list);

        public static ReadOnlyDictionary<TKey, TValue> AsReadOnly<TKey, TValue>(this IDictionary<TKey, TValue> dictionary) =>
            new ReadOnlyDictionary<TKey, TValue>(dictionary);

        public static void AddRange<T>(this List<T> list, ReadOnlySpan<T> source)
        {
            ArgumentNullException.ThrowIfNull(list);
            list.Capacity = Math.Max(list.Capacity, list.Count + source.Length);
            foreach (T item in source) list.Add(item);
        }

        public static void InsertRange<T>(this List<T> list, int index, ReadOnlySpan<T> source)
        {
            ArgumentNullException.ThrowIfNull(list);
            list.InsertRange(index, source.ToArray());
        }

        public static void CopyTo<T>(this List<T> list, Span<T> destination)
        {
            ArgumentNullException.ThrowIfNull(list);
            if (destination.Length < list.Count) throw new ArgumentException("Destination is too short.", nameof(destination));
            for (int i = 0; i < list.Count; i++) destination[i] = list[i];
        }
    }
}

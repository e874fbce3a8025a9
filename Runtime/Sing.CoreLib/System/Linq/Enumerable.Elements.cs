using System.Collections.Generic;

namespace System.Linq
{
    public static partial class Enumerable
    {
        public static TSource First<TSource>(this IEnumerable<TSource> source)
        {
            if (!TryFirst(source, out TSource result)) throw NoElements();
            return result;
        }

        public static TSource First<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            if (!TryFirst(source, predicate, out TSource result)) throw NoMatch();
            return result;
        }

        public static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source) => TryFirst(source, out TSource result) ? result : default;

        public static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, TSource defaultValue) => TryFirst(source, out TSource result) ? result : defaultValue;

        public static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate) =>
            TryFirst(source, predicate, out TSource result) ? result : default;

        public static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate, TSource defaultValue) =>
            TryFirst(source, predicate, out TSource result) ? result : defaultValue;

        private static bool TryFirst<TSource>(IEnumerable<TSource> source, out TSource result)
        {
            ThrowIfNull(source, nameof(source));
            if (source is IList<TSource> list)
            {
                bool any = list.Count > 0;
                result = any ? list[0] : default;
                return any;
            }
            using IEnumerator<TSource> e = source.GetEnumerator();
            if (e.MoveNext()) { result = e.Current; return true; }
            result = default;
            return false;
        }

        private static bool TryFirst<TSource>(IEnumerable<TSource> source, Func<TSource, bool> predicate, out TSource result)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            foreach (TSource item in source)
                if (predicate(item)) { result = item; return true; }
            result = default;
            return false;
        }

        public static TSource Last<TSource>(this IEnumerable<TSource> source)
        {
            if (!TryLast(source, null, out TSource result)) throw NoElements();
            return result;
        }

        public static TSource Last<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(predicate, nameof(predicate));
            if (!TryLast(source, predicate, out TSource result)) throw NoMatch();
            return result;
        }

        public static TSource LastOrDefault<TSource>(this IEnumerable<TSource> source) => TryLast(source, null, out TSource result) ? result : default;

        public static TSource LastOrDefault<TSource>(this IEnumerable<TSource> source, TSource defaultValue) => TryLast(source, null, out TSource result) ? result : defaultValue;

        public static TSource LastOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(predicate, nameof(predicate));
            return TryLast(source, predicate, out TSource result) ? result : default;
        }

        private static bool TryLast<TSource>(IEnumerable<TSource> source, Func<TSource, bool> predicate, out TSource result)
        {
            ThrowIfNull(source, nameof(source));
            bool found = false;
            result = default;
            foreach (TSource item in source)
                if (predicate is null || predicate(item)) { result = item; found = true; }
            return found;
        }

        public static TSource Single<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            using IEnumerator<TSource> e = source.GetEnumerator();
            if (!e.MoveNext()) throw NoElements();
            TSource result = e.Current;
            if (e.MoveNext()) throw MoreThanOne();
            return result;
        }

        public static TSource Single<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            if (!TrySingle(source, predicate, out TSource result)) throw NoMatch();
            return result;
        }

        public static TSource SingleOrDefault<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            using IEnumerator<TSource> e = source.GetEnumerator();
            if (!e.MoveNext()) return default;
            TSource result = e.Current;
            if (e.MoveNext()) throw MoreThanOne();
            return result;
        }

        public static TSource SingleOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate) =>
            TrySingle(source, predicate, out TSource result) ? result : default;

        private static bool TrySingle<TSource>(IEnumerable<TSource> source, Func<TSource, bool> predicate, out TSource result)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            bool found = false;
            result = default;
            foreach (TSource item in source)
            {
                if (!predicate(item)) continue;
                if (found) throw MoreThanOneMatch();
                result = item;
                found = true;
            }
            return found;
        }

        public static TSource ElementAt<TSource>(this IEnumerable<TSource> source, int index)
        {
            ThrowIfNull(source, nameof(source));
            if (source is IList<TSource> list) return list[index];
            if (index >= 0)
                foreach (TSource item in source)
                    if (index-- == 0) return item;
            throw new ArgumentOutOfRangeException(nameof(index), "Index was out of range. Must be non-negative and less than the size of the collection.");
        }

        public static TSource ElementAt<TSource>(this IEnumerable<TSource> source, Index index)
        {
            if (!index.IsFromEnd) return ElementAt(source, index.Value);
            List<TSource> all = source.ToList();
            return all[index.GetOffset(all.Count)];
        }

        public static TSource ElementAtOrDefault<TSource>(this IEnumerable<TSource> source, int index)
        {
            ThrowIfNull(source, nameof(source));
            if (index < 0) return default;
            if (source is IList<TSource> list) return index < list.Count ? list[index] : default;
            foreach (TSource item in source)
                if (index-- == 0) return item;
            return default;
        }
    }
}

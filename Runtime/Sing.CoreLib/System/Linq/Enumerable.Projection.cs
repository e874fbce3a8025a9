using System.Collections;
using System.Collections.Generic;

namespace System.Linq
{
    public static partial class Enumerable
    {
        public static IEnumerable<TSource> Where<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            return WhereIterator(source, predicate);
        }

        private static IEnumerable<TSource> WhereIterator<TSource>(IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            foreach (TSource item in source)
                if (predicate(item)) yield return item;
        }

        public static IEnumerable<TSource> Where<TSource>(this IEnumerable<TSource> source, Func<TSource, int, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            return WhereIndexIterator(source, predicate);
        }

        private static IEnumerable<TSource> WhereIndexIterator<TSource>(IEnumerable<TSource> source, Func<TSource, int, bool> predicate)
        {
            int index = 0;
            foreach (TSource item in source)
                if (predicate(item, index++)) yield return item;
        }

        public static IEnumerable<TResult> Select<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(selector, nameof(selector));
            return SelectIterator(source, selector);
        }

        private static IEnumerable<TResult> SelectIterator<TSource, TResult>(IEnumerable<TSource> source, Func<TSource, TResult> selector)
        {
            foreach (TSource item in source) yield return selector(item);
        }

        public static IEnumerable<TResult> Select<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, int, TResult> selector)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(selector, nameof(selector));
            return SelectIndexIterator(source, selector);
        }

        private static IEnumerable<TResult> SelectIndexIterator<TSource, TResult>(IEnumerable<TSource> source, Func<TSource, int, TResult> selector)
        {
            int index = 0;
            foreach (TSource item in source) yield return selector(item, index++);
        }

        public static IEnumerable<TResult> SelectMany<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, IEnumerable<TResult>> selector)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(selector, nameof(selector));
            return SelectManyIterator(source, selector);
        }

        private static IEnumerable<TResult> SelectManyIterator<TSource, TResult>(IEnumerable<TSource> source, Func<TSource, IEnumerable<TResult>> selector)
        {
            foreach (TSource item in source)
                foreach (TResult inner in selector(item)) yield return inner;
        }

        public static IEnumerable<TResult> SelectMany<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, int, IEnumerable<TResult>> selector)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(selector, nameof(selector));
            return SelectManyIndexIterator(source, selector);
        }

        private static IEnumerable<TResult> SelectManyIndexIterator<TSource, TResult>(IEnumerable<TSource> source, Func<TSource, int, IEnumerable<TResult>> selector)
        {
            int index = 0;
            foreach (TSource item in source)
                foreach (TResult inner in selector(item, index++)) yield return inner;
        }

        /// <summary>What query syntax's second `from` compiles to.</summary>
        public static IEnumerable<TResult> SelectMany<TSource, TCollection, TResult>(this IEnumerable<TSource> source,
            Func<TSource, IEnumerable<TCollection>> collectionSelector, Func<TSource, TCollection, TResult> resultSelector)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(collectionSelector, nameof(collectionSelector));
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return SelectManyResultIterator(source, collectionSelector, resultSelector);
        }

        private static IEnumerable<TResult> SelectManyResultIterator<TSource, TCollection, TResult>(IEnumerable<TSource> source,
            Func<TSource, IEnumerable<TCollection>> collectionSelector, Func<TSource, TCollection, TResult> resultSelector)
        {
            foreach (TSource item in source)
                foreach (TCollection inner in collectionSelector(item)) yield return resultSelector(item, inner);
        }

        public static IEnumerable<TSource> Take<TSource>(this IEnumerable<TSource> source, int count)
        {
            ThrowIfNull(source, nameof(source));
            return TakeIterator(source, count);
        }

        private static IEnumerable<TSource> TakeIterator<TSource>(IEnumerable<TSource> source, int count)
        {
            if (count <= 0) yield break;
            foreach (TSource item in source)
            {
                yield return item;
                if (--count == 0) yield break;
            }
        }

        public static IEnumerable<TSource> Take<TSource>(this IEnumerable<TSource> source, Range range)
        {
            ThrowIfNull(source, nameof(source));
            List<TSource> all = source.ToList();
            int start = range.Start.GetOffset(all.Count), end = range.End.GetOffset(all.Count);
            start = Math.Clamp(start, 0, all.Count);
            end = Math.Clamp(end, 0, all.Count);
            return end <= start ? Empty<TSource>() : all.GetRange(start, end - start);
        }

        public static IEnumerable<TSource> Skip<TSource>(this IEnumerable<TSource> source, int count)
        {
            ThrowIfNull(source, nameof(source));
            return SkipIterator(source, count);
        }

        private static IEnumerable<TSource> SkipIterator<TSource>(IEnumerable<TSource> source, int count)
        {
            foreach (TSource item in source)
            {
                if (count > 0) { count--; continue; }
                yield return item;
            }
        }

        public static IEnumerable<TSource> TakeLast<TSource>(this IEnumerable<TSource> source, int count)
        {
            ThrowIfNull(source, nameof(source));
            List<TSource> all = source.ToList();
            if (count <= 0) return Empty<TSource>();
            int start = Math.Max(0, all.Count - count);
            return all.GetRange(start, all.Count - start);
        }

        public static IEnumerable<TSource> SkipLast<TSource>(this IEnumerable<TSource> source, int count)
        {
            ThrowIfNull(source, nameof(source));
            List<TSource> all = source.ToList();
            return all.GetRange(0, Math.Max(0, all.Count - Math.Max(0, count)));
        }

        public static IEnumerable<TSource> TakeWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            return TakeWhileIterator(source, predicate);
        }

        private static IEnumerable<TSource> TakeWhileIterator<TSource>(IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            foreach (TSource item in source)
            {
                if (!predicate(item)) yield break;
                yield return item;
            }
        }

        public static IEnumerable<TSource> TakeWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, int, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            return TakeWhileIndexIterator(source, predicate);
        }

        private static IEnumerable<TSource> TakeWhileIndexIterator<TSource>(IEnumerable<TSource> source, Func<TSource, int, bool> predicate)
        {
            int index = 0;
            foreach (TSource item in source)
            {
                if (!predicate(item, index++)) yield break;
                yield return item;
            }
        }

        public static IEnumerable<TSource> SkipWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, int, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            return SkipWhileIndexIterator(source, predicate);
        }

        private static IEnumerable<TSource> SkipWhileIndexIterator<TSource>(IEnumerable<TSource> source, Func<TSource, int, bool> predicate)
        {
            bool yielding = false;
            int index = 0;
            foreach (TSource item in source)
            {
                if (!yielding && !predicate(item, index++)) yielding = true;
                if (yielding) yield return item;
            }
        }

        public static IEnumerable<TSource> SkipWhile<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            return SkipWhileIterator(source, predicate);
        }

        private static IEnumerable<TSource> SkipWhileIterator<TSource>(IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            bool yielding = false;
            foreach (TSource item in source)
            {
                if (!yielding && !predicate(item)) yielding = true;
                if (yielding) yield return item;
            }
        }

        public static IEnumerable<TSource> Concat<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            return ConcatIterator(first, second);
        }

        private static IEnumerable<TSource> ConcatIterator<TSource>(IEnumerable<TSource> first, IEnumerable<TSource> second)
        {
            foreach (TSource item in first) yield return item;
            foreach (TSource item in second) yield return item;
        }

        public static IEnumerable<TSource> Append<TSource>(this IEnumerable<TSource> source, TSource element)
        {
            ThrowIfNull(source, nameof(source));
            return ConcatIterator(source, new[] { element });
        }

        public static IEnumerable<TSource> Prepend<TSource>(this IEnumerable<TSource> source, TSource element)
        {
            ThrowIfNull(source, nameof(source));
            return ConcatIterator(new[] { element }, source);
        }

        /// <summary>For arrays, so that `array.Reverse()` is this query and not the in-place span reversal.</summary>
        public static IEnumerable<TSource> Reverse<TSource>(this TSource[] array)
        {
            ThrowIfNull(array, nameof(array));
            return ReverseIterator(array);
        }

        public static IEnumerable<TSource> Reverse<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            return ReverseIterator(source);
        }

        private static IEnumerable<TSource> ReverseIterator<TSource>(IEnumerable<TSource> source)
        {
            TSource[] items = source.ToArray();
            for (int i = items.Length - 1; i >= 0; i--) yield return items[i];
        }

        public static IEnumerable<(TFirst First, TSecond Second)> Zip<TFirst, TSecond>(this IEnumerable<TFirst> first, IEnumerable<TSecond> second) =>
            Zip(first, second, (a, b) => (a, b));

        public static IEnumerable<TResult> Zip<TFirst, TSecond, TResult>(this IEnumerable<TFirst> first, IEnumerable<TSecond> second, Func<TFirst, TSecond, TResult> resultSelector)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return ZipIterator(first, second, resultSelector);
        }

        public static IEnumerable<(TFirst First, TSecond Second, TThird Third)> Zip<TFirst, TSecond, TThird>(this IEnumerable<TFirst> first,
            IEnumerable<TSecond> second, IEnumerable<TThird> third)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            ThrowIfNull(third, nameof(third));
            return ZipIterator(first, second, third);
        }

        private static IEnumerable<(TFirst, TSecond, TThird)> ZipIterator<TFirst, TSecond, TThird>(IEnumerable<TFirst> first, IEnumerable<TSecond> second, IEnumerable<TThird> third)
        {
            using IEnumerator<TFirst> a = first.GetEnumerator();
            using IEnumerator<TSecond> b = second.GetEnumerator();
            using IEnumerator<TThird> c = third.GetEnumerator();
            while (a.MoveNext() && b.MoveNext() && c.MoveNext()) yield return (a.Current, b.Current, c.Current);
        }

        private static IEnumerable<TResult> ZipIterator<TFirst, TSecond, TResult>(IEnumerable<TFirst> first, IEnumerable<TSecond> second, Func<TFirst, TSecond, TResult> resultSelector)
        {
            using IEnumerator<TFirst> a = first.GetEnumerator();
            using IEnumerator<TSecond> b = second.GetEnumerator();
            while (a.MoveNext() && b.MoveNext()) yield return resultSelector(a.Current, b.Current);
        }

        public static IEnumerable<TSource> DefaultIfEmpty<TSource>(this IEnumerable<TSource> source) => DefaultIfEmpty(source, default);

        public static IEnumerable<TSource> DefaultIfEmpty<TSource>(this IEnumerable<TSource> source, TSource defaultValue)
        {
            ThrowIfNull(source, nameof(source));
            return DefaultIfEmptyIterator(source, defaultValue);
        }

        private static IEnumerable<TSource> DefaultIfEmptyIterator<TSource>(IEnumerable<TSource> source, TSource defaultValue)
        {
            bool any = false;
            foreach (TSource item in source)
            {
                any = true;
                yield return item;
            }
            if (!any) yield return defaultValue;
        }

        public static IEnumerable<TSource[]> Chunk<TSource>(this IEnumerable<TSource> source, int size)
        {
            ThrowIfNull(source, nameof(source));
            if (size < 1) throw new ArgumentOutOfRangeException(nameof(size));
            return ChunkIterator(source, size);
        }

        private static IEnumerable<TSource[]> ChunkIterator<TSource>(IEnumerable<TSource> source, int size)
        {
            var chunk = new List<TSource>(size);
            foreach (TSource item in source)
            {
                chunk.Add(item);
                if (chunk.Count == size)
                {
                    yield return chunk.ToArray();
                    chunk.Clear();
                }
            }
            if (chunk.Count > 0) yield return chunk.ToArray();
        }

        public static IEnumerable<TResult> OfType<TResult>(this IEnumerable source)
        {
            ThrowIfNull(source, nameof(source));
            return OfTypeIterator<TResult>(source);
        }

        private static IEnumerable<TResult> OfTypeIterator<TResult>(IEnumerable source)
        {
            foreach (object item in source)
                if (item is TResult result) yield return result;
        }

        public static IEnumerable<TResult> Cast<TResult>(this IEnumerable source)
        {
            ThrowIfNull(source, nameof(source));
            if (source is IEnumerable<TResult> typed) return typed;
            return CastIterator<TResult>(source);
        }

        private static IEnumerable<TResult> CastIterator<TResult>(IEnumerable source)
        {
            foreach (object item in source) yield return (TResult)item;
        }

        public static IEnumerable<(int Index, TSource Item)> Index<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            return IndexIterator(source);
        }

        private static IEnumerable<(int Index, TSource Item)> IndexIterator<TSource>(IEnumerable<TSource> source)
        {
            int index = 0;
            foreach (TSource item in source) yield return (index++, item);
        }
    }
}

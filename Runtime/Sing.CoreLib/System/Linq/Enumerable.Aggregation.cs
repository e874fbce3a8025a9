using System.Collections.Generic;

namespace System.Linq
{
    public static partial class Enumerable
    {
        public static int Count<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            if (source is ICollection<TSource> collection) return collection.Count;
            if (source is IReadOnlyCollection<TSource> readOnly) return readOnly.Count;
            int count = 0;
            using IEnumerator<TSource> e = source.GetEnumerator();
            while (e.MoveNext()) checked { count++; }
            return count;
        }

        public static int Count<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            int count = 0;
            foreach (TSource item in source)
                if (predicate(item)) checked { count++; }
            return count;
        }

        public static long LongCount<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            long count = 0;
            using IEnumerator<TSource> e = source.GetEnumerator();
            while (e.MoveNext()) count++;
            return count;
        }

        public static bool TryGetNonEnumeratedCount<TSource>(this IEnumerable<TSource> source, out int count)
        {
            ThrowIfNull(source, nameof(source));
            if (source is ICollection<TSource> collection) { count = collection.Count; return true; }
            count = 0;
            return false;
        }

        public static bool Any<TSource>(this IEnumerable<TSource> source)
        {
            ThrowIfNull(source, nameof(source));
            if (source is ICollection<TSource> collection) return collection.Count != 0;
            using IEnumerator<TSource> e = source.GetEnumerator();
            return e.MoveNext();
        }

        public static bool Any<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            foreach (TSource item in source)
                if (predicate(item)) return true;
            return false;
        }

        public static bool All<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            foreach (TSource item in source)
                if (!predicate(item)) return false;
            return true;
        }

        public static bool Contains<TSource>(this IEnumerable<TSource> source, TSource value) => Contains(source, value, null);

        public static bool Contains<TSource>(this IEnumerable<TSource> source, TSource value, IEqualityComparer<TSource> comparer)
        {
            ThrowIfNull(source, nameof(source));
            if (comparer is null && source is ICollection<TSource> collection) return collection.Contains(value);
            comparer ??= EqualityComparer<TSource>.Default;
            foreach (TSource item in source)
                if (comparer.Equals(item, value)) return true;
            return false;
        }

        public static bool SequenceEqual<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second) => SequenceEqual(first, second, null);

        public static bool SequenceEqual<TSource>(this IEnumerable<TSource> first, IEnumerable<TSource> second, IEqualityComparer<TSource> comparer)
        {
            ThrowIfNull(first, nameof(first));
            ThrowIfNull(second, nameof(second));
            comparer ??= EqualityComparer<TSource>.Default;
            using IEnumerator<TSource> a = first.GetEnumerator();
            using IEnumerator<TSource> b = second.GetEnumerator();
            while (a.MoveNext())
                if (!b.MoveNext() || !comparer.Equals(a.Current, b.Current)) return false;
            return !b.MoveNext();
        }

        public static TSource Aggregate<TSource>(this IEnumerable<TSource> source, Func<TSource, TSource, TSource> func)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(func, nameof(func));
            using IEnumerator<TSource> e = source.GetEnumerator();
            if (!e.MoveNext()) throw NoElements();
            TSource result = e.Current;
            while (e.MoveNext()) result = func(result, e.Current);
            return result;
        }

        public static TAccumulate Aggregate<TSource, TAccumulate>(this IEnumerable<TSource> source, TAccumulate seed, Func<TAccumulate, TSource, TAccumulate> func)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(func, nameof(func));
            TAccumulate result = seed;
            foreach (TSource item in source) result = func(result, item);
            return result;
        }

        public static TResult Aggregate<TSource, TAccumulate, TResult>(this IEnumerable<TSource> source, TAccumulate seed,
            Func<TAccumulate, TSource, TAccumulate> func, Func<TAccumulate, TResult> resultSelector)
        {
            ThrowIfNull(resultSelector, nameof(resultSelector));
            return resultSelector(Aggregate(source, seed, func));
        }

        // Sums are checked for the integer types, as in .NET.
        public static int Sum(this IEnumerable<int> source)
        {
            ThrowIfNull(source, nameof(source));
            int sum = 0;
            foreach (int v in source) checked { sum += v; }
            return sum;
        }

        public static long Sum(this IEnumerable<long> source)
        {
            ThrowIfNull(source, nameof(source));
            long sum = 0;
            foreach (long v in source) checked { sum += v; }
            return sum;
        }

        public static double Sum(this IEnumerable<double> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            foreach (double v in source) sum += v;
            return sum;
        }

        public static float Sum(this IEnumerable<float> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            foreach (float v in source) sum += v;
            return (float)sum;
        }

        public static decimal Sum(this IEnumerable<decimal> source)
        {
            ThrowIfNull(source, nameof(source));
            decimal sum = 0;
            foreach (decimal v in source) sum += v;
            return sum;
        }

        public static int Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, int> selector) => Sum(Select(source, selector));
        public static long Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, long> selector) => Sum(Select(source, selector));
        public static double Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, double> selector) => Sum(Select(source, selector));
        public static float Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, float> selector) => Sum(Select(source, selector));
        public static decimal Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal> selector) => Sum(Select(source, selector));

        public static double Average(this IEnumerable<int> source)
        {
            ThrowIfNull(source, nameof(source));
            long sum = 0, count = 0;
            foreach (int v in source) { checked { sum += v; } count++; }
            if (count == 0) throw NoElements();
            return (double)sum / count;
        }

        public static double Average(this IEnumerable<long> source)
        {
            ThrowIfNull(source, nameof(source));
            long sum = 0, count = 0;
            foreach (long v in source) { checked { sum += v; } count++; }
            if (count == 0) throw NoElements();
            return (double)sum / count;
        }

        public static double Average(this IEnumerable<double> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            long count = 0;
            foreach (double v in source) { sum += v; count++; }
            if (count == 0) throw NoElements();
            return sum / count;
        }

        public static decimal Average(this IEnumerable<decimal> source)
        {
            ThrowIfNull(source, nameof(source));
            decimal sum = 0;
            long count = 0;
            foreach (decimal v in source) { sum += v; count++; }
            if (count == 0) throw NoElements();
            return sum / count;
        }

        public static double Average<TSource>(this IEnumerable<TSource> source, Func<TSource, int> selector) => Average(Select(source, selector));
        public static double Average<TSource>(this IEnumerable<TSource> source, Func<TSource, long> selector) => Average(Select(source, selector));
        public static double Average<TSource>(this IEnumerable<TSource> source, Func<TSource, double> selector) => Average(Select(source, selector));
        public static decimal Average<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal> selector) => Average(Select(source, selector));

        /// <summary>Min and Max: for a nullable or reference type an empty sequence gives null and nulls are skipped;
        /// for others it throws. Doubles: NaN is the minimum, as .NET orders it.</summary>
        public static TSource Min<TSource>(this IEnumerable<TSource> source) => Extreme(source, Comparer<TSource>.Default, -1);

        public static TSource Max<TSource>(this IEnumerable<TSource> source) => Extreme(source, Comparer<TSource>.Default, 1);

        public static TSource Min<TSource>(this IEnumerable<TSource> source, IComparer<TSource> comparer) => Extreme(source, comparer ?? Comparer<TSource>.Default, -1);

        public static TSource Max<TSource>(this IEnumerable<TSource> source, IComparer<TSource> comparer) => Extreme(source, comparer ?? Comparer<TSource>.Default, 1);

        public static TResult Min<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector) => Min(Select(source, selector));

        public static TResult Max<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector) => Max(Select(source, selector));

        public static double Max(this IEnumerable<double> source)
        {
            ThrowIfNull(source, nameof(source));
            using IEnumerator<double> e = source.GetEnumerator();
            if (!e.MoveNext()) throw NoElements();
            double max = e.Current;
            while (e.MoveNext())
            {
                double v = e.Current;
                if (v > max || double.IsNaN(max)) max = v;
            }
            return max;
        }

        private static TSource Extreme<TSource>(IEnumerable<TSource> source, IComparer<TSource> comparer, int sign)
        {
            ThrowIfNull(source, nameof(source));
            TSource best = default;
            bool nullable = best is null;
            bool found = false;
            foreach (TSource item in source)
            {
                if (nullable && item is null) continue;
                if (!found || comparer.Compare(item, best) * sign > 0)
                {
                    best = item;
                    found = true;
                }
            }
            if (!found && !nullable) throw NoElements();
            return best;
        }

        public static TSource MinBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) => ExtremeBy(source, keySelector, null, -1);

        public static TSource MaxBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector) => ExtremeBy(source, keySelector, null, 1);

        public static TSource MinBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer) => ExtremeBy(source, keySelector, comparer, -1);

        public static TSource MaxBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer) => ExtremeBy(source, keySelector, comparer, 1);

        private static TSource ExtremeBy<TSource, TKey>(IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IComparer<TKey> comparer, int sign)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(keySelector, nameof(keySelector));
            comparer ??= Comparer<TKey>.Default;
            using IEnumerator<TSource> e = source.GetEnumerator();
            if (!e.MoveNext())
            {
                if (default(TSource) is null) return default;
                throw NoElements();
            }
            TSource best = e.Current;
            TKey bestKey = keySelector(best);
            while (e.MoveNext())
            {
                TKey key = keySelector(e.Current);
                if (comparer.Compare(key, bestKey) * sign > 0)
                {
                    best = e.Current;
                    bestKey = key;
                }
            }
            return best;
        }
    }
}

using System.Collections.Generic;

namespace System.Linq
{
    /// <summary>Sum and Average over nullable numbers (nulls skipped; an empty or all-null Average is null) and
    /// over float, as .NET has them. Integer sums are checked, as the non-nullable ones are.</summary>
    public static partial class Enumerable
    {
        public static int? Sum(this IEnumerable<int?> source)
        {
            ThrowIfNull(source, nameof(source));
            int sum = 0;
            foreach (int? v in source) if (v.HasValue) checked { sum += v.GetValueOrDefault(); }
            return sum;
        }

        public static int? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, int?> selector) => Sum(Select(source, selector));

        public static double? Average(this IEnumerable<int?> source)
        {
            ThrowIfNull(source, nameof(source));
            long sum = 0;
            long count = 0;
            foreach (int? v in source)
            {
                if (!v.HasValue) continue;
                checked { sum += v.GetValueOrDefault(); }
                count++;
            }
            if (count == 0) return null;
            return (double)((double)sum / count);
        }

        public static double? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, int?> selector) => Average(Select(source, selector));

        public static long? Sum(this IEnumerable<long?> source)
        {
            ThrowIfNull(source, nameof(source));
            long sum = 0;
            foreach (long? v in source) if (v.HasValue) checked { sum += v.GetValueOrDefault(); }
            return sum;
        }

        public static long? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, long?> selector) => Sum(Select(source, selector));

        public static double? Average(this IEnumerable<long?> source)
        {
            ThrowIfNull(source, nameof(source));
            long sum = 0;
            long count = 0;
            foreach (long? v in source)
            {
                if (!v.HasValue) continue;
                checked { sum += v.GetValueOrDefault(); }
                count++;
            }
            if (count == 0) return null;
            return (double)((double)sum / count);
        }

        public static double? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, long?> selector) => Average(Select(source, selector));

        public static double? Sum(this IEnumerable<double?> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            foreach (double? v in source) if (v.HasValue) { sum += v.GetValueOrDefault(); }
            return sum;
        }

        public static double? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, double?> selector) => Sum(Select(source, selector));

        public static double? Average(this IEnumerable<double?> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            long count = 0;
            foreach (double? v in source)
            {
                if (!v.HasValue) continue;
                { sum += v.GetValueOrDefault(); }
                count++;
            }
            if (count == 0) return null;
            return (double)((double)sum / count);
        }

        public static double? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, double?> selector) => Average(Select(source, selector));

        public static float? Sum(this IEnumerable<float?> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            foreach (float? v in source) if (v.HasValue) { sum += v.GetValueOrDefault(); }
            return (float)sum;
        }

        public static float? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, float?> selector) => Sum(Select(source, selector));

        public static float? Average(this IEnumerable<float?> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            long count = 0;
            foreach (float? v in source)
            {
                if (!v.HasValue) continue;
                { sum += v.GetValueOrDefault(); }
                count++;
            }
            if (count == 0) return null;
            return (float)((double)sum / count);
        }

        public static float? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, float?> selector) => Average(Select(source, selector));

        public static decimal? Sum(this IEnumerable<decimal?> source)
        {
            ThrowIfNull(source, nameof(source));
            decimal sum = 0;
            foreach (decimal? v in source) if (v.HasValue) { sum += v.GetValueOrDefault(); }
            return sum;
        }

        public static decimal? Sum<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal?> selector) => Sum(Select(source, selector));

        public static decimal? Average(this IEnumerable<decimal?> source)
        {
            ThrowIfNull(source, nameof(source));
            decimal sum = 0;
            long count = 0;
            foreach (decimal? v in source)
            {
                if (!v.HasValue) continue;
                { sum += v.GetValueOrDefault(); }
                count++;
            }
            if (count == 0) return null;
            return (decimal)((decimal)sum / count);
        }

        public static decimal? Average<TSource>(this IEnumerable<TSource> source, Func<TSource, decimal?> selector) => Average(Select(source, selector));

        public static float Average(this IEnumerable<float> source)
        {
            ThrowIfNull(source, nameof(source));
            double sum = 0;
            long count = 0;
            foreach (float v in source) { sum += v; count++; }
            if (count == 0) throw NoElements();
            return (float)(sum / count);
        }

        public static float Average<TSource>(this IEnumerable<TSource> source, Func<TSource, float> selector) => Average(Select(source, selector));

        public static long LongCount<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)
        {
            ThrowIfNull(source, nameof(source));
            ThrowIfNull(predicate, nameof(predicate));
            long count = 0;
            foreach (TSource item in source) if (predicate(item)) count++;
            return count;
        }
    }
}

using System.Collections.Generic;

namespace System.Linq
{
    /// <summary>LINQ to Objects: the query operators over IEnumerable&lt;T&gt; that method and query syntax call.
    /// Deferred operators check their arguments at once and run when enumerated (iterators); OrderBy is stable;
    /// messages and exception types are .NET's. Split by kind over the Enumerable.*.cs files.</summary>
    public static partial class Enumerable
    {
        public static IEnumerable<TResult> Empty<TResult>() => EmptyArray<TResult>.Value;

        public static IEnumerable<int> Range(int start, int count)
        {
            if (count < 0 || (long)start + count - 1 > int.MaxValue) throw new ArgumentOutOfRangeException(nameof(count));
            return RangeIterator(start, count);
        }

        private static IEnumerable<int> RangeIterator(int start, int count)
        {
            for (int i = 0; i < count; i++) yield return start + i;
        }

        public static IEnumerable<TResult> Repeat<TResult>(TResult element, int count)
        {
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count));
            return RepeatIterator(element, count);
        }

        private static IEnumerable<TResult> RepeatIterator<TResult>(TResult element, int count)
        {
            for (int i = 0; i < count; i++) yield return element;
        }

        public static IEnumerable<TSource> AsEnumerable<TSource>(this IEnumerable<TSource> source) => source;

        internal static void ThrowIfNull(object argument, string name)
        {
            if (argument is null) throw new ArgumentNullException(name);
        }

        internal static InvalidOperationException NoElements() => new InvalidOperationException("Sequence contains no elements");

        internal static InvalidOperationException NoMatch() => new InvalidOperationException("Sequence contains no matching element");

        internal static InvalidOperationException MoreThanOne() => new InvalidOperationException("Sequence contains more than one element");

        internal static InvalidOperationException MoreThanOneMatch() => new InvalidOperationException("Sequence contains more than one matching element");

        private static class EmptyArray<T>
        {
            public static readonly T[] Value = new T[0];
        }
    }
}

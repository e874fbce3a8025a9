using System.Collections.Generic;

namespace System.Linq
{
    /// <summary>The joins with a key comparer, and .NET 10's LeftJoin and RightJoin (an unmatched element pairs with
    /// the other side's default).</summary>
    public static partial class Enumerable
    {
        public static IEnumerable<TResult> Join<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            CheckJoin(outer, inner, outerKeySelector, innerKeySelector, resultSelector);
            return JoinIterator(outer, inner, outerKeySelector, innerKeySelector, resultSelector, comparer);
        }

        public static IEnumerable<TResult> GroupJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, IEnumerable<TInner>, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            CheckJoin(outer, inner, outerKeySelector, innerKeySelector, resultSelector);
            return GroupJoinIterator(outer, inner, outerKeySelector, innerKeySelector, resultSelector, comparer);
        }

        public static IEnumerable<TResult> LeftJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector) =>
            LeftJoin(outer, inner, outerKeySelector, innerKeySelector, resultSelector, null);

        public static IEnumerable<TResult> LeftJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            CheckJoin(outer, inner, outerKeySelector, innerKeySelector, resultSelector);
            return LeftJoinIterator(outer, inner, outerKeySelector, innerKeySelector, resultSelector, comparer);
        }

        private static IEnumerable<TResult> LeftJoinIterator<TOuter, TInner, TKey, TResult>(IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            ILookup<TKey, TInner> lookup = Lookup<TKey, TInner>.Create(inner, innerKeySelector, x => x, comparer);
            foreach (TOuter o in outer)
            {
                TKey key = outerKeySelector(o);
                bool matched = false;
                if (key is not null)
                {
                    foreach (TInner i in lookup[key])
                    {
                        matched = true;
                        yield return resultSelector(o, i);
                    }
                }
                if (!matched) yield return resultSelector(o, default);
            }
        }

        public static IEnumerable<TResult> RightJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector) =>
            RightJoin(outer, inner, outerKeySelector, innerKeySelector, resultSelector, null);

        public static IEnumerable<TResult> RightJoin<TOuter, TInner, TKey, TResult>(this IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            CheckJoin(outer, inner, outerKeySelector, innerKeySelector, resultSelector);
            return RightJoinIterator(outer, inner, outerKeySelector, innerKeySelector, resultSelector, comparer);
        }

        private static IEnumerable<TResult> RightJoinIterator<TOuter, TInner, TKey, TResult>(IEnumerable<TOuter> outer, IEnumerable<TInner> inner,
            Func<TOuter, TKey> outerKeySelector, Func<TInner, TKey> innerKeySelector, Func<TOuter, TInner, TResult> resultSelector, IEqualityComparer<TKey> comparer)
        {
            ILookup<TKey, TOuter> lookup = Lookup<TKey, TOuter>.Create(outer, outerKeySelector, x => x, comparer);
            foreach (TInner i in inner)
            {
                TKey key = innerKeySelector(i);
                bool matched = false;
                if (key is not null)
                {
                    foreach (TOuter o in lookup[key])
                    {
                        matched = true;
                        yield return resultSelector(o, i);
                    }
                }
                if (!matched) yield return resultSelector(default, i);
            }
        }

        public static ILookup<TKey, TSource> ToLookup<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector, IEqualityComparer<TKey> comparer) =>
            Lookup<TKey, TSource>.Create(source, keySelector, x => x, comparer);

        public static ILookup<TKey, TElement> ToLookup<TSource, TKey, TElement>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector,
            Func<TSource, TElement> elementSelector, IEqualityComparer<TKey> comparer) =>
            Lookup<TKey, TElement>.Create(source, keySelector, elementSelector, comparer);

        private static void CheckJoin(object outer, object inner, object outerKeySelector, object innerKeySelector, object resultSelector)
        {
            ThrowIfNull(outer, nameof(outer));
            ThrowIfNull(inner, nameof(inner));
            ThrowIfNull(outerKeySelector, nameof(outerKeySelector));
            ThrowIfNull(innerKeySelector, nameof(innerKeySelector));
            ThrowIfNull(resultSelector, nameof(resultSelector));
        }
    }
}

namespace System
{
    /// <summary>Span views of strings and arrays. The C# compiler calls AsSpan(string) for the implicit
    /// string-to-ReadOnlySpan conversion.</summary>
    public static partial class MemoryExtensions
    {
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<char> AsSpan(this string text) =>
            text is null ? default : new ReadOnlySpan<char>(ref text.GetRawData(), text.Length);

        public static ReadOnlySpan<char> AsSpan(this string text, int start)
        {
            if (text is null)
            {
                if (start != 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
                return default;
            }
            return AsSpan(text).Slice(start);
        }

        public static ReadOnlySpan<char> AsSpan(this string text, int start, int length) => AsSpan(text).Slice(start, length);

        public static Span<T> AsSpan<T>(this T[] array) => new Span<T>(array);

        public static Span<T> AsSpan<T>(this T[] array, int start) => new Span<T>(array, start, array.Length - start);

        public static Span<T> AsSpan<T>(this T[] array, int start, int length) => new Span<T>(array, start, length);

        public static Memory<T> AsMemory<T>(this T[] array) => new Memory<T>(array);

        public static Memory<T> AsMemory<T>(this T[] array, int start) => new Memory<T>(array, start, (array?.Length ?? 0) - start);

        public static Memory<T> AsMemory<T>(this T[] array, int start, int length) => new Memory<T>(array, start, length);

        public static ReadOnlyMemory<char> AsMemory(this string text) => text is null ? default : new ReadOnlyMemory<char>(text, 0, text.Length);

        public static ReadOnlyMemory<char> AsMemory(this string text, int start)
        {
            if (text is null) { if (start != 0) ThrowHelpers.ThrowArgumentOutOfRangeException(); return default; }
            if ((uint)start > (uint)text.Length) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new ReadOnlyMemory<char>(text, start, text.Length - start);
        }

        public static ReadOnlyMemory<char> AsMemory(this string text, int start, int length)
        {
            if (text is null) { if (start != 0 || length != 0) ThrowHelpers.ThrowArgumentOutOfRangeException(); return default; }
            if ((uint)start > (uint)text.Length || (uint)length > (uint)(text.Length - start)) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new ReadOnlyMemory<char>(text, start, length);
        }

        private static bool Same<T>(T a, T b) where T : IEquatable<T> => a is null ? b is null : a.Equals(b);

        public static bool SequenceEqual<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other) where T : IEquatable<T>
        {
            if (span.Length != other.Length) return false;
            for (int i = 0; i < span.Length; i++)
                if (!Same(span[i], other[i])) return false;
            return true;
        }

        public static bool SequenceEqual<T>(this Span<T> span, ReadOnlySpan<T> other) where T : IEquatable<T> => SequenceEqual((ReadOnlySpan<T>)span, other);

        /// <summary>Any T, compared by <paramref name="comparer"/> (null: <see cref="Collections.Generic.EqualityComparer{T}.Default"/>), as .NET 8 added.</summary>
        public static bool SequenceEqual<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other, Collections.Generic.IEqualityComparer<T> comparer = null)
        {
            if (span.Length != other.Length) return false;
            comparer ??= Collections.Generic.EqualityComparer<T>.Default;
            for (int i = 0; i < span.Length; i++)
                if (!comparer.Equals(span[i], other[i])) return false;
            return true;
        }

        public static bool SequenceEqual<T>(this Span<T> span, ReadOnlySpan<T> other, Collections.Generic.IEqualityComparer<T> comparer = null) =>
            SequenceEqual((ReadOnlySpan<T>)span, other, comparer);

        public static int SequenceCompareTo<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other) where T : IComparable<T>
        {
            int n = Math.Min(span.Length, other.Length);
            for (int i = 0; i < n; i++)
            {
                int c = span[i] is null ? (other[i] is null ? 0 : -1) : span[i].CompareTo(other[i]);
                if (c != 0) return c;
            }
            return span.Length.CompareTo(other.Length);
        }

        /// <summary>The index of the first <paramref name="value"/>, or -1.</summary>
        public static int IndexOf<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T>
        {
            for (int i = 0; i < span.Length; i++)
                if (Same(span[i], value)) return i;
            return -1;
        }

        public static int IndexOf<T>(this Span<T> span, T value) where T : IEquatable<T> => IndexOf((ReadOnlySpan<T>)span, value);

        public static int IndexOf<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) where T : IEquatable<T>
        {
            for (int i = 0; i + value.Length <= span.Length; i++)
                if (SequenceEqual(span.Slice(i, value.Length), value)) return i;
            return -1;
        }

        public static int LastIndexOf<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T>
        {
            for (int i = span.Length - 1; i >= 0; i--)
                if (Same(span[i], value)) return i;
            return -1;
        }

        public static int LastIndexOf<T>(this Span<T> span, T value) where T : IEquatable<T> => LastIndexOf((ReadOnlySpan<T>)span, value);

        public static int IndexOfAny<T>(this ReadOnlySpan<T> span, T value0, T value1) where T : IEquatable<T>
        {
            for (int i = 0; i < span.Length; i++)
                if (Same(span[i], value0) || Same(span[i], value1)) return i;
            return -1;
        }

        public static int IndexOfAny<T>(this ReadOnlySpan<T> span, T value0, T value1, T value2) where T : IEquatable<T>
        {
            for (int i = 0; i < span.Length; i++)
                if (Same(span[i], value0) || Same(span[i], value1) || Same(span[i], value2)) return i;
            return -1;
        }

        public static int IndexOfAny<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> values) where T : IEquatable<T>
        {
            for (int i = 0; i < span.Length; i++)
                if (IndexOf(values, span[i]) >= 0) return i;
            return -1;
        }

        public static int IndexOfAnyExcept<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T>
        {
            for (int i = 0; i < span.Length; i++)
                if (!Same(span[i], value)) return i;
            return -1;
        }

        public static bool Contains<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T> => IndexOf(span, value) >= 0;

        public static bool Contains<T>(this Span<T> span, T value) where T : IEquatable<T> => IndexOf((ReadOnlySpan<T>)span, value) >= 0;

        public static bool ContainsAny<T>(this ReadOnlySpan<T> span, T value0, T value1) where T : IEquatable<T> => IndexOfAny(span, value0, value1) >= 0;

        public static int Count<T>(this ReadOnlySpan<T> span, T value) where T : IEquatable<T>
        {
            int count = 0;
            for (int i = 0; i < span.Length; i++)
                if (Same(span[i], value)) count++;
            return count;
        }

        public static int Count<T>(this Span<T> span, T value) where T : IEquatable<T> => Count((ReadOnlySpan<T>)span, value);

        public static bool StartsWith<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) where T : IEquatable<T> =>
            value.Length <= span.Length && SequenceEqual(span.Slice(0, value.Length), value);

        public static bool EndsWith<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> value) where T : IEquatable<T> =>
            value.Length <= span.Length && SequenceEqual(span.Slice(span.Length - value.Length), value);

        public static bool StartsWith(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) =>
            value.Length <= span.Length && string.Compare(span.Slice(0, value.Length), value, comparisonType) == 0;

        public static bool EndsWith(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) =>
            value.Length <= span.Length && string.Compare(span.Slice(span.Length - value.Length), value, comparisonType) == 0;

        public static bool Equals(this ReadOnlySpan<char> span, ReadOnlySpan<char> other, StringComparison comparisonType) =>
            (comparisonType != StringComparison.Ordinal && comparisonType != StringComparison.OrdinalIgnoreCase || span.Length == other.Length)
            && string.Compare(span, other, comparisonType) == 0;

        public static int CompareTo(this ReadOnlySpan<char> span, ReadOnlySpan<char> other, StringComparison comparisonType) =>
            string.Compare(span, other, comparisonType);

        // Searches under a StringComparison, as string's: the ignore-case kinds compare case-insensitively, the others
        // (culture-sensitive ones included, as string.IndexOf does here) ordinally.
        public static int IndexOf(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType)
        {
            string.CheckComparison(comparisonType);
            if (((int)comparisonType & 1) == 0) return span.IndexOf(value);
            for (int i = 0; i + value.Length <= span.Length; i++)
                if (string.CompareOrdinalIgnoreCase(span.Slice(i, value.Length), value) == 0) return i;
            return -1;
        }

        public static int LastIndexOf(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType)
        {
            string.CheckComparison(comparisonType);
            bool ignoreCase = ((int)comparisonType & 1) != 0;
            for (int i = span.Length - value.Length; i >= 0; i--)
            {
                ReadOnlySpan<char> window = span.Slice(i, value.Length);
                if (ignoreCase ? string.CompareOrdinalIgnoreCase(window, value) == 0 : window.SequenceEqual(value)) return i;
            }
            return -1;
        }

        public static bool Contains(this ReadOnlySpan<char> span, ReadOnlySpan<char> value, StringComparison comparisonType) =>
            span.IndexOf(value, comparisonType) >= 0;

        public static void Reverse<T>(this Span<T> span)
        {
            for (int i = 0, j = span.Length - 1; i < j; i++, j--) (span[i], span[j]) = (span[j], span[i]);
        }

        public static void Replace<T>(this Span<T> span, T oldValue, T newValue) where T : IEquatable<T>
        {
            for (int i = 0; i < span.Length; i++)
                if (Same(span[i], oldValue)) span[i] = newValue;
        }

        /// <summary>Sorts in place: the arrays' introsort (not stable, as .NET's).</summary>
        public static void Sort<T>(this Span<T> span) => Collections.Generic.ArraySortHelper<T>.Sort(span, null);

        public static void Sort<T>(this Span<T> span, Comparison<T> comparison)
        {
            if (comparison is null) throw new ArgumentNullException(nameof(comparison));
            Collections.Generic.ArraySortHelper<T>.Sort(span, Collections.Generic.Comparer<T>.Create(comparison));
        }

        public static void Sort<T>(this Span<T> span, Collections.Generic.IComparer<T> comparer) =>
            Collections.Generic.ArraySortHelper<T>.Sort(span, comparer);

        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span, char trimChar) => span.TrimStart(trimChar).TrimEnd(trimChar);

        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span, char trimChar)
        {
            int start = 0;
            while (start < span.Length && span[start] == trimChar) start++;
            return span.Slice(start);
        }

        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span, char trimChar)
        {
            int end = span.Length;
            while (end > 0 && span[end - 1] == trimChar) end--;
            return span.Slice(0, end);
        }

        public static bool IsWhiteSpace(this ReadOnlySpan<char> span)
        {
            for (int i = 0; i < span.Length; i++)
                if (!char.IsWhiteSpace(span[i])) return false;
            return true;
        }

        public static int ToUpperInvariant(this ReadOnlySpan<char> source, Span<char> destination)
        {
            if (destination.Length < source.Length) return -1;
            for (int i = 0; i < source.Length; i++) destination[i] = char.ToUpperInvariant(source[i]);
            return source.Length;
        }

        public static int ToLowerInvariant(this ReadOnlySpan<char> source, Span<char> destination)
        {
            if (destination.Length < source.Length) return -1;
            for (int i = 0; i < source.Length; i++) destination[i] = char.ToLowerInvariant(source[i]);
            return source.Length;
        }

        /// <summary>The span without leading and trailing white space (char.IsWhiteSpace).</summary>
        public static ReadOnlySpan<char> Trim(this ReadOnlySpan<char> span) => span.TrimStart().TrimEnd();

        public static ReadOnlySpan<char> TrimStart(this ReadOnlySpan<char> span)
        {
            int start = 0;
            while (start < span.Length && char.IsWhiteSpace(span[start])) start++;
            return span.Slice(start);
        }

        public static ReadOnlySpan<char> TrimEnd(this ReadOnlySpan<char> span)
        {
            int end = span.Length;
            while (end > 0 && char.IsWhiteSpace(span[end - 1])) end--;
            return span.Slice(0, end);
        }
    }
}

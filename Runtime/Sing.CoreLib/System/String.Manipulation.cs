using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Text;

namespace System
{
    /// <summary>Operations that build new strings: trimming, case mapping (ASCII), replacing, padding,
    /// splitting and joining.</summary>
    public sealed partial class String
    {
        public string Trim() => TrimCore(true, true);

        public string TrimStart() => TrimCore(true, false);

        public string TrimEnd() => TrimCore(false, true);

        public string Trim(char trimChar)
        {
            int start = 0, end = _stringLength;
            while (start < end && this[start] == trimChar) start++;
            while (end > start && this[end - 1] == trimChar) end--;
            return Slice(start, end);
        }

        /// <summary>No characters (null or empty) means white space, as in .NET.</summary>
        public string Trim(params char[] trimChars) => TrimAny(trimChars, true, true);

        public string TrimStart(char trimChar) => TrimAny(new[] { trimChar }, true, false);

        public string TrimStart(params char[] trimChars) => TrimAny(trimChars, true, false);

        public string TrimEnd(char trimChar) => TrimAny(new[] { trimChar }, false, true);

        public string TrimEnd(params char[] trimChars) => TrimAny(trimChars, false, true);

        private string TrimAny(char[] trimChars, bool start, bool end)
        {
            if (trimChars is null || trimChars.Length == 0) return TrimCore(start, end);
            int first = 0, last = _stringLength;
            if (start) while (first < last && Array.IndexOf(trimChars, this[first]) >= 0) first++;
            if (end) while (last > first && Array.IndexOf(trimChars, this[last - 1]) >= 0) last--;
            return Slice(first, last);
        }

        private string TrimCore(bool start, bool end)
        {
            int first = 0, last = _stringLength;
            if (start) while (first < last && char.IsWhiteSpace(this[first])) first++;
            if (end) while (last > first && char.IsWhiteSpace(this[last - 1])) last--;
            return Slice(first, last);
        }

        /// <summary>The characters in [start, end), reusing this string when that is all of it.</summary>
        private string Slice(int start, int end) =>
            start == 0 && end == _stringLength ? this : Substring(start, end - start);

        public string ToUpperInvariant() => MapChars(true);

        public string ToLowerInvariant() => MapChars(false);

        public string ToUpper() => MapChars(true);

        public string ToLower() => MapChars(false);

        private string MapChars(bool upper)
        {
            int i = 0;
            for (; i < _stringLength; i++)
            {
                char c = this[i];
                if ((upper ? char.ToUpperInvariant(c) : char.ToLowerInvariant(c)) != c) break;
            }
            if (i == _stringLength) return this;
            string result = FastAllocate(_stringLength);
            for (int j = 0; j < _stringLength; j++)
            {
                char c = this[j];
                Unsafe.Add(ref result._firstChar, j) = upper ? char.ToUpperInvariant(c) : char.ToLowerInvariant(c);
            }
            return result;
        }

        public string Replace(char oldChar, char newChar)
        {
            if (IndexOf(oldChar) < 0) return this;
            string result = FastAllocate(_stringLength);
            for (int i = 0; i < _stringLength; i++)
            {
                char c = this[i];
                Unsafe.Add(ref result._firstChar, i) = c == oldChar ? newChar : c;
            }
            return result;
        }

        public string Replace(string oldValue, string newValue)
        {
            if (oldValue is null) throw new ArgumentNullException("oldValue");
            if (oldValue.Length == 0) throw new ArgumentException("String cannot be of zero length.");
            int index = IndexOf(oldValue);
            if (index < 0) return this;
            var builder = new StringBuilder(_stringLength);
            int from = 0;
            while (index >= 0)
            {
                builder.Append(this, from, index - from).Append(newValue);
                from = index + oldValue.Length;
                index = IndexOf(oldValue, from);
            }
            return builder.Append(this, from, _stringLength - from).ToString();
        }

        public string PadLeft(int totalWidth, char paddingChar = ' ') => Pad(totalWidth, paddingChar, true);

        public string PadRight(int totalWidth, char paddingChar = ' ') => Pad(totalWidth, paddingChar, false);

        private string Pad(int totalWidth, char paddingChar, bool left)
        {
            if (totalWidth < 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
            int padding = totalWidth - _stringLength;
            if (padding <= 0) return this;
            string result = FastAllocate(totalWidth);
            int textStart = left ? padding : 0, padStart = left ? 0 : _stringLength;
            for (int i = 0; i < padding; i++) Unsafe.Add(ref result._firstChar, padStart + i) = paddingChar;
            CopyChars(this, result, textStart);
            return result;
        }

        public string Insert(int startIndex, string value)
        {
            if ((uint)startIndex > (uint)_stringLength) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return Concat(Substring(0, startIndex), value, Substring(startIndex));
        }

        public string Remove(int startIndex) => Substring(0, startIndex);

        public string Remove(int startIndex, int count)
        {
            if ((uint)startIndex > (uint)_stringLength || (uint)count > (uint)(_stringLength - startIndex))
                ThrowHelpers.ThrowArgumentOutOfRangeException();
            return Concat(Substring(0, startIndex), Substring(startIndex + count));
        }

        public char[] ToCharArray(int startIndex, int length)
        {
            if ((uint)startIndex > (uint)_stringLength || (uint)length > (uint)(_stringLength - startIndex))
                throw new ArgumentOutOfRangeException(startIndex < 0 || startIndex > _stringLength ? nameof(startIndex) : nameof(length), "Index was out of range. Must be non-negative and less than the size of the collection.");
            var result = new char[length];
            for (int i = 0; i < length; i++) result[i] = this[startIndex + i];
            return result;
        }

        public void CopyTo(int sourceIndex, char[] destination, int destinationIndex, int count) =>
            this.AsSpan(sourceIndex, count).CopyTo(new Span<char>(destination, destinationIndex, count));

        public static string Join(string separator, params object[] values)
        {
            if (values is null) throw new ArgumentNullException(nameof(values));
            var builder = new StringBuilder();
            for (int i = 0; i < values.Length; i++)
            {
                if (i > 0) builder.Append(separator);
                builder.Append(values[i]?.ToString());
            }
            return builder.ToString();
        }

        public static string Join(string separator, IEnumerable<string> values) => Join<string>(separator, values);

        public static string Concat(object arg0) => arg0?.ToString() ?? Empty;

        public static string Concat(params object[] args)
        {
            if (args is null) throw new ArgumentNullException(nameof(args));
            var builder = new StringBuilder();
            foreach (object arg in args) builder.Append(arg?.ToString());
            return builder.ToString();
        }

        public static string Concat(IEnumerable<string> values) => Join(Empty, values);

        public static string Create<TState>(int length, TState state, System.Buffers.SpanAction<char, TState> action)
        {
            if (action is null) throw new ArgumentNullException(nameof(action));
            if (length < 0) throw new ArgumentOutOfRangeException(nameof(length), "Non-negative number required.");
            var chars = new char[length];
            action(chars, state);
            return new string(chars);
        }

        public string Normalize() => System.Text.Normalization.Normalize(this, System.Text.NormalizationForm.FormC, "strInput");

        public string Normalize(System.Text.NormalizationForm normalizationForm) => System.Text.Normalization.Normalize(this, normalizationForm, "strInput");

        public bool IsNormalized() => System.Text.Normalization.IsNormalized(this, System.Text.NormalizationForm.FormC);

        public bool IsNormalized(System.Text.NormalizationForm normalizationForm) => System.Text.Normalization.IsNormalized(this, normalizationForm);

        public char[] ToCharArray()
        {
            var result = new char[_stringLength];
            for (int i = 0; i < _stringLength; i++) result[i] = this[i];
            return result;
        }

        public string[] Split(char separator, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(new ReadOnlySpan<char>(in separator), null, int.MaxValue, options);

        public string[] Split(char separator, int count, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(new ReadOnlySpan<char>(in separator), null, count, options);

        /// <summary>No separators (null or empty) means white space, as in .NET.</summary>
        public string[] Split(params char[] separator) => SplitCore(separator, null, int.MaxValue, StringSplitOptions.None);

        public string[] Split(char[] separator, int count) => SplitCore(separator, null, count, StringSplitOptions.None);

        public string[] Split(char[] separator, StringSplitOptions options) => SplitCore(separator, null, int.MaxValue, options);

        public string[] Split(char[] separator, int count, StringSplitOptions options) => SplitCore(separator, null, count, options);

        public string[] Split(string separator, StringSplitOptions options = StringSplitOptions.None) =>
            Split(separator, int.MaxValue, options);

        public string[] Split(string separator, int count, StringSplitOptions options = StringSplitOptions.None)
        {
            if (string.IsNullOrEmpty(separator))
                return SplitCore(default, new[] { this }, 0, options); // the whole string, trimmed/dropped as asked
            return SplitCore(default, new[] { separator }, count, options);
        }

        /// <summary>No separators (null, empty, or only empty strings) means white space.</summary>
        public string[] Split(string[] separator, StringSplitOptions options) => Split(separator, int.MaxValue, options);

        public string[] Split(string[] separator, int count, StringSplitOptions options)
        {
            bool any = false;
            if (separator is not null)
                foreach (string s in separator) if (!string.IsNullOrEmpty(s)) any = true;
            return any ? SplitCore(default, separator, count, options) : SplitCore(default, null, count, options);
        }

        /// <summary>Splits on any of <paramref name="chars"/> or of <paramref name="strings"/> (the longest... the
        /// first listed that matches, as .NET), or on white space when both are empty; at most
        /// <paramref name="count"/> parts, the last holding the rest. count 0 with strings = {this} is the
        /// "empty separator" case: the whole string is the only part.</summary>
        private string[] SplitCore(ReadOnlySpan<char> chars, string[] strings, int count, StringSplitOptions options)
        {
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count), "Count cannot be less than zero.");
            if ((options & ~(StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)) != 0)
                throw new ArgumentException("Value of flags is invalid.", nameof(options));
            bool removeEmpty = (options & StringSplitOptions.RemoveEmptyEntries) != 0, trim = (options & StringSplitOptions.TrimEntries) != 0;
            var parts = new List<string>();
            if (strings is not null && strings.Length == 1 && ReferenceEquals(strings[0], this) && count == 0)
            {
                string whole = trim ? Trim() : this;
                return whole.Length == 0 && removeEmpty ? new string[0] : new[] { whole };
            }
            if (count == 0 || (removeEmpty && Length == 0)) return new string[0];
            if (count == 1)
            {
                string only = trim ? Trim() : this;
                return only.Length == 0 && removeEmpty ? new string[0] : new[] { only };
            }
            int start = 0;
            int i = 0;
            while (i < Length)
            {
                int matched = MatchSeparator(i, chars, strings);
                if (matched < 0) { i++; continue; }
                string part = Substring(start, i - start);
                if (trim) part = part.Trim();
                if (part.Length > 0 || !removeEmpty)
                {
                    parts.Add(part);
                    if (parts.Count == count - 1)
                    {
                        start = i + matched;
                        break;
                    }
                }
                i += matched;
                start = i;
                if (i >= Length) break;
            }
            string last = Substring(start);
            if (trim) last = last.Trim();
            if (removeEmpty && parts.Count == count - 1 && last.Length == 0) { }
            else if (last.Length > 0 || !removeEmpty) parts.Add(last);
            return parts.ToArray();
        }

        // Length of the separator at index, or -1.
        private int MatchSeparator(int index, ReadOnlySpan<char> chars, string[] strings)
        {
            char c = this[index];
            if (strings is null)
            {
                if (chars.Length == 0) return char.IsWhiteSpace(c) ? 1 : -1;
                for (int k = 0; k < chars.Length; k++) if (chars[k] == c) return 1;
                return -1;
            }
            foreach (string s in strings)
            {
                if (string.IsNullOrEmpty(s) || s.Length > Length - index) continue;
                if (s[0] == c && MatchesAt(index, s)) return s.Length;
            }
            return -1;
        }

        public static string Join(string separator, params string[] value)
        {
            string[] values = value ?? throw new ArgumentNullException(nameof(value));
            var builder = new StringBuilder();
            for (int i = 0; i < values.Length; i++)
            {
                if (i > 0) builder.Append(separator);
                builder.Append(values[i]);
            }
            return builder.ToString();
        }

        public static string Join(char separator, params string[] values) => Join(new string(separator, 1), values);

        public static string Join(char separator, params object[] values) => Join(new string(separator, 1), values);

        public static string Join<T>(char separator, IEnumerable<T> values) => Join(new string(separator, 1), values);

        public static string Join(char separator, string[] value, int startIndex, int count) => Join(new string(separator, 1), value, startIndex, count);

        public static string Join(string separator, string[] value, int startIndex, int count)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (startIndex < 0) throw new ArgumentOutOfRangeException(nameof(startIndex), "StartIndex cannot be less than zero.");
            if (count < 0) throw new ArgumentOutOfRangeException(nameof(count), "Count cannot be less than zero.");
            if (startIndex > value.Length - count) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index and count must refer to a location within the buffer.");
            var builder = new StringBuilder();
            for (int i = startIndex; i < startIndex + count; i++)
            {
                if (i > startIndex) builder.Append(separator);
                builder.Append(value[i]);
            }
            return builder.ToString();
        }

        public static string Join<T>(string separator, IEnumerable<T> values)
        {
            if (values is null) throw new ArgumentNullException("values");
            var builder = new StringBuilder();
            bool first = true;
            foreach (T value in values)
            {
                if (!first) builder.Append(separator);
                first = false;
                if (value != null) builder.Append(value.ToString());
            }
            return builder.ToString();
        }

        public static string Concat(ReadOnlySpan<char> a, ReadOnlySpan<char> b)
        {
            string result = FastAllocate(a.Length + b.Length);
            for (int i = 0; i < a.Length; i++) Unsafe.Add(ref result._firstChar, i) = a[i];
            for (int i = 0; i < b.Length; i++) Unsafe.Add(ref result._firstChar, a.Length + i) = b[i];
            return result;
        }

        public static string Concat<T>(IEnumerable<T> values) => Join(Empty, values);
    }

    [Flags]
    public enum StringSplitOptions
    {
        None = 0,
        RemoveEmptyEntries = 1,
        TrimEntries = 2,
    }
}

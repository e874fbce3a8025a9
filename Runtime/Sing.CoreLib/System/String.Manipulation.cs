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

        public char[] ToCharArray()
        {
            var result = new char[_stringLength];
            for (int i = 0; i < _stringLength; i++) result[i] = this[i];
            return result;
        }

        public string[] Split(char separator, StringSplitOptions options = StringSplitOptions.None) =>
            SplitCore(separator, null, options);

        public string[] Split(string separator, StringSplitOptions options = StringSplitOptions.None)
        {
            if (string.IsNullOrEmpty(separator)) return new[] { this };
            return SplitCore('\0', separator, options);
        }

        /// <summary>Splits on a character (when <paramref name="text"/> is null) or on a string.</summary>
        private string[] SplitCore(char separator, string text, StringSplitOptions options)
        {
            int separatorLength = text is null ? 1 : text.Length;
            var parts = new List<string>();
            int start = 0;
            while (true)
            {
                int index = text is null ? IndexOf(separator, start) : IndexOf(text, start);
                int end = index < 0 ? _stringLength : index;
                string part = Substring(start, end - start);
                if ((options & StringSplitOptions.TrimEntries) != 0) part = part.Trim();
                if (part.Length > 0 || (options & StringSplitOptions.RemoveEmptyEntries) == 0) parts.Add(part);
                if (index < 0) break;
                start = index + separatorLength;
            }
            return parts.ToArray();
        }

        public static string Join(string separator, params string[] values)
        {
            if (values is null) throw new ArgumentNullException("values");
            var builder = new StringBuilder();
            for (int i = 0; i < values.Length; i++)
            {
                if (i > 0) builder.Append(separator);
                builder.Append(values[i]);
            }
            return builder.ToString();
        }

        public static string Join(char separator, params string[] values) => Join(new string(separator, 1), values);

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

using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>The range forms of string searching (start index, count), line-ending replacement and span copies.</summary>
    public sealed partial class String
    {
        private void CheckSearchRange(int startIndex, int count)
        {
            if ((uint)startIndex > (uint)_stringLength) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than or equal to the size of the collection.");
            if ((uint)count > (uint)(_stringLength - startIndex)) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
        }

        public int IndexOf(char value, int startIndex, int count)
        {
            CheckSearchRange(startIndex, count);
            for (int i = startIndex; i < startIndex + count; i++)
                if (Unsafe.Add(ref _firstChar, i) == value) return i;
            return -1;
        }

        public int IndexOf(string value, int startIndex, int count) => IndexOf(value, startIndex, count, StringComparison.CurrentCulture);

        public int IndexOf(string value, int startIndex, int count, StringComparison comparisonType)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            CheckSearchRange(startIndex, count);
            int found = Substring(0, startIndex + count).IndexOf(value, startIndex, comparisonType);
            return found;
        }

        public int IndexOfAny(char[] anyOf, int startIndex) => IndexOfAny(anyOf, startIndex, _stringLength - startIndex);

        public int IndexOfAny(char[] anyOf, int startIndex, int count)
        {
            if (anyOf is null) throw new ArgumentNullException(nameof(anyOf));
            CheckSearchRange(startIndex, count);
            for (int i = startIndex; i < startIndex + count; i++)
            {
                char c = Unsafe.Add(ref _firstChar, i);
                for (int j = 0; j < anyOf.Length; j++)
                    if (anyOf[j] == c) return i;
            }
            return -1;
        }

        public int LastIndexOf(char value, int startIndex) => LastIndexOf(value, startIndex, startIndex + 1);

        public int LastIndexOf(char value, int startIndex, int count)
        {
            if (_stringLength == 0) return -1;
            if ((uint)startIndex >= (uint)_stringLength) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than the size of the collection.");
            if ((uint)count > (uint)(startIndex + 1)) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            for (int i = startIndex; i > startIndex - count; i--)
                if (Unsafe.Add(ref _firstChar, i) == value) return i;
            return -1;
        }

        public int LastIndexOf(string value, int startIndex) => LastIndexOf(value, startIndex, StringComparison.CurrentCulture);

        public int LastIndexOf(string value, StringComparison comparisonType) => LastIndexOf(value, _stringLength - 1, comparisonType);

        /// <summary>The last match of <paramref name="value"/> that ends at or before <paramref name="startIndex"/>.</summary>
        public int LastIndexOf(string value, int startIndex, StringComparison comparisonType)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (_stringLength == 0) return value.Length == 0 ? 0 : -1;
            if (startIndex == _stringLength) startIndex--;
            if ((uint)startIndex >= (uint)_stringLength) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than the size of the collection.");
            string window = Substring(0, startIndex + 1);
            for (int i = window.Length - value.Length; i >= 0; i--)
            {
                if (string.Compare(window, i, value, 0, value.Length, comparisonType) == 0) return i;
            }
            return -1;
        }

        public int LastIndexOfAny(char[] anyOf) => LastIndexOfAny(anyOf, _stringLength - 1);

        public int LastIndexOfAny(char[] anyOf, int startIndex) => LastIndexOfAny(anyOf, startIndex, startIndex + 1);

        public int LastIndexOfAny(char[] anyOf, int startIndex, int count)
        {
            if (anyOf is null) throw new ArgumentNullException(nameof(anyOf));
            if (_stringLength == 0) return -1;
            if ((uint)startIndex >= (uint)_stringLength) throw new ArgumentOutOfRangeException(nameof(startIndex), "Index was out of range. Must be non-negative and less than the size of the collection.");
            if ((uint)count > (uint)(startIndex + 1)) throw new ArgumentOutOfRangeException(nameof(count), "Count must be positive and count must refer to a location within the string/array/collection.");
            for (int i = startIndex; i > startIndex - count; i--)
            {
                char c = Unsafe.Add(ref _firstChar, i);
                for (int j = 0; j < anyOf.Length; j++)
                    if (anyOf[j] == c) return i;
            }
            return -1;
        }

        /// <summary>Every line ending (CR, LF, CRLF, NEL, LS, PS, FF) replaced by Environment.NewLine.</summary>
        public string ReplaceLineEndings() => ReplaceLineEndings(Environment.NewLine);

        public string ReplaceLineEndings(string replacementText)
        {
            if (replacementText is null) throw new ArgumentNullException(nameof(replacementText));
            var builder = new Text.StringBuilder(_stringLength);
            for (int i = 0; i < _stringLength; i++)
            {
                char c = Unsafe.Add(ref _firstChar, i);
                if (c == '\r')
                {
                    if (i + 1 < _stringLength && Unsafe.Add(ref _firstChar, i + 1) == '\n') i++;
                    builder.Append(replacementText);
                }
                else if (c == '\n' || c == '\f' || c == '\u0085' || c == '\u2028' || c == '\u2029') builder.Append(replacementText);
                else builder.Append(c);
            }
            return builder.ToString();
        }

        public void CopyTo(Span<char> destination)
        {
            if (!TryCopyTo(destination)) throw new ArgumentException("Destination is too short.", nameof(destination));
        }

        public bool TryCopyTo(Span<char> destination)
        {
            if (destination.Length < _stringLength) return false;
            this.AsSpan().CopyTo(destination);
            return true;
        }
    }
}

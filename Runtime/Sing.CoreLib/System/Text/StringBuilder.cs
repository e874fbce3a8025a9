using System.Runtime.CompilerServices;

namespace System.Text
{
    /// <summary>A mutable string: one growable char array, doubled when full.</summary>
    public sealed unsafe partial class StringBuilder
    {
        private char[] _chars;
        private int _length;

        public StringBuilder() : this(16) { }

        public StringBuilder(int capacity)
        {
            if (capacity < 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
            _chars = new char[capacity < 16 ? 16 : capacity];
        }

        public StringBuilder(string value) : this(value is null ? 16 : value.Length) => Append(value);

        public int Capacity
        {
            get => _chars.Length;
            set
            {
                if (value < _length) throw new ArgumentOutOfRangeException(nameof(value), "capacity was less than the current size.");
                if (value == _chars.Length) return;
                var resized = new char[value];
                Array.Copy(_chars, resized, _length);
                _chars = resized;
            }
        }

        public int Length
        {
            get => _length;
            set
            {
                if (value < 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
                EnsureCapacity(value);
                for (int i = _length; i < value; i++) _chars[i] = '\0';
                _length = value;
            }
        }

        public char this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) ThrowHelpers.ThrowIndexOutOfRangeException();
                return _chars[index];
            }
            set
            {
                if ((uint)index >= (uint)_length) ThrowHelpers.ThrowIndexOutOfRangeException();
                _chars[index] = value;
            }
        }

        /// <summary>Grows the buffer to hold at least <paramref name="capacity"/> characters; returns the capacity.</summary>
        public int EnsureCapacity(int capacity)
        {
            if (capacity < 0) throw new ArgumentOutOfRangeException(nameof(capacity), "Capacity must be positive.");
            if (capacity <= _chars.Length) return _chars.Length;
            int newCapacity = _chars.Length * 2;
            if (newCapacity < capacity) newCapacity = capacity;
            var chars = new char[newCapacity];
            new ReadOnlySpan<char>(_chars, 0, _length).CopyTo(chars);
            _chars = chars;
            return newCapacity;
        }

        public StringBuilder Append(char value)
        {
            if (_length == _chars.Length) EnsureCapacity(_length + 1);
            _chars[_length++] = value;
            return this;
        }

        public StringBuilder Append(char value, int repeatCount)
        {
            if (repeatCount < 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
            EnsureCapacity(_length + repeatCount);
            for (int i = 0; i < repeatCount; i++) _chars[_length++] = value;
            return this;
        }

        public StringBuilder Append(string value)
        {
            if (value is null) return this;
            int length = value.Length;
            if (length > _chars.Length - _length) EnsureCapacity(_length + length);
            // Short strings (most appends) a character at a time, without a call; longer ones as one block.
            if (length <= 4)
            {
                char[] chars = _chars;
                for (int i = 0; i < length; i++) chars[_length + i] = value[i];
            }
            else value.AsSpan().CopyTo(new Span<char>(_chars, _length, length));
            _length += length;
            return this;
        }

        public StringBuilder Append(string value, int startIndex, int count)
        {
            if (value is null) return this;
            if ((uint)startIndex > (uint)value.Length || (uint)count > (uint)(value.Length - startIndex))
                ThrowHelpers.ThrowArgumentOutOfRangeException();
            return Append(((ReadOnlySpan<char>)value).Slice(startIndex, count));
        }

        public StringBuilder Append(ReadOnlySpan<char> value)
        {
            if (value.Length > _chars.Length - _length) EnsureCapacity(_length + value.Length);
            value.CopyTo(new Span<char>(_chars, _length, value.Length));
            _length += value.Length;
            return this;
        }

        public StringBuilder Append(char[] value) => value is null ? this : Append(new ReadOnlySpan<char>(value));

        public StringBuilder Append(StringBuilder value) =>
            value is null ? this : Append(new ReadOnlySpan<char>(value._chars).Slice(0, value._length));

        public StringBuilder Append(bool value) => Append(value ? "True" : "False");

        public StringBuilder Append(int value) => AppendFormattable(value, null);

        public StringBuilder Append(uint value) => AppendFormattable(value, null);

        public StringBuilder Append(long value) => AppendFormattable(value, null);

        public StringBuilder Append(ulong value) => AppendFormattable(value, null);

        public StringBuilder Append(double value) => AppendFormattable(value, null);

        public StringBuilder Append(float value) => AppendFormattable(value, null);

        public StringBuilder Append(object value) => value is null ? this : Append(value.ToString());

        public StringBuilder Append(decimal value) => AppendFormattable(value, null);

        public StringBuilder Append(short value) => AppendFormattable(value, null);

        public StringBuilder Append(ushort value) => AppendFormattable(value, null);

        public StringBuilder Append(byte value) => AppendFormattable(value, null);

        public StringBuilder Append(sbyte value) => AppendFormattable(value, null);

        public StringBuilder Append(char[] value, int startIndex, int charCount) => Append(new ReadOnlySpan<char>(value, startIndex, charCount));

        public StringBuilder AppendJoin(string separator, params object[] values)
        {
            if (values is null) throw new ArgumentNullException(nameof(values));
            for (int i = 0; i < values.Length; i++)
            {
                if (i > 0) Append(separator);
                Append(values[i]?.ToString());
            }
            return this;
        }

        public StringBuilder AppendJoin(string separator, params string[] values) => AppendJoin(separator, (System.Collections.Generic.IEnumerable<string>)values);

        public StringBuilder AppendJoin<T>(string separator, System.Collections.Generic.IEnumerable<T> values)
        {
            if (values is null) throw new ArgumentNullException(nameof(values));
            bool first = true;
            foreach (T value in values)
            {
                if (!first) Append(separator);
                first = false;
                if (value is not null) Append(value.ToString());
            }
            return this;
        }

        public StringBuilder AppendJoin(char separator, params object[] values) => AppendJoin(new string(separator, 1), values);

        public StringBuilder AppendJoin(char separator, params string[] values) => AppendJoin(new string(separator, 1), values);

        public void CopyTo(int sourceIndex, Span<char> destination, int count)
        {
            if (sourceIndex < 0 || count < 0 || sourceIndex > _length - count) throw new ArgumentOutOfRangeException(nameof(sourceIndex));
            new ReadOnlySpan<char>(_chars, sourceIndex, count).CopyTo(destination);
        }

        /// <summary>Formats straight into the buffer: no intermediate string.</summary>
        internal StringBuilder AppendFormattable<T>(T value, string format) where T : ISpanFormattable
        {
            // Into the space there is; only a value that does not fit grows the buffer (and is formatted again).
            int written;
            while (!value.TryFormat(new Span<char>(_chars, _length, _chars.Length - _length), out written, format, null))
                EnsureCapacity(Math.Max(_chars.Length * 2, _length + 32));
            _length += written;
            return this;
        }

        public StringBuilder AppendLine() => Append('\n');

        public StringBuilder AppendLine(string value) => Append(value).Append('\n');

        public StringBuilder AppendFormat(string format, object arg0) => AppendFormat(format, new[] { arg0 });

        public StringBuilder AppendFormat(string format, object arg0, object arg1) => AppendFormat(format, new[] { arg0, arg1 });

        public StringBuilder AppendFormat(string format, object arg0, object arg1, object arg2) => AppendFormat(format, new[] { arg0, arg1, arg2 });

        // The provider is ignored: formatting is always culture-invariant, as string.Format's here.
        public StringBuilder AppendFormat(IFormatProvider provider, string format, object arg0) => AppendFormat(format, new[] { arg0 });

        public StringBuilder AppendFormat(IFormatProvider provider, string format, object arg0, object arg1) => AppendFormat(format, new[] { arg0, arg1 });

        public StringBuilder AppendFormat(IFormatProvider provider, string format, object arg0, object arg1, object arg2) => AppendFormat(format, new[] { arg0, arg1, arg2 });

        public StringBuilder AppendFormat(IFormatProvider provider, string format, params object[] args) => AppendFormat(format, args);

        public StringBuilder AppendFormat(string format, params object[] args)
        {
            int i = 0;
            while (i < format.Length)
            {
                char c = format[i++];
                if (c == '}')
                {
                    if (i < format.Length && format[i] == '}') i++;
                    else ThrowFormatError();
                    Append('}');
                    continue;
                }
                if (c != '{')
                {
                    Append(c);
                    continue;
                }
                if (i < format.Length && format[i] == '{')
                {
                    i++;
                    Append('{');
                    continue;
                }
                i = AppendFormatItem(format, i, args);
            }
            return this;
        }

        /// <summary>Parses one item after its '{' and appends it; returns the index after its '}'.</summary>
        private int AppendFormatItem(string format, int i, object[] args)
        {
            int index = ParseNumber(format, ref i);
            if (index < 0 || args is null || index >= args.Length) ThrowFormatError();
            int alignment = 0;
            if (i < format.Length && format[i] == ',')
            {
                i++;
                bool left = i < format.Length && format[i] == '-';
                if (left) i++;
                alignment = ParseNumber(format, ref i);
                if (alignment < 0) ThrowFormatError();
                if (left) alignment = -alignment;
            }
            string itemFormat = null;
            if (i < format.Length && format[i] == ':')
            {
                int start = ++i;
                while (i < format.Length && format[i] != '}') i++;
                itemFormat = format.Substring(start, i - start);
            }
            if (i >= format.Length || format[i] != '}') ThrowFormatError();
            object arg = args[index];
            string text = arg is IFormattable formattable ? formattable.ToString(itemFormat, null) : arg?.ToString();
            AppendAligned(text, alignment);
            return i + 1;
        }

        /// <summary>Right-aligns in a field of <paramref name="alignment"/> characters, or left-aligns if negative.</summary>
        internal StringBuilder AppendAligned(string text, int alignment)
        {
            text ??= string.Empty;
            int padding = (alignment < 0 ? -alignment : alignment) - text.Length;
            if (padding > 0 && alignment > 0) Append(' ', padding);
            Append(text);
            if (padding > 0 && alignment < 0) Append(' ', padding);
            return this;
        }

        private static int ParseNumber(string format, ref int i)
        {
            int start = i, value = 0;
            while (i < format.Length && char.IsDigit(format[i]) && value < 1000000) value = value * 10 + (format[i++] - '0');
            return i == start ? -1 : value;
        }

        private static void ThrowFormatError() => throw new FormatException("Input string was not in a correct format.");

        public StringBuilder Insert(int index, char value) => Insert(index, new string(value, 1));

        public StringBuilder Insert(int index, object value) => Insert(index, value?.ToString());

        public StringBuilder Insert(int index, int value) => Insert(index, value.ToString());

        public StringBuilder Insert(int index, string value)
        {
            if ((uint)index > (uint)_length) ThrowHelpers.ThrowArgumentOutOfRangeException();
            if (value is null || value.Length == 0) return this;
            EnsureCapacity(_length + value.Length);
            for (int i = _length - 1; i >= index; i--) _chars[i + value.Length] = _chars[i];
            for (int i = 0; i < value.Length; i++) _chars[index + i] = value[i];
            _length += value.Length;
            return this;
        }

        public StringBuilder Remove(int startIndex, int length)
        {
            if ((uint)startIndex > (uint)_length || (uint)length > (uint)(_length - startIndex))
                ThrowHelpers.ThrowArgumentOutOfRangeException();
            for (int i = startIndex + length; i < _length; i++) _chars[i - length] = _chars[i];
            _length -= length;
            return this;
        }

        public StringBuilder Replace(char oldChar, char newChar)
        {
            for (int i = 0; i < _length; i++)
                if (_chars[i] == oldChar) _chars[i] = newChar;
            return this;
        }

        /// <summary>Replaces every (non-overlapping, left to right) occurrence; an empty oldValue throws, as .NET.</summary>
        public StringBuilder Replace(string oldValue, string newValue)
        {
            if (oldValue is null) throw new ArgumentNullException(nameof(oldValue));
            if (oldValue.Length == 0) throw new ArgumentException("The value cannot be an empty string.", nameof(oldValue));
            string current = ToString();
            if (current.IndexOf(oldValue) < 0) return this;
            string replaced = current.Replace(oldValue, newValue ?? "");
            _length = 0;
            return Append(replaced);
        }

        public StringBuilder Clear()
        {
            _length = 0;
            return this;
        }

        /// <summary>Whether <paramref name="sb"/> holds the same characters (capacity does not matter, as in .NET).</summary>
        public bool Equals(StringBuilder sb)
        {
            if (sb is null || sb._length != _length) return false;
            for (int i = 0; i < _length; i++)
                if (sb._chars[i] != _chars[i]) return false;
            return true;
        }

        public override string ToString() => _length == 0 ? string.Empty : new string(new ReadOnlySpan<char>(_chars).Slice(0, _length));

        public string ToString(int startIndex, int length) => new string(new ReadOnlySpan<char>(_chars).Slice(startIndex, length));
    }
}

namespace System.Runtime.CompilerServices
{
    /// <summary>What the C# compiler builds `$"..."` with: literal parts and formatted holes are appended to one
    /// char array, then copied into the result string. Values that implement ISpanFormattable (the integer
    /// primitives) format straight into the array; the JIT removes the box for value types, so formatting a
    /// number allocates nothing. Other values go through IFormattable.ToString or ToString().</summary>
    [InterpolatedStringHandler]
    public ref struct DefaultInterpolatedStringHandler
    {
        private const int GuessedLengthPerHole = 11;
        private const int MinimumLength = 32;

        private char[] _chars;
        private int _pos;

        public DefaultInterpolatedStringHandler(int literalLength, int formattedCount)
        {
            int length = literalLength + formattedCount * GuessedLengthPerHole;
            _chars = new char[length < MinimumLength ? MinimumLength : length];
            _pos = 0;
        }

        public DefaultInterpolatedStringHandler(int literalLength, int formattedCount, IFormatProvider provider)
            : this(literalLength, formattedCount) { }

        public void AppendLiteral(string value) => AppendSpan(value);

        public void AppendFormatted(string value) => AppendSpan(value);

        public void AppendFormatted(string value, int alignment = 0, string format = null) => AppendAligned(value, alignment);

        public void AppendFormatted(ReadOnlySpan<char> value) => AppendSpan(value);

        public void AppendFormatted(object value, int alignment = 0, string format = null) => AppendFormatted<object>(value, alignment, format);

        public void AppendFormatted<T>(T value) => AppendFormatted(value, 0, null);

        public void AppendFormatted<T>(T value, string format) => AppendFormatted(value, 0, format);

        public void AppendFormatted<T>(T value, int alignment) => AppendFormatted(value, alignment, null);

        public void AppendFormatted<T>(T value, int alignment, string format)
        {
            if (value is ISpanFormattable)
            {
                int start = _pos, written;
                while (!((ISpanFormattable)value).TryFormat(new Span<char>(_chars, _pos, _chars.Length - _pos), out written, format, null))
                    Grow(_chars.Length);
                _pos += written;
                if (alignment != 0) AlignLast(start, alignment);
                return;
            }
            string text = value is IFormattable ? ((IFormattable)value).ToString(format, null) : value?.ToString();
            AppendAligned(text, alignment);
        }

        private void AppendAligned(string text, int alignment)
        {
            int start = _pos;
            AppendSpan(text);
            if (alignment != 0) AlignLast(start, alignment);
        }

        /// <summary>Pads the text appended since <paramref name="start"/> to the field width: right-aligned for a
        /// positive alignment, left-aligned for a negative one.</summary>
        private void AlignLast(int start, int alignment)
        {
            int width = alignment < 0 ? -alignment : alignment;
            int padding = width - (_pos - start);
            if (padding <= 0) return;
            EnsureSpace(padding);
            if (alignment > 0)
            {
                for (int i = _pos - 1; i >= start; i--) _chars[i + padding] = _chars[i];
                for (int i = 0; i < padding; i++) _chars[start + i] = ' ';
            }
            else
            {
                for (int i = 0; i < padding; i++) _chars[_pos + i] = ' ';
            }
            _pos += padding;
        }

        private void AppendSpan(ReadOnlySpan<char> value)
        {
            EnsureSpace(value.Length);
            for (int i = 0; i < value.Length; i++) _chars[_pos + i] = value[i];
            _pos += value.Length;
        }

        private void EnsureSpace(int additional)
        {
            if (_chars.Length - _pos < additional) Grow(additional);
        }

        private void Grow(int additional)
        {
            int length = _chars.Length * 2;
            if (length < _pos + additional) length = _pos + additional;
            var chars = new char[length];
            for (int i = 0; i < _pos; i++) chars[i] = _chars[i];
            _chars = chars;
        }

        public override string ToString() => new string(new ReadOnlySpan<char>(_chars).Slice(0, _pos));

        public string ToStringAndClear()
        {
            string result = ToString();
            _pos = 0;
            return result;
        }
    }
}

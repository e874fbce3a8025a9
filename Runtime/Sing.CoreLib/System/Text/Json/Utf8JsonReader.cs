using System.Globalization;

namespace System.Text.Json
{
    /// <summary>A forward-only reader of UTF-8 JSON text (RFC 8259), one token per <see cref="Read"/>. It reads a whole
    /// payload held in one span (isFinalBlock true); errors are .NET's messages with the line and the byte in it.</summary>
    public ref partial struct Utf8JsonReader
    {
        private readonly ReadOnlySpan<byte> _buffer;
        private readonly JsonReaderOptions _options;
        private readonly int _maxDepth;
        private int _consumed;
        private int _tokenStart;
        private int _valueStart;
        private int _valueLength;
        private JsonTokenType _tokenType;
        // The last token that is not a comment: what the grammar continues from.
        private JsonTokenType _grammarToken;
        private int _depth;
        // One bit per open container below depth 64 (1 = object); deeper levels in _deepStack.
        private ulong _containers;
        private byte[] _deepStack;
        private bool _valueIsEscaped;
        private bool _afterComma;

        public Utf8JsonReader(ReadOnlySpan<byte> jsonData, JsonReaderOptions options = default)
        {
            _buffer = jsonData;
            _options = options;
            _maxDepth = options.EffectiveMaxDepth;
            _consumed = 0;
            _tokenStart = 0;
            _valueStart = 0;
            _valueLength = 0;
            _tokenType = JsonTokenType.None;
            _grammarToken = JsonTokenType.None;
            _depth = 0;
            _containers = 0;
            _deepStack = null;
            _valueIsEscaped = false;
            _afterComma = false;
        }

        public Utf8JsonReader(ReadOnlySpan<byte> jsonData, bool isFinalBlock, JsonReaderState state)
            : this(jsonData, state.ReaderOptions)
        {
            if (!isFinalBlock)
                throw new NotSupportedException("Utf8JsonReader reads whole payloads only here: pass isFinalBlock: true with all of the JSON text.");
        }

        public readonly JsonTokenType TokenType => _tokenType;

        public readonly ReadOnlySpan<byte> ValueSpan => _buffer.Slice(_valueStart, _valueLength);

        public readonly bool HasValueSequence => false;

        public readonly bool ValueIsEscaped => _valueIsEscaped;

        public readonly long BytesConsumed => _consumed;

        public readonly long TokenStartIndex => _tokenStart;

        public readonly int CurrentDepth
        {
            get
            {
                int depth = _depth;
                if (_tokenType == JsonTokenType.StartObject || _tokenType == JsonTokenType.StartArray) depth--;
                return depth;
            }
        }

        public readonly bool IsFinalBlock => true;

        public readonly JsonReaderState CurrentState => new JsonReaderState(_options);

        internal readonly int ValueStart => _valueStart;

        internal readonly int ValueLength => _valueLength;

        internal readonly ReadOnlySpan<byte> SourceSlice(int start, int length) => _buffer.Slice(start, length);

        /// <summary>Reads the next token; false at the end of a complete payload.</summary>
        public bool Read()
        {
            _valueIsEscaped = false;
            if (!SkipWhiteSpaceAndComments(out bool comment)) return EndOfData();
            if (comment) return true;
            byte c = _buffer[_consumed];

            if (_afterComma) return AfterComma(c);
            if (_grammarToken == JsonTokenType.None) return ReadValue(c);
            if (_depth == 0)
            {
                if (_options.AllowMultipleValues) return ReadValue(c);
                throw Error("'" + Printable(c) + "' is invalid after a single JSON value. Expected end of data.");
            }

            switch (_grammarToken)
            {
                case JsonTokenType.StartObject:
                    if (c == (byte)'}') return EndContainer(JsonTokenType.EndObject);
                    return ReadPropertyName(c);
                case JsonTokenType.StartArray:
                    if (c == (byte)']') return EndContainer(JsonTokenType.EndArray);
                    return ReadValue(c);
                case JsonTokenType.PropertyName:
                    return ReadValue(c);
            }

            // After a value or a closed container inside a container: ',' or the close.
            bool inObject = InObject;
            if (c == (byte)',')
            {
                _consumed++;
                _afterComma = true;
                if (!SkipWhiteSpaceAndComments(out comment)) return EndOfData();
                if (comment) return true;
                return AfterComma(_buffer[_consumed]);
            }
            if (c == (byte)'}' || c == (byte)']')
            {
                if ((c == (byte)'}') != inObject) throw Error("'" + Printable(c) + "' is invalid without a matching open.");
                return EndContainer(inObject ? JsonTokenType.EndObject : JsonTokenType.EndArray);
            }
            throw Error("'" + Printable(c) + "' is invalid after a value. Expected either ',', '}', or ']'.");
        }

        /// <summary>What may follow a ',': a property name or value, or (when allowed) the close.</summary>
        private bool AfterComma(byte c)
        {
            if (InObject)
            {
                if (c == (byte)'}')
                {
                    if (!_options.AllowTrailingCommas)
                        throw Error("The JSON object contains a trailing comma at the end which is not supported in this mode. Change the reader options.");
                    return EndContainer(JsonTokenType.EndObject);
                }
                return ReadPropertyName(c);
            }
            if (c == (byte)']')
            {
                if (!_options.AllowTrailingCommas)
                    throw Error("The JSON array contains a trailing comma at the end which is not supported in this mode. Change the reader options.");
                return EndContainer(JsonTokenType.EndArray);
            }
            return ReadValue(c);
        }

        /// <summary>Skips the children of the current object or array (or the value of a property name).</summary>
        public void Skip()
        {
            if (_tokenType == JsonTokenType.PropertyName) Read();
            if (_tokenType == JsonTokenType.StartObject || _tokenType == JsonTokenType.StartArray)
            {
                int depth = CurrentDepth;
                do
                {
                    if (!Read()) throw Error("There is not enough data to read through the entire JSON array or object.");
                }
                while (CurrentDepth > depth);
            }
        }

        public bool TrySkip()
        {
            Skip();
            return true;
        }

        private bool EndOfData()
        {
            if (_grammarToken == JsonTokenType.None)
                throw Error("The input does not contain any JSON tokens. Expected the input to start with a valid JSON token, when isFinalBlock is true.");
            if (_depth != 0)
            {
                if (_grammarToken == JsonTokenType.PropertyName) throw Error("Expected a value, but instead reached end of data.");
                if (_afterComma) throw Error("Expected start of a property name or value, but instead reached end of data.");
                throw Error("Expected depth to be zero at the end of the JSON payload. There is an open JSON object or array that should be closed.");
            }
            _tokenType = _grammarToken;
            return false;
        }

        private bool SkipWhiteSpaceAndComments(out bool comment)
        {
            comment = false;
            while (_consumed < _buffer.Length)
            {
                byte c = _buffer[_consumed];
                if (c == (byte)' ' || c == (byte)'\n' || c == (byte)'\r' || c == (byte)'\t')
                {
                    _consumed++;
                    continue;
                }
                if (c == (byte)'/' && _options.CommentHandling != JsonCommentHandling.Disallow)
                {
                    ReadComment();
                    if (_options.CommentHandling == JsonCommentHandling.Allow)
                    {
                        comment = true;
                        return true;
                    }
                    continue;
                }
                return true;
            }
            return false;
        }

        private void ReadComment()
        {
            int start = _consumed;
            if (start + 1 >= _buffer.Length) { _consumed = _buffer.Length; throw Error("Unexpected end of data while reading a comment."); }
            byte kind = _buffer[start + 1];
            int end;
            if (kind == (byte)'/')
            {
                end = start + 2;
                while (end < _buffer.Length && _buffer[end] != (byte)'\n' && _buffer[end] != (byte)'\r') end++;
                SetToken(JsonTokenType.Comment, start, start + 2, end - start - 2);
                _consumed = end;
            }
            else if (kind == (byte)'*')
            {
                int close = _buffer.Slice(start + 2).IndexOf("*/"u8);
                if (close < 0) { _consumed = _buffer.Length; throw Error("Expected end of comment, but instead reached end of data."); }
                SetToken(JsonTokenType.Comment, start, start + 2, close);
                _consumed = start + 2 + close + 2;
            }
            else
            {
                _consumed = start + 1;
                throw Error("'" + Printable(kind) + "' is invalid after '/' at the beginning of the comment. Expected either '/' or '*'.");
            }
        }

        private void SetToken(JsonTokenType type, int tokenStart, int valueStart, int valueLength)
        {
            _tokenType = type;
            _tokenStart = tokenStart;
            _valueStart = valueStart;
            _valueLength = valueLength;
        }

        private bool ReadValue(byte c)
        {
            _afterComma = false;
            int start = _consumed;
            switch (c)
            {
                case (byte)'"':
                    ReadString(JsonTokenType.String);
                    return true;
                case (byte)'{':
                case (byte)'[':
                    bool isObject = c == (byte)'{';
                    if (_depth >= _maxDepth)
                        throw Error("The maximum configured depth of " + _maxDepth + " has been exceeded. Cannot read next JSON " + (isObject ? "object." : "array."));
                    Push(isObject);
                    _consumed++;
                    Token(isObject ? JsonTokenType.StartObject : JsonTokenType.StartArray, start, start, 1);
                    return true;
                case (byte)'t':
                    return ReadLiteral("true"u8, JsonTokenType.True, "'{0}' is an invalid JSON literal. Expected the literal 'true'.");
                case (byte)'f':
                    return ReadLiteral("false"u8, JsonTokenType.False, "'{0}' is an invalid JSON literal. Expected the literal 'false'.");
                case (byte)'n':
                    return ReadLiteral("null"u8, JsonTokenType.Null, "'{0}' is an invalid JSON literal. Expected the literal 'null'.");
            }
            if (c == (byte)'-' || (c >= (byte)'0' && c <= (byte)'9'))
            {
                ReadNumber();
                return true;
            }
            throw Error("'" + Printable(c) + "' is an invalid start of a value.");
        }

        private void Token(JsonTokenType type, int tokenStart, int valueStart, int valueLength)
        {
            SetToken(type, tokenStart, valueStart, valueLength);
            _grammarToken = type;
        }

        private bool ReadLiteral(ReadOnlySpan<byte> literal, JsonTokenType type, string message)
        {
            int start = _consumed;
            int i = 0;
            while (i < literal.Length && start + i < _buffer.Length && _buffer[start + i] == literal[i]) i++;
            if (i < literal.Length)
            {
                int shown = Math.Min(i + 1, _buffer.Length - start);
                string text = Encoding.UTF8.GetString(_buffer.Slice(start, shown));
                _consumed = start + i;
                throw Error(message.Replace("{0}", text));
            }
            _consumed = start + literal.Length;
            RequireDelimiter();
            Token(type, start, start, literal.Length);
            return true;
        }

        private void ReadNumber()
        {
            int start = _consumed;
            int i = start;
            if (_buffer[i] == (byte)'-')
            {
                i++;
                if (i >= _buffer.Length) { _consumed = i; throw Error("Expected a digit ('0'-'9'), but instead reached end of data."); }
                if (!IsDigit(_buffer[i]))
                {
                    _consumed = i;
                    throw Error("'" + Printable(_buffer[i]) + "' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9').");
                }
            }
            if (_buffer[i] == (byte)'0')
            {
                i++;
                if (i < _buffer.Length && IsDigit(_buffer[i]))
                {
                    _consumed = i;
                    throw Error("Invalid leading zero before '" + Printable(_buffer[i]) + "'.");
                }
            }
            else
            {
                while (i < _buffer.Length && IsDigit(_buffer[i])) i++;
            }
            if (i < _buffer.Length && _buffer[i] == (byte)'.')
            {
                i++;
                if (i >= _buffer.Length) { _consumed = i; throw Error("Expected a digit ('0'-'9'), but instead reached end of data."); }
                if (!IsDigit(_buffer[i]))
                {
                    _consumed = i;
                    throw Error("'" + Printable(_buffer[i]) + "' is invalid within a number, immediately after a decimal point ('.'). Expected a digit ('0'-'9').");
                }
                while (i < _buffer.Length && IsDigit(_buffer[i])) i++;
            }
            if (i < _buffer.Length && (_buffer[i] == (byte)'e' || _buffer[i] == (byte)'E'))
            {
                i++;
                if (i < _buffer.Length && (_buffer[i] == (byte)'+' || _buffer[i] == (byte)'-')) i++;
                if (i >= _buffer.Length) { _consumed = i; throw Error("Expected a digit ('0'-'9'), but instead reached end of data."); }
                if (!IsDigit(_buffer[i]))
                {
                    _consumed = i;
                    throw Error("'" + Printable(_buffer[i]) + "' is invalid within a number, immediately after a sign character ('+' or '-'). Expected a digit ('0'-'9').");
                }
                while (i < _buffer.Length && IsDigit(_buffer[i])) i++;
            }
            _consumed = i;
            // .NET's reader wants a delimiter after a number inside a container even at the end of the data.
            if (i == _buffer.Length && _depth > 0)
                throw Error("'" + Printable(_buffer[i - 1]) + "' is an invalid end of a number. Expected a delimiter.");
            if (i < _buffer.Length && !IsDelimiter(_buffer[i]))
                throw Error("'" + Printable(_buffer[i]) + "' is an invalid end of a number. Expected a delimiter.");
            Token(JsonTokenType.Number, start, start, i - start);
        }

        private void RequireDelimiter()
        {
            if (_consumed < _buffer.Length && !IsDelimiter(_buffer[_consumed]))
                throw Error("'" + Printable(_buffer[_consumed]) + "' is invalid after a value. Expected either ',', '}', or ']'.");
        }

        private static bool IsDigit(byte c) => c >= (byte)'0' && c <= (byte)'9';

        private static bool IsDelimiter(byte c) =>
            c == (byte)',' || c == (byte)'}' || c == (byte)']' || c == (byte)' ' || c == (byte)'\n' || c == (byte)'\r' || c == (byte)'\t' || c == (byte)'/';

        private bool ReadPropertyName(byte c)
        {
            _afterComma = false;
            if (c != (byte)'"') throw Error("'" + Printable(c) + "' is an invalid start of a property name. Expected a '\"'.");
            ReadString(JsonTokenType.PropertyName);
            // The ':' belongs to the property name token, as in .NET.
            int at = _consumed;
            while (at < _buffer.Length && IsWhiteSpace(_buffer[at])) at++;
            if (at >= _buffer.Length) { _consumed = at; throw Error("Expected a value, but instead reached end of data."); }
            if (_buffer[at] != (byte)':')
            {
                _consumed = at;
                throw Error("'" + Printable(_buffer[at]) + "' is invalid after a property name. Expected a ':'.");
            }
            _consumed = at + 1;
            return true;
        }

        private static bool IsWhiteSpace(byte c) => c == (byte)' ' || c == (byte)'\n' || c == (byte)'\r' || c == (byte)'\t';

        private void ReadString(JsonTokenType type)
        {
            int start = _consumed;
            int i = start + 1;
            bool escaped = false;
            while (true)
            {
                if (i >= _buffer.Length)
                {
                    _consumed = i;
                    throw Error("Expected end of string, but instead reached end of data.");
                }
                byte c = _buffer[i];
                if (c == (byte)'"') break;
                if (c < 0x20)
                {
                    _consumed = i;
                    throw Error("'" + Printable(c) + "' is invalid within a JSON string. The string should be correctly escaped.");
                }
                if (c == (byte)'\\')
                {
                    escaped = true;
                    i++;
                    if (i >= _buffer.Length) { _consumed = i; throw Error("Expected end of string, but instead reached end of data."); }
                    byte e = _buffer[i];
                    if (e == (byte)'u')
                    {
                        for (int h = 1; h <= 4; h++)
                        {
                            if (i + h >= _buffer.Length) { _consumed = i + h; throw Error("Expected end of string, but instead reached end of data."); }
                            if (HexValue(_buffer[i + h]) < 0)
                            {
                                _consumed = i + h;
                                throw Error("'" + Printable(_buffer[i + h]) + "' is not a hex digit following '\\u' within a JSON string. The string should be correctly escaped.");
                            }
                        }
                        i += 4;
                    }
                    else if (e != (byte)'"' && e != (byte)'\\' && e != (byte)'/' && e != (byte)'b' && e != (byte)'f' && e != (byte)'n' && e != (byte)'r' && e != (byte)'t')
                    {
                        _consumed = i;
                        throw Error("'" + Printable(e) + "' is an invalid escapable character within a JSON string. The string should be correctly escaped.");
                    }
                }
                i++;
            }
            _consumed = i + 1;
            Token(type, start, start + 1, i - start - 1);
            _valueIsEscaped = escaped;
        }

        internal static int HexValue(byte c)
        {
            if (c >= (byte)'0' && c <= (byte)'9') return c - '0';
            if (c >= (byte)'a' && c <= (byte)'f') return c - 'a' + 10;
            if (c >= (byte)'A' && c <= (byte)'F') return c - 'A' + 10;
            return -1;
        }

        private bool EndContainer(JsonTokenType type)
        {
            _afterComma = false;
            int start = _consumed;
            _consumed++;
            _depth--;
            Token(type, start, start, 1);
            return true;
        }

        private readonly bool InObject
        {
            get
            {
                int level = _depth - 1;
                if (level < 64) return (_containers & (1UL << level)) != 0;
                return _deepStack[level - 64] != 0;
            }
        }

        private void Push(bool isObject)
        {
            int level = _depth;
            if (level < 64)
            {
                if (isObject) _containers |= 1UL << level;
                else _containers &= ~(1UL << level);
            }
            else
            {
                if (_deepStack == null || _deepStack.Length <= level - 64)
                {
                    byte[] bigger = new byte[Math.Max(64, (level - 64) * 2 + 1)];
                    if (_deepStack != null) Array.Copy(_deepStack, bigger, _deepStack.Length);
                    _deepStack = bigger;
                }
                _deepStack[level - 64] = isObject ? (byte)1 : (byte)0;
            }
            _depth++;
        }

        /// <summary>A byte as .NET's messages show it: the character if printable ASCII, else 0xNN.</summary>
        internal static string Printable(byte c) =>
            c >= 0x20 && c < 0x7F ? ((char)c).ToString() : "0x" + c.ToString("X2", CultureInfo.InvariantCulture);

        private readonly JsonException Error(string message)
        {
            Position(out long line, out long byteInLine);
            return new JsonReaderException(message, line, byteInLine);
        }

        /// <summary>Where the reader is (after the current token): the line and the byte in it, from 0.</summary>
        internal readonly void Position(out long line, out long byteInLine)
        {
            int position = Math.Min(_consumed, _buffer.Length);
            line = 0;
            int lineStart = 0;
            for (int i = 0; i < position; i++)
            {
                if (_buffer[i] == (byte)'\n')
                {
                    line++;
                    lineStart = i + 1;
                }
            }
            byteInLine = position - lineStart;
        }
    }
}

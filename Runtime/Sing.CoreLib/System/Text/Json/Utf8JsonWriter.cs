using System.Buffers;
using System.Globalization;
using System.IO;
using System.Text.Encodings.Web;

namespace System.Text.Json
{
    /// <summary>Writes UTF-8 JSON text to an IBufferWriter or a Stream, checking that what is written is one valid
    /// JSON value (unless SkipValidation). Output collects in the writer until <see cref="Flush"/> (or Dispose), as
    /// .NET's <see cref="BytesPending"/> and <see cref="BytesCommitted"/> count it.</summary>
    public sealed partial class Utf8JsonWriter : IDisposable
    {
        private IBufferWriter<byte> _output;
        private Stream _stream;
        private byte[] _buffer = new byte[256];
        private int _pending;
        private long _committed;
        private int _depth;
        // One entry per open container: true for an object.
        private bool[] _containers = new bool[16];
        private JsonTokenType _lastToken;
        private readonly JsonWriterOptions _options;
        private readonly int _maxDepth;
        private readonly JavaScriptEncoder _encoder;
        private readonly byte[] _newLine;
        private readonly byte _indentByte;
        private readonly int _indentSize;

        public Utf8JsonWriter(IBufferWriter<byte> bufferWriter, JsonWriterOptions options = default)
            : this(options)
        {
            _output = bufferWriter ?? throw new ArgumentNullException(nameof(bufferWriter));
        }

        public Utf8JsonWriter(Stream utf8Json, JsonWriterOptions options = default)
            : this(options)
        {
            if (utf8Json is null) throw new ArgumentNullException(nameof(utf8Json));
            if (!utf8Json.CanWrite) throw new ArgumentException("Stream is not writable.", nameof(utf8Json));
            _stream = utf8Json;
        }

        private Utf8JsonWriter(JsonWriterOptions options)
        {
            _options = options;
            _maxDepth = options.EffectiveMaxDepth;
            _encoder = options.Encoder;
            _newLine = Encoding.UTF8.GetBytes(options.NewLine);
            _indentByte = (byte)options.IndentCharacter;
            _indentSize = options.IndentSize;
        }

        public JsonWriterOptions Options => _options;

        public int BytesPending => _pending;

        public long BytesCommitted => _committed;

        public int CurrentDepth => _depth;

        /// <summary>Hands what is pending to the output (and flushes a stream).</summary>
        public void Flush()
        {
            if (_pending > 0)
            {
                if (_stream != null)
                {
                    _stream.Write(new ReadOnlySpan<byte>(_buffer, 0, _pending));
                }
                else
                {
                    Span<byte> target = _output.GetSpan(_pending);
                    if (target.Length < _pending)
                        throw new InvalidOperationException("The 'IBufferWriter' could not provide an output buffer that is large enough to continue writing.");
                    new ReadOnlySpan<byte>(_buffer, 0, _pending).CopyTo(target);
                    _output.Advance(_pending);
                }
                _committed += _pending;
                _pending = 0;
            }
            _stream?.Flush();
        }

        public void Dispose()
        {
            if (_output == null && _stream == null) return;
            Flush();
            _output = null;
            _stream = null;
        }

        /// <summary>Forgets everything written (pending bytes too) and writes again from the start.</summary>
        public void Reset()
        {
            if (_output == null && _stream == null) throw new ObjectDisposedException(nameof(Utf8JsonWriter));
            ResetState();
        }

        public void Reset(IBufferWriter<byte> bufferWriter)
        {
            _output = bufferWriter ?? throw new ArgumentNullException(nameof(bufferWriter));
            _stream = null;
            ResetState();
        }

        public void Reset(Stream utf8Json)
        {
            _stream = utf8Json ?? throw new ArgumentNullException(nameof(utf8Json));
            _output = null;
            ResetState();
        }

        private void ResetState()
        {
            _pending = 0;
            _committed = 0;
            _depth = 0;
            _lastToken = JsonTokenType.None;
        }

        // ---- structure ----

        public void WriteStartObject() => WriteStart(true);

        public void WriteStartArray() => WriteStart(false);

        public void WriteStartObject(string propertyName)
        {
            WritePropertyName(propertyName);
            WriteStart(true);
        }

        public void WriteStartArray(string propertyName)
        {
            WritePropertyName(propertyName);
            WriteStart(false);
        }

        public void WriteStartObject(JsonEncodedText propertyName)
        {
            WritePropertyName(propertyName);
            WriteStart(true);
        }

        public void WriteStartArray(JsonEncodedText propertyName)
        {
            WritePropertyName(propertyName);
            WriteStart(false);
        }

        private void WriteStart(bool isObject)
        {
            if (!_options.SkipValidation)
            {
                if (_depth >= _maxDepth)
                    throw new InvalidOperationException("CurrentDepth (" + _depth + ") is equal to or larger than the maximum allowed depth of " + _maxDepth + ". Cannot write the next JSON object or array.");
                if (_depth == 0 && _lastToken != JsonTokenType.None)
                    throw new InvalidOperationException("Cannot write the start of an object/array after a single JSON value or outside of an existing closed object/array. Current token type is '" + _lastToken + "'.");
                if (_depth > 0 && _containers[_depth - 1] && _lastToken != JsonTokenType.PropertyName)
                    throw new InvalidOperationException("Cannot write the start of an object or array without a property name. Current token type is '" + _lastToken + "'.");
            }
            BeforeValue();
            Put(isObject ? (byte)'{' : (byte)'[');
            if (_depth == _containers.Length) Array.Resize(ref _containers, _depth * 2);
            _containers[_depth++] = isObject;
            _lastToken = isObject ? JsonTokenType.StartObject : JsonTokenType.StartArray;
        }

        public void WriteEndObject() => WriteEnd(true);

        public void WriteEndArray() => WriteEnd(false);

        private void WriteEnd(bool isObject)
        {
            char close = isObject ? '}' : ']';
            if (_depth == 0 || _containers[_depth - 1] != isObject)
            {
                if (!_options.SkipValidation) throw new InvalidOperationException("'" + close + "' is invalid without a matching open.");
            }
            else if (_lastToken == JsonTokenType.PropertyName && !_options.SkipValidation)
            {
                throw new InvalidOperationException("'" + close + "' is invalid following a property name.");
            }
            bool empty = _lastToken == JsonTokenType.StartObject || _lastToken == JsonTokenType.StartArray;
            if (_depth > 0) _depth--;
            if (_options.Indented && !empty)
            {
                NewLine();
                Indent(_depth);
            }
            Put((byte)close);
            _lastToken = isObject ? JsonTokenType.EndObject : JsonTokenType.EndArray;
        }

        public void WritePropertyName(string propertyName)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            WritePropertyName(propertyName.AsSpan());
        }

        public void WritePropertyName(ReadOnlySpan<char> propertyName)
        {
            BeforePropertyName();
            Put((byte)'"');
            PutEscaped(propertyName);
            AfterPropertyName();
        }

        public void WritePropertyName(ReadOnlySpan<byte> utf8PropertyName) =>
            WritePropertyName(Encoding.UTF8.GetString(utf8PropertyName).AsSpan());

        public void WritePropertyName(JsonEncodedText propertyName)
        {
            BeforePropertyName();
            Put((byte)'"');
            PutRaw(propertyName.EncodedUtf8Bytes);
            AfterPropertyName();
        }

        private void BeforePropertyName()
        {
            if (!_options.SkipValidation)
            {
                if (_depth == 0 || !_containers[_depth - 1])
                    throw new InvalidOperationException("Cannot write a JSON property within an array or as the first JSON token. Current token type is '" + _lastToken + "'.");
                if (_lastToken == JsonTokenType.PropertyName)
                    throw new InvalidOperationException("Cannot write a JSON property name following another property name. A JSON value is missing.");
            }
            Separate();
        }

        private void AfterPropertyName()
        {
            Put((byte)'"');
            Put((byte)':');
            if (_options.Indented) Put((byte)' ');
            _lastToken = JsonTokenType.PropertyName;
        }

        /// <summary>The checks and separator before any value: a ',' and, indented, a new line at this depth.</summary>
        private void BeforeValue()
        {
            if (_lastToken == JsonTokenType.PropertyName) return;
            if (!_options.SkipValidation)
            {
                if (_depth == 0 && _lastToken != JsonTokenType.None)
                    throw new InvalidOperationException("Cannot write a JSON value after a single JSON value or outside of an existing closed object/array. Current token type is '" + _lastToken + "'.");
                if (_depth > 0 && _containers[_depth - 1])
                    throw new InvalidOperationException("Cannot write a JSON value within an object without a property name. Current token type is '" + _lastToken + "'.");
            }
            Separate();
        }

        private void Separate()
        {
            if (_depth == 0)
            {
                // A second top-level value (SkipValidation) starts on its own line when indented, as .NET does.
                if (_lastToken != JsonTokenType.None && _options.Indented) NewLine();
                return;
            }
            if (_lastToken != JsonTokenType.StartObject && _lastToken != JsonTokenType.StartArray) Put((byte)',');
            if (_options.Indented)
            {
                NewLine();
                Indent(_depth);
            }
        }

        private void NewLine() => PutRaw(_newLine);

        private void Indent(int depth)
        {
            int count = depth * _indentSize;
            Reserve(count);
            for (int i = 0; i < count; i++) _buffer[_pending++] = _indentByte;
        }

        // ---- bytes ----

        private void Reserve(int count)
        {
            if (_buffer.Length - _pending >= count) return;
            int size = Math.Max(_buffer.Length * 2, _pending + count);
            Array.Resize(ref _buffer, size);
        }

        private void Put(byte b)
        {
            if (_pending == _buffer.Length) Reserve(1);
            _buffer[_pending++] = b;
        }

        private void PutRaw(ReadOnlySpan<byte> bytes)
        {
            Reserve(bytes.Length);
            bytes.CopyTo(new Span<byte>(_buffer, _pending, bytes.Length));
            _pending += bytes.Length;
        }

        private void PutAscii(string text)
        {
            Reserve(text.Length);
            for (int i = 0; i < text.Length; i++) _buffer[_pending++] = (byte)text[i];
        }

        /// <summary>Writes text as the inside of a JSON string, escaped as the options' encoder says.</summary>
        private void PutEscaped(ReadOnlySpan<char> text)
        {
            Reserve(text.Length);
            StringBuilder escape = null;
            for (int i = 0; i < text.Length; i++)
            {
                char c = text[i];
                if (char.IsSurrogate(c))
                {
                    if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
                    {
                        PutEscape(ref escape, c);
                        PutEscape(ref escape, text[++i]);
                        continue;
                    }
                    throw new ArgumentException("Cannot encode invalid UTF-16 text as JSON. Invalid surrogate value: '0x" + ((int)c).ToString("X4", CultureInfo.InvariantCulture) + "'.");
                }
                if (MustEscape(c))
                {
                    PutEscape(ref escape, c);
                }
                else if (c < 0x80)
                {
                    Put((byte)c);
                }
                else
                {
                    Reserve(3);
                    if (c < 0x800)
                    {
                        _buffer[_pending++] = (byte)(0xC0 | (c >> 6));
                        _buffer[_pending++] = (byte)(0x80 | (c & 0x3F));
                    }
                    else
                    {
                        _buffer[_pending++] = (byte)(0xE0 | (c >> 12));
                        _buffer[_pending++] = (byte)(0x80 | ((c >> 6) & 0x3F));
                        _buffer[_pending++] = (byte)(0x80 | (c & 0x3F));
                    }
                }
            }
        }

        private bool MustEscape(char c)
        {
            if (_encoder != null) return _encoder.MustEscape(c);
            return c > 0x7E || JavaScriptEncoder.AlwaysEscaped(c) || JavaScriptEncoder.HtmlSensitive(c);
        }

        private void PutEscape(ref StringBuilder scratch, char c)
        {
            scratch ??= new StringBuilder(12);
            scratch.Clear();
            JavaScriptEncoder.AppendEscape(scratch, c, _encoder != null && _encoder.QuoteShort);
            PutAscii(scratch.ToString());
        }

        internal static byte[] EncodeText(ReadOnlySpan<char> text, JavaScriptEncoder encoder)
        {
            var writer = new Utf8JsonWriter(new JsonWriterOptions { Encoder = encoder, SkipValidation = true });
            writer.PutEscaped(text);
            return new ReadOnlySpan<byte>(writer._buffer, 0, writer._pending).ToArray();
        }
    }
}

using System.Collections;
using System.Collections.Generic;

namespace System.Text.Json
{
    /// <summary>One value in a <see cref="JsonDocument"/>: the document and the row of its first token.</summary>
    public readonly partial struct JsonElement
    {
        private readonly JsonDocument _parent;
        private readonly int _index;

        internal JsonElement(JsonDocument parent, int index)
        {
            _parent = parent;
            _index = index;
        }

        private JsonDocument.Row Row
        {
            get
            {
                if (_parent is null) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
                return _parent.RowAt(_index);
            }
        }

        public JsonValueKind ValueKind => _parent is null ? JsonValueKind.Undefined : KindOf(_parent.RowAt(_index).Type);

        internal static JsonValueKind KindOf(JsonTokenType type) => type switch
        {
            JsonTokenType.StartObject => JsonValueKind.Object,
            JsonTokenType.StartArray => JsonValueKind.Array,
            JsonTokenType.String => JsonValueKind.String,
            JsonTokenType.Number => JsonValueKind.Number,
            JsonTokenType.True => JsonValueKind.True,
            JsonTokenType.False => JsonValueKind.False,
            JsonTokenType.Null => JsonValueKind.Null,
            _ => JsonValueKind.Undefined,
        };

        private JsonDocument.Row Require(JsonTokenType type, string kind)
        {
            JsonDocument.Row row = Row;
            if (row.Type != type)
                throw new InvalidOperationException("The requested operation requires an element of type '" + kind + "', but the target element has type '" + KindOf(row.Type) + "'.");
            return row;
        }

        // ---- objects ----

        public JsonElement GetProperty(string propertyName)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            if (TryGetProperty(propertyName.AsSpan(), out JsonElement value)) return value;
            throw new KeyNotFoundException("The given key was not present in the dictionary.");
        }

        public JsonElement GetProperty(ReadOnlySpan<char> propertyName) =>
            TryGetProperty(propertyName, out JsonElement value) ? value : throw new KeyNotFoundException("The given key was not present in the dictionary.");

        public JsonElement GetProperty(ReadOnlySpan<byte> utf8PropertyName) =>
            TryGetProperty(utf8PropertyName, out JsonElement value) ? value : throw new KeyNotFoundException("The given key was not present in the dictionary.");

        public bool TryGetProperty(string propertyName, out JsonElement value)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            return TryGetProperty(propertyName.AsSpan(), out value);
        }

        /// <summary>The value of the last property of that name (a name may repeat in JSON text; .NET takes the last).</summary>
        public bool TryGetProperty(ReadOnlySpan<char> propertyName, out JsonElement value)
        {
            JsonDocument.Row row = Require(JsonTokenType.StartObject, "Object");
            value = default;
            bool found = false;
            for (int at = _index + 1; at < row.Next; at = _parent.RowAt(at + 1).Next)
            {
                if (JsonValueText.TextEquals(_parent.Bytes(at), _parent.RowAt(at).Escaped, propertyName))
                {
                    value = new JsonElement(_parent, at + 1);
                    found = true;
                }
            }
            return found;
        }

        public bool TryGetProperty(ReadOnlySpan<byte> utf8PropertyName, out JsonElement value) =>
            TryGetProperty(Encoding.UTF8.GetString(utf8PropertyName).AsSpan(), out value);

        public int GetPropertyCount() => Require(JsonTokenType.StartObject, "Object").Count;

        public ObjectEnumerator EnumerateObject()
        {
            Require(JsonTokenType.StartObject, "Object");
            return new ObjectEnumerator(this);
        }

        // ---- arrays ----

        public int GetArrayLength() => Require(JsonTokenType.StartArray, "Array").Count;

        public JsonElement this[int index]
        {
            get
            {
                JsonDocument.Row row = Require(JsonTokenType.StartArray, "Array");
                if ((uint)index >= (uint)row.Count) throw new IndexOutOfRangeException("Index was outside the bounds of the array.");
                int at = _index + 1;
                for (int i = 0; i < index; i++) at = _parent.RowAt(at).Next;
                return new JsonElement(_parent, at);
            }
        }

        public ArrayEnumerator EnumerateArray()
        {
            Require(JsonTokenType.StartArray, "Array");
            return new ArrayEnumerator(this);
        }

        // ---- strings, numbers, literals ----

        public string GetString()
        {
            JsonDocument.Row row = Row;
            if (row.Type == JsonTokenType.Null) return null;
            if (row.Type != JsonTokenType.String)
                throw new InvalidOperationException("The requested operation requires an element of type 'String', but the target element has type '" + KindOf(row.Type) + "'.");
            return JsonValueText.GetString(_parent.Bytes(_index), row.Escaped);
        }

        public bool ValueEquals(string text)
        {
            if (Row.Type == JsonTokenType.Null) return text is null;
            return text is not null && ValueEquals(text.AsSpan());
        }

        public bool ValueEquals(ReadOnlySpan<char> text)
        {
            JsonDocument.Row row = Require(JsonTokenType.String, "String");
            return JsonValueText.TextEquals(_parent.Bytes(_index), row.Escaped, text);
        }

        public bool ValueEquals(ReadOnlySpan<byte> utf8Text)
        {
            JsonDocument.Row row = Require(JsonTokenType.String, "String");
            return JsonValueText.TextEquals(_parent.Bytes(_index), row.Escaped, utf8Text);
        }

        public bool GetBoolean()
        {
            JsonDocument.Row row = Row;
            if (row.Type == JsonTokenType.True) return true;
            if (row.Type == JsonTokenType.False) return false;
            throw new InvalidOperationException("The requested operation requires an element of type 'Boolean', but the target element has type '" + KindOf(row.Type) + "'.");
        }

        private ReadOnlySpan<byte> Number()
        {
            Require(JsonTokenType.Number, "Number");
            return _parent.Bytes(_index);
        }

        private string Text()
        {
            Require(JsonTokenType.String, "String");
            return GetString();
        }

        public bool TryGetInt64(out long value) => JsonValueText.TryGetInt64(Number(), out value);

        public bool TryGetUInt64(out ulong value) => JsonValueText.TryGetUInt64(Number(), out value);

        public bool TryGetInt32(out int value) => JsonValueText.TryGetInt32(Number(), out value);

        public bool TryGetUInt32(out uint value) => JsonValueText.TryGetUInt32(Number(), out value);

        public bool TryGetInt16(out short value) => JsonValueText.TryGetInt16(Number(), out value);

        public bool TryGetUInt16(out ushort value) => JsonValueText.TryGetUInt16(Number(), out value);

        public bool TryGetByte(out byte value) => JsonValueText.TryGetByte(Number(), out value);

        public bool TryGetSByte(out sbyte value) => JsonValueText.TryGetSByte(Number(), out value);

        public bool TryGetDouble(out double value) => JsonValueText.TryGetDouble(Number(), out value);

        public bool TryGetSingle(out float value) => JsonValueText.TryGetSingle(Number(), out value);

        public bool TryGetDecimal(out decimal value) => JsonValueText.TryGetDecimal(Number(), out value);

        public bool TryGetDateTime(out DateTime value) => JsonValueText.TryGetDateTime(Text(), out value);

        public bool TryGetDateTimeOffset(out DateTimeOffset value) => JsonValueText.TryGetDateTimeOffset(Text(), out value);

        public bool TryGetGuid(out Guid value) => JsonValueText.TryGetGuid(Text(), out value);

        public bool TryGetBytesFromBase64(out byte[] value)
        {
            try
            {
                value = Convert.FromBase64String(Text());
                return true;
            }
            catch (FormatException)
            {
                value = null;
                return false;
            }
        }

        public int GetInt32() => TryGetInt32(out int v) ? v : throw new FormatException();
        public long GetInt64() => TryGetInt64(out long v) ? v : throw new FormatException();
        public uint GetUInt32() => TryGetUInt32(out uint v) ? v : throw new FormatException();
        public ulong GetUInt64() => TryGetUInt64(out ulong v) ? v : throw new FormatException();
        public short GetInt16() => TryGetInt16(out short v) ? v : throw new FormatException();
        public ushort GetUInt16() => TryGetUInt16(out ushort v) ? v : throw new FormatException();
        public byte GetByte() => TryGetByte(out byte v) ? v : throw new FormatException();
        public sbyte GetSByte() => TryGetSByte(out sbyte v) ? v : throw new FormatException();
        public double GetDouble() => TryGetDouble(out double v) ? v : throw new FormatException();
        public float GetSingle() => TryGetSingle(out float v) ? v : throw new FormatException();
        public decimal GetDecimal() => TryGetDecimal(out decimal v) ? v : throw new FormatException();
        public DateTime GetDateTime() => TryGetDateTime(out DateTime v) ? v : throw new FormatException();
        public DateTimeOffset GetDateTimeOffset() => TryGetDateTimeOffset(out DateTimeOffset v) ? v : throw new FormatException();
        public Guid GetGuid() => TryGetGuid(out Guid v) ? v : throw new FormatException();
        public byte[] GetBytesFromBase64() => TryGetBytesFromBase64(out byte[] v) ? v : throw new FormatException();

        // ---- text ----

        public string GetRawText() => Encoding.UTF8.GetString(RawBytes());

        internal ReadOnlySpan<byte> RawBytes()
        {
            _ = Row;
            return _parent.RawBytes(_index);
        }

        /// <summary>As .NET: a string's value, a number's or container's JSON text, "True"/"False", "" for null.</summary>
        public override string ToString()
        {
            if (_parent is null) return string.Empty;
            switch (Row.Type)
            {
                case JsonTokenType.Null: return string.Empty;
                case JsonTokenType.True: return bool.TrueString;
                case JsonTokenType.False: return bool.FalseString;
                case JsonTokenType.String: return GetString();
                default: return GetRawText();
            }
        }

        /// <summary>An element that outlives its document: a document of its own text.</summary>
        public JsonElement Clone()
        {
            _ = Row;
            return JsonDocument.Parse(new ReadOnlyMemory<byte>(RawBytes().ToArray()), new JsonDocumentOptions { MaxDepth = int.MaxValue }).RootElement;
        }

        public static JsonElement Parse(string json, JsonDocumentOptions options = default) => JsonDocument.Parse(json, options).RootElement;

        public static JsonElement ParseValue(ref Utf8JsonReader reader) => JsonDocument.ParseValue(ref reader).RootElement;

        public static bool TryParseValue(ref Utf8JsonReader reader, out JsonElement? element)
        {
            element = ParseValue(ref reader);
            return true;
        }

        /// <summary>The raw bytes of the reader's next value (or the value it stands on), leaving it after that value.</summary>
        internal static byte[] ReadRawValue(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.None || reader.TokenType == JsonTokenType.PropertyName)
            {
                if (!reader.Read()) throw new JsonException("Expected a value, but instead reached end of data.");
            }
            int start = (int)reader.TokenStartIndex;
            reader.Skip();
            int end = (int)reader.BytesConsumed;
            return reader.SourceSlice(start, end - start).ToArray();
        }

        public void WriteTo(Utf8JsonWriter writer)
        {
            if (writer is null) throw new ArgumentNullException(nameof(writer));
            JsonDocument.Row row = Row;
            switch (row.Type)
            {
                case JsonTokenType.StartObject:
                    writer.WriteStartObject();
                    foreach (JsonProperty property in EnumerateObject())
                    {
                        writer.WritePropertyName(property.Name);
                        property.Value.WriteTo(writer);
                    }
                    writer.WriteEndObject();
                    break;
                case JsonTokenType.StartArray:
                    writer.WriteStartArray();
                    foreach (JsonElement item in EnumerateArray()) item.WriteTo(writer);
                    writer.WriteEndArray();
                    break;
                case JsonTokenType.String:
                    writer.WriteStringValue(GetString());
                    break;
                case JsonTokenType.Number:
                    writer.WriteNumberRaw(_parent.Bytes(_index));
                    break;
                case JsonTokenType.True:
                case JsonTokenType.False:
                    writer.WriteBooleanValue(row.Type == JsonTokenType.True);
                    break;
                default:
                    writer.WriteNullValue();
                    break;
            }
        }

        /// <summary>Structural equality: same kinds, strings equal as text, numbers equal as numbers, objects with the
        /// same properties (in any order), arrays item by item.</summary>
        public static bool DeepEquals(JsonElement element1, JsonElement element2)
        {
            JsonValueKind kind = element1.ValueKind;
            if (kind != element2.ValueKind) return false;
            switch (kind)
            {
                case JsonValueKind.String:
                    return element1.GetString() == element2.GetString();
                case JsonValueKind.Number:
                    return NumbersEqual(element1.RawBytes(), element2.RawBytes());
                case JsonValueKind.Array:
                    if (element1.GetArrayLength() != element2.GetArrayLength()) return false;
                    ArrayEnumerator other = element2.EnumerateArray();
                    foreach (JsonElement item in element1.EnumerateArray())
                    {
                        other.MoveNext();
                        if (!DeepEquals(item, other.Current)) return false;
                    }
                    return true;
                case JsonValueKind.Object:
                    if (element1.GetPropertyCount() != element2.GetPropertyCount()) return false;
                    foreach (JsonProperty property in element1.EnumerateObject())
                    {
                        if (!element2.TryGetProperty(property.Name, out JsonElement match) || !DeepEquals(property.Value, match)) return false;
                    }
                    return true;
                default:
                    return true;
            }
        }

        internal static bool NumbersEqual(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
        {
            if (a.SequenceEqual(b)) return true;
            if (JsonValueText.TryGetDecimal(a, out decimal x) && JsonValueText.TryGetDecimal(b, out decimal y)) return x == y;
            return JsonValueText.TryGetDouble(a, out double p) && JsonValueText.TryGetDouble(b, out double q) && p == q;
        }

        // ---- enumerators ----

        public struct ArrayEnumerator : IEnumerable<JsonElement>, IEnumerator<JsonElement>
        {
            private readonly JsonElement _array;
            private int _current;

            internal ArrayEnumerator(JsonElement array)
            {
                _array = array;
                _current = -1;
            }

            public JsonElement Current => _current < 0 ? default : new JsonElement(_array._parent, _current);

            object IEnumerator.Current => Current;

            public bool MoveNext()
            {
                JsonDocument.Row row = _array.Row;
                int next = _current < 0 ? _array._index + 1 : _array._parent.RowAt(_current).Next;
                if (next >= row.Next)
                {
                    _current = row.Next;
                    return false;
                }
                _current = next;
                return true;
            }

            public void Reset() => _current = -1;

            public void Dispose() { }

            public ArrayEnumerator GetEnumerator()
            {
                ArrayEnumerator copy = this;
                copy._current = -1;
                return copy;
            }

            IEnumerator<JsonElement> IEnumerable<JsonElement>.GetEnumerator() => GetEnumerator();

            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }

        public struct ObjectEnumerator : IEnumerable<JsonProperty>, IEnumerator<JsonProperty>
        {
            private readonly JsonElement _object;
            private int _current;

            internal ObjectEnumerator(JsonElement obj)
            {
                _object = obj;
                _current = -1;
            }

            public JsonProperty Current => _current < 0 ? default : new JsonProperty(_object._parent, _current);

            object IEnumerator.Current => Current;

            public bool MoveNext()
            {
                JsonDocument.Row row = _object.Row;
                int next = _current < 0 ? _object._index + 1 : _object._parent.RowAt(_current + 1).Next;
                if (next >= row.Next)
                {
                    _current = row.Next;
                    return false;
                }
                _current = next;
                return true;
            }

            public void Reset() => _current = -1;

            public void Dispose() { }

            public ObjectEnumerator GetEnumerator()
            {
                ObjectEnumerator copy = this;
                copy._current = -1;
                return copy;
            }

            IEnumerator<JsonProperty> IEnumerable<JsonProperty>.GetEnumerator() => GetEnumerator();

            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }
    }

    /// <summary>One property of a JSON object: its name and value.</summary>
    public readonly struct JsonProperty
    {
        private readonly JsonDocument _parent;
        private readonly int _nameIndex;

        internal JsonProperty(JsonDocument parent, int nameIndex)
        {
            _parent = parent;
            _nameIndex = nameIndex;
        }

        public string Name => JsonValueText.GetString(_parent.Bytes(_nameIndex), _parent.RowAt(_nameIndex).Escaped);

        public JsonElement Value => new JsonElement(_parent, _nameIndex + 1);

        public bool NameEquals(string text) => NameEquals(text.AsSpan());

        public bool NameEquals(ReadOnlySpan<char> text) => JsonValueText.TextEquals(_parent.Bytes(_nameIndex), _parent.RowAt(_nameIndex).Escaped, text);

        public bool NameEquals(ReadOnlySpan<byte> utf8Text) => JsonValueText.TextEquals(_parent.Bytes(_nameIndex), _parent.RowAt(_nameIndex).Escaped, utf8Text);

        public void WriteTo(Utf8JsonWriter writer)
        {
            writer.WritePropertyName(Name);
            Value.WriteTo(writer);
        }

        /// <summary>The property's JSON text as written, name through value.</summary>
        public override string ToString() => _parent is null ? string.Empty : Encoding.UTF8.GetString(_parent.RawPropertyBytes(_nameIndex));
    }
}

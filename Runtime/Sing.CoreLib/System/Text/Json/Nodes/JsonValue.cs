namespace System.Text.Json.Nodes
{
    /// <summary>A JSON string, number, true or false: either a .NET value (from <see cref="Create{T}"/> or a
    /// conversion) or a parsed element, which keeps its JSON text.</summary>
    public abstract class JsonValue : JsonNode
    {
        private protected JsonValue(JsonNodeOptions? options) : base(options) { }

        /// <summary>The value as a T if it is one (a held .NET value) or its JSON text reads as one (a parsed value).</summary>
        public bool TryGetValue<T>(out T value)
        {
            if (this is JsonValueOfElement parsed) return parsed.TryConvert(out value);
            if (Boxed is T typed)
            {
                value = typed;
                return true;
            }
            value = default;
            return false;
        }

        /// <summary>The .NET value a created JsonValue holds (a parsed one holds its element).</summary>
        internal abstract object Boxed { get; }

        internal abstract InvalidOperationException CannotConvert(Type target);

        public static JsonValue Create<T>(T value, JsonNodeOptions? options = null)
        {
            if (value is null) return null;
            if (value is JsonNode) throw new InvalidOperationException("A JsonNode cannot be used as a value.");
            if (value is JsonElement element)
            {
                if (element.ValueKind == JsonValueKind.Null) return null;
                if (element.ValueKind == JsonValueKind.Object || element.ValueKind == JsonValueKind.Array)
                    throw new InvalidOperationException("The element cannot be an object or array.");
                return new JsonValueOfElement(element, options);
            }
            return new JsonValuePrimitive<T>(value, options);
        }

        public static JsonValue Create(bool value, JsonNodeOptions? options = null) => new JsonValuePrimitive<bool>(value, options);
        public static JsonValue Create(byte value, JsonNodeOptions? options = null) => new JsonValuePrimitive<byte>(value, options);
        public static JsonValue Create(char value, JsonNodeOptions? options = null) => new JsonValuePrimitive<char>(value, options);
        public static JsonValue Create(DateTime value, JsonNodeOptions? options = null) => new JsonValuePrimitive<DateTime>(value, options);
        public static JsonValue Create(DateTimeOffset value, JsonNodeOptions? options = null) => new JsonValuePrimitive<DateTimeOffset>(value, options);
        public static JsonValue Create(decimal value, JsonNodeOptions? options = null) => new JsonValuePrimitive<decimal>(value, options);
        public static JsonValue Create(double value, JsonNodeOptions? options = null) => new JsonValuePrimitive<double>(value, options);
        public static JsonValue Create(Guid value, JsonNodeOptions? options = null) => new JsonValuePrimitive<Guid>(value, options);
        public static JsonValue Create(short value, JsonNodeOptions? options = null) => new JsonValuePrimitive<short>(value, options);
        public static JsonValue Create(int value, JsonNodeOptions? options = null) => new JsonValuePrimitive<int>(value, options);
        public static JsonValue Create(long value, JsonNodeOptions? options = null) => new JsonValuePrimitive<long>(value, options);
        public static JsonValue Create(sbyte value, JsonNodeOptions? options = null) => new JsonValuePrimitive<sbyte>(value, options);
        public static JsonValue Create(float value, JsonNodeOptions? options = null) => new JsonValuePrimitive<float>(value, options);
        public static JsonValue Create(ushort value, JsonNodeOptions? options = null) => new JsonValuePrimitive<ushort>(value, options);
        public static JsonValue Create(uint value, JsonNodeOptions? options = null) => new JsonValuePrimitive<uint>(value, options);
        public static JsonValue Create(ulong value, JsonNodeOptions? options = null) => new JsonValuePrimitive<ulong>(value, options);
        public static JsonValue Create(string value, JsonNodeOptions? options = null) => value is null ? null : new JsonValuePrimitive<string>(value, options);
        public static JsonValue Create(JsonElement value, JsonNodeOptions? options = null) => Create<JsonElement>(value, options);
        public static JsonValue Create(bool? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(byte? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(char? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(DateTime? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(DateTimeOffset? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(decimal? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(double? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(Guid? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(short? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(int? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(long? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(sbyte? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(float? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(ushort? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(uint? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;
        public static JsonValue Create(ulong? value, JsonNodeOptions? options = null) => value.HasValue ? Create(value.Value, options) : null;

        private protected override bool DeepEqualsCore(JsonNode other)
        {
            if (other is not JsonValue value) return false;
            JsonValueKind kind = GetValueKind();
            if (kind != value.GetValueKind()) return false;
            switch (kind)
            {
                case JsonValueKind.String:
                    return TryGetValue(out string a) && value.TryGetValue(out string b) && a == b;
                case JsonValueKind.Number:
                    return JsonElement.NumbersEqual(Encoding.UTF8.GetBytes(ToJsonString()), Encoding.UTF8.GetBytes(value.ToJsonString()));
                default:
                    return true;
            }
        }
    }

    /// <summary>A .NET value held as it is. GetValue gives it back as its own type only, as in .NET.</summary>
    internal sealed class JsonValuePrimitive<TValue> : JsonValue
    {
        private readonly TValue _value;

        internal JsonValuePrimitive(TValue value, JsonNodeOptions? options) : base(options)
        {
            _value = value;
        }

        internal override object Boxed => _value;

        internal override InvalidOperationException CannotConvert(Type target) =>
            new InvalidOperationException("A value of type '" + typeof(TValue).FullName + "' cannot be converted to a '" + target.FullName + "'.");

        public override JsonValueKind GetValueKind()
        {
            switch ((object)_value)
            {
                case bool b: return b ? JsonValueKind.True : JsonValueKind.False;
                case string:
                case char:
                case DateTime:
                case DateTimeOffset:
                case Guid:
                    return JsonValueKind.String;
                case byte: case sbyte: case short: case ushort: case int: case uint: case long: case ulong:
                case float: case double: case decimal:
                    return JsonValueKind.Number;
            }
            return JsonValueKind.Object;
        }

        public override void WriteTo(Utf8JsonWriter writer, JsonSerializerOptions options = null)
        {
            if (writer is null) throw new ArgumentNullException(nameof(writer));
            switch ((object)_value)
            {
                case string s: writer.WriteStringValue(s); return;
                case char c: writer.WriteStringValue(c.ToString()); return;
                case bool b: writer.WriteBooleanValue(b); return;
                case byte n: writer.WriteNumberValue(n); return;
                case sbyte n: writer.WriteNumberValue(n); return;
                case short n: writer.WriteNumberValue(n); return;
                case ushort n: writer.WriteNumberValue(n); return;
                case int n: writer.WriteNumberValue(n); return;
                case uint n: writer.WriteNumberValue(n); return;
                case long n: writer.WriteNumberValue(n); return;
                case ulong n: writer.WriteNumberValue(n); return;
                case float n: writer.WriteNumberValue(n); return;
                case double n: writer.WriteNumberValue(n); return;
                case decimal n: writer.WriteNumberValue(n); return;
                case DateTime d: writer.WriteStringValue(d); return;
                case DateTimeOffset d: writer.WriteStringValue(d); return;
                case Guid g: writer.WriteStringValue(g); return;
            }
            throw new NotSupportedException("Serialization and deserialization of '" + typeof(TValue).FullName + "' instances are not supported.");
        }

        private protected override JsonNode Clone() => new JsonValuePrimitive<TValue>(_value, Options);
    }

    /// <summary>A value parsed from JSON text: converts to any .NET type its text can be read as.</summary>
    internal sealed class JsonValueOfElement : JsonValue
    {
        private readonly JsonElement _element;

        internal JsonValueOfElement(JsonElement element, JsonNodeOptions? options) : base(options)
        {
            _element = element;
        }

        internal override object Boxed => _element;

        internal override InvalidOperationException CannotConvert(Type target) =>
            new InvalidOperationException("An element of type '" + _element.ValueKind + "' cannot be converted to a '" + target.FullName + "'.");

        internal bool TryConvert<T>(out T value)
        {
            value = default;
            object result = null;
            JsonElement e = _element;
            if (typeof(T) == typeof(JsonElement) || typeof(T) == typeof(object))
            {
                result = e;
            }
            else if (e.ValueKind == JsonValueKind.String)
            {
                if (typeof(T) == typeof(string)) result = e.GetString();
                else if (typeof(T) == typeof(char) || typeof(T) == typeof(char?)) { string s = e.GetString(); if (s.Length == 1) result = s[0]; }
                else if (typeof(T) == typeof(DateTime) || typeof(T) == typeof(DateTime?)) { if (e.TryGetDateTime(out DateTime d)) result = d; }
                else if (typeof(T) == typeof(DateTimeOffset) || typeof(T) == typeof(DateTimeOffset?)) { if (e.TryGetDateTimeOffset(out DateTimeOffset d)) result = d; }
                else if (typeof(T) == typeof(Guid) || typeof(T) == typeof(Guid?)) { if (e.TryGetGuid(out Guid g)) result = g; }
            }
            else if (e.ValueKind == JsonValueKind.True || e.ValueKind == JsonValueKind.False)
            {
                if (typeof(T) == typeof(bool) || typeof(T) == typeof(bool?)) result = e.GetBoolean();
            }
            else if (e.ValueKind == JsonValueKind.Number)
            {
                result = Number<T>(e);
            }
            if (result is null) return false;
            value = (T)result;
            return true;
        }

        private static object Number<T>(JsonElement e)
        {
            if (typeof(T) == typeof(int) || typeof(T) == typeof(int?)) return e.TryGetInt32(out int v) ? v : null;
            if (typeof(T) == typeof(long) || typeof(T) == typeof(long?)) return e.TryGetInt64(out long v) ? v : null;
            if (typeof(T) == typeof(double) || typeof(T) == typeof(double?)) return e.TryGetDouble(out double v) ? v : null;
            if (typeof(T) == typeof(decimal) || typeof(T) == typeof(decimal?)) return e.TryGetDecimal(out decimal v) ? v : null;
            if (typeof(T) == typeof(float) || typeof(T) == typeof(float?)) return e.TryGetSingle(out float v) ? v : null;
            if (typeof(T) == typeof(short) || typeof(T) == typeof(short?)) return e.TryGetInt16(out short v) ? v : null;
            if (typeof(T) == typeof(byte) || typeof(T) == typeof(byte?)) return e.TryGetByte(out byte v) ? v : null;
            if (typeof(T) == typeof(sbyte) || typeof(T) == typeof(sbyte?)) return e.TryGetSByte(out sbyte v) ? v : null;
            if (typeof(T) == typeof(ushort) || typeof(T) == typeof(ushort?)) return e.TryGetUInt16(out ushort v) ? v : null;
            if (typeof(T) == typeof(uint) || typeof(T) == typeof(uint?)) return e.TryGetUInt32(out uint v) ? v : null;
            if (typeof(T) == typeof(ulong) || typeof(T) == typeof(ulong?)) return e.TryGetUInt64(out ulong v) ? v : null;
            return null;
        }

        public override JsonValueKind GetValueKind() => _element.ValueKind;

        public override void WriteTo(Utf8JsonWriter writer, JsonSerializerOptions options = null)
        {
            if (writer is null) throw new ArgumentNullException(nameof(writer));
            _element.WriteTo(writer);
        }

        private protected override JsonNode Clone() => new JsonValueOfElement(_element.Clone(), Options);
    }
}

using System.Collections.Generic;
using System.Globalization;
using System.Text.Json.Nodes;

namespace System.Text.Json.Serialization.Metadata
{
    /// <summary>What the code our JSON generator writes into programs calls: naming, ignore rules, numbers and
    /// strings with the options' number handling, converters from the options, and errors with .NET's messages and
    /// paths. Programs do not call it themselves.</summary>
    public static class JsonMetadataServices
    {
        public static JsonTypeInfo<T> CreateTypeInfo<T>(JsonSerializerOptions options, JsonWriteAction<T> write, JsonReadFunc<T> read)
        {
            if (options is null) throw new ArgumentNullException(nameof(options));
            return new JsonTypeInfo<T>(options, write, read);
        }

        // ---- every type the program's generated code knows, by its run-time type ----

        private abstract class Registration
        {
            internal abstract void WriteBoxed(Utf8JsonWriter writer, object value, JsonSerializerOptions options);

            internal abstract JsonTypeInfo Info(JsonSerializerOptions options);
        }

        private sealed class Registration<T> : Registration
        {
            private readonly JsonWriteAction<T> _write;
            private readonly JsonReadFunc<T> _read;

            internal Registration(JsonWriteAction<T> write, JsonReadFunc<T> read)
            {
                _write = write;
                _read = read;
            }

            internal override void WriteBoxed(Utf8JsonWriter writer, object value, JsonSerializerOptions options) => _write(writer, (T)value, options);

            internal override JsonTypeInfo Info(JsonSerializerOptions options) => new JsonTypeInfo<T>(options, _write, _read);
        }

        private static readonly Dictionary<Type, Registration> s_registered = new Dictionary<Type, Registration>();

        /// <summary>Called by the generated metadata's static constructor for each type it has methods for, so that a
        /// value known only as an object (a List&lt;object&gt; item, Serialize(value, type)) is written as its own type, as
        /// .NET's reflection would.</summary>
        public static void Register<T>(JsonWriteAction<T> write, JsonReadFunc<T> read)
        {
            lock (s_registered) s_registered[typeof(T)] = new Registration<T>(write, read);
        }

        private static Registration Registered(Type type)
        {
            lock (s_registered) return s_registered.TryGetValue(type, out Registration registration) ? registration : null;
        }

        internal static JsonTypeInfo RegisteredInfo(Type type, JsonSerializerOptions options) => Registered(type)?.Info(options);

        // ---- names and ignore rules ----

        public static string PropertyName(JsonSerializerOptions options, string clrName) => options.ConvertName(clrName);

        public static string DictionaryKey(JsonSerializerOptions options, string key) =>
            options.DictionaryKeyPolicy is null ? key : options.DictionaryKeyPolicy.ConvertName(key);

        /// <summary>Whether the reader's property name is this member's: its [JsonPropertyName] exactly, or its
        /// name through the naming policy; either ignoring case when the options say so.</summary>
        public static bool NameIs(ref Utf8JsonReader reader, JsonSerializerOptions options, string clrName, string explicitName)
        {
            string name = explicitName ?? options.ConvertName(clrName);
            if (!options.PropertyNameCaseInsensitive) return reader.ValueTextEquals(name);
            return string.Equals(reader.GetString(), name, StringComparison.OrdinalIgnoreCase);
        }

        /// <summary>Whether a member is left out when writing: its own [JsonIgnore(Condition)] (-1 if none) or the
        /// options' DefaultIgnoreCondition, against the value being null or its type's default.</summary>
        public static bool SkipWhenWriting(JsonSerializerOptions options, int memberCondition, bool isNull, bool isDefault)
        {
            var condition = memberCondition >= 0 ? (JsonIgnoreCondition)memberCondition : options.DefaultIgnoreCondition;
            switch (condition)
            {
                case JsonIgnoreCondition.WhenWritingNull: return isNull;
                case JsonIgnoreCondition.WhenWritingDefault: return isDefault;
                case JsonIgnoreCondition.WhenWriting:
                case JsonIgnoreCondition.Always: return true;
                default: return false;
            }
        }

        /// <summary>Before a value is written: one at MaxDepth is, as in .NET, taken for a reference cycle.</summary>
        public static void CheckDepth(Utf8JsonWriter writer, JsonSerializerOptions options)
        {
            if (writer.CurrentDepth >= options.EffectiveMaxDepth)
                throw new JsonPathException("A possible object cycle was detected. This can either be due to a cycle or if the object depth is larger than the maximum allowed depth of "
                    + options.EffectiveMaxDepth + ". Consider using ReferenceHandler.Preserve on JsonSerializerOptions to support cycles.", null, null, null);
        }

        // ---- converters from the options ----

        public static JsonConverter<T> ConverterFor<T>(JsonSerializerOptions options)
        {
            List<JsonConverter> converters = (List<JsonConverter>)options.Converters;
            for (int i = 0; i < converters.Count; i++)
            {
                JsonConverter converter = converters[i];
                if (converter is JsonConverter<T> typed && typed.CanConvert(typeof(T))) return typed;
                if (converter is JsonConverterFactory factory && converter is not JsonStringEnumConverter && factory.CanConvert(typeof(T)))
                    return factory.CreateConverter(typeof(T), options) as JsonConverter<T>;
            }
            return null;
        }

        public static void WriteWith<T>(JsonConverter<T> converter, Utf8JsonWriter writer, T value, JsonSerializerOptions options)
        {
            if (value is null && !converter.HandleNull) writer.WriteNullValue();
            else converter.Write(writer, value, options);
        }

        public static T ReadWith<T>(JsonConverter<T> converter, ref Utf8JsonReader reader, JsonSerializerOptions options)
        {
            if (reader.TokenType == JsonTokenType.Null && !converter.HandleNull && default(T) is null) return default;
            return converter.Read(ref reader, typeof(T), options);
        }

        /// <summary>Whether an enum is written by name: a JsonStringEnumConverter for it in the options, the
        /// context's UseStringEnumConverter, or [JsonConverter(typeof(JsonStringEnumConverter))] on it (byAttribute).</summary>
        public static bool EnumAsString<TEnum>(JsonSerializerOptions options, bool byAttribute, out JsonNamingPolicy policy, out bool allowIntegers)
        {
            policy = null;
            allowIntegers = true;
            foreach (JsonConverter converter in options.Converters)
            {
                if (converter is JsonStringEnumConverter names && names.CanConvert(typeof(TEnum)))
                {
                    policy = names.NamingPolicy;
                    allowIntegers = names.AllowIntegerValues;
                    return true;
                }
            }
            return byAttribute || options.UseStringEnumConverter;
        }

        private static readonly Dictionary<JsonSerializerOptions, JsonSerializerOptions> s_withStringEnums = new Dictionary<JsonSerializerOptions, JsonSerializerOptions>();

        /// <summary>The options with a JsonStringEnumConverter added: for a member marked with one.</summary>
        public static JsonSerializerOptions WithStringEnums(JsonSerializerOptions options)
        {
            lock (s_withStringEnums)
            {
                if (s_withStringEnums.TryGetValue(options, out JsonSerializerOptions copy)) return copy;
                copy = new JsonSerializerOptions(options);
                copy.Converters.Add(new JsonStringEnumConverter());
                copy.MakeReadOnly();
                s_withStringEnums[options] = copy;
                return copy;
            }
        }

        public static string EnumName(JsonNamingPolicy policy, string name) => policy is null ? name : policy.ConvertName(name);

        // ---- numbers ----

        private static bool AsString(JsonSerializerOptions options) => (options.NumberHandling & JsonNumberHandling.WriteAsString) != 0;

        public static void WriteNumber(Utf8JsonWriter writer, long value, JsonSerializerOptions options)
        {
            if (AsString(options)) writer.WriteStringValue(value.ToString(CultureInfo.InvariantCulture));
            else writer.WriteNumberValue(value);
        }

        public static void WriteNumber(Utf8JsonWriter writer, ulong value, JsonSerializerOptions options)
        {
            if (AsString(options)) writer.WriteStringValue(value.ToString(CultureInfo.InvariantCulture));
            else writer.WriteNumberValue(value);
        }

        public static void WriteNumber(Utf8JsonWriter writer, double value, JsonSerializerOptions options)
        {
            if (AsString(options)) writer.WriteStringValue(value.ToString(CultureInfo.InvariantCulture));
            else writer.WriteNumberValue(value);
        }

        public static void WriteNumber(Utf8JsonWriter writer, float value, JsonSerializerOptions options)
        {
            if (AsString(options)) writer.WriteStringValue(value.ToString(CultureInfo.InvariantCulture));
            else writer.WriteNumberValue(value);
        }

        public static void WriteNumber(Utf8JsonWriter writer, decimal value, JsonSerializerOptions options)
        {
            if (AsString(options)) writer.WriteStringValue(value.ToString(CultureInfo.InvariantCulture));
            else writer.WriteNumberValue(value);
        }

        /// <summary>The number token's text, or a string's when the options allow numbers in strings; null otherwise.</summary>
        private static ReadOnlySpan<byte> NumberText(ref Utf8JsonReader reader, JsonSerializerOptions options, out string fromString)
        {
            fromString = null;
            if (reader.TokenType == JsonTokenType.Number) return reader.ValueSpan;
            if (reader.TokenType == JsonTokenType.String && (options.NumberHandling & JsonNumberHandling.AllowReadingFromString) != 0)
            {
                fromString = reader.GetString();
                return Encoding.UTF8.GetBytes(fromString);
            }
            return default;
        }

        public static long ReadInt64(ref Utf8JsonReader reader, JsonSerializerOptions options, string typeName, long min, long max)
        {
            ReadOnlySpan<byte> text = NumberText(ref reader, options, out _);
            if (text.Length > 0 && JsonValueText.TryGetInt64(text, out long value) && value >= min && value <= max) return value;
            throw ConversionFailed(ref reader, typeName);
        }

        public static ulong ReadUInt64(ref Utf8JsonReader reader, JsonSerializerOptions options, string typeName, ulong max)
        {
            ReadOnlySpan<byte> text = NumberText(ref reader, options, out _);
            if (text.Length > 0 && JsonValueText.TryGetUInt64(text, out ulong value) && value <= max) return value;
            throw ConversionFailed(ref reader, typeName);
        }

        public static double ReadDouble(ref Utf8JsonReader reader, JsonSerializerOptions options)
        {
            ReadOnlySpan<byte> text = NumberText(ref reader, options, out _);
            if (text.Length > 0 && JsonValueText.TryGetDouble(text, out double value)) return value;
            throw ConversionFailed(ref reader, "System.Double");
        }

        public static float ReadSingle(ref Utf8JsonReader reader, JsonSerializerOptions options)
        {
            ReadOnlySpan<byte> text = NumberText(ref reader, options, out _);
            if (text.Length > 0 && JsonValueText.TryGetSingle(text, out float value)) return value;
            throw ConversionFailed(ref reader, "System.Single");
        }

        public static decimal ReadDecimal(ref Utf8JsonReader reader, JsonSerializerOptions options)
        {
            ReadOnlySpan<byte> text = NumberText(ref reader, options, out _);
            if (text.Length > 0 && JsonValueText.TryGetDecimal(text, out decimal value)) return value;
            throw ConversionFailed(ref reader, "System.Decimal");
        }

        // ---- strings and the other scalars ----

        public static string ReadString(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.String) return reader.GetString();
            if (reader.TokenType == JsonTokenType.Null) return null;
            throw ConversionFailed(ref reader, "System.String");
        }

        public static bool ReadBoolean(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.True) return true;
            if (reader.TokenType == JsonTokenType.False) return false;
            throw ConversionFailed(ref reader, "System.Boolean");
        }

        public static char ReadChar(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.String)
            {
                string text = reader.GetString();
                if (text.Length == 1) return text[0];
            }
            throw ConversionFailed(ref reader, "System.Char");
        }

        public static DateTime ReadDateTime(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.String && reader.TryGetDateTime(out DateTime value)) return value;
            throw ConversionFailed(ref reader, "System.DateTime");
        }

        public static DateTimeOffset ReadDateTimeOffset(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.String && reader.TryGetDateTimeOffset(out DateTimeOffset value)) return value;
            throw ConversionFailed(ref reader, "System.DateTimeOffset");
        }

        public static Guid ReadGuid(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.String && reader.TryGetGuid(out Guid value)) return value;
            throw ConversionFailed(ref reader, "System.Guid");
        }

        public static JsonElement ReadElement(ref Utf8JsonReader reader) => JsonElement.ParseValue(ref reader);

        public static JsonNode ReadNode(ref Utf8JsonReader reader) => JsonNode.Parse(ref reader);

        /// <summary>An object-typed member: what .NET gives, the value as a JsonElement (null for JSON null).</summary>
        public static object ReadObject(ref Utf8JsonReader reader)
        {
            if (reader.TokenType == JsonTokenType.Null) return null;
            return JsonElement.ParseValue(ref reader);
        }

        /// <summary>An object-typed member's value, by what it is at run time: the scalars, strings, JSON trees and
        /// sequences of those. Other types need their own metadata, which only a declared type brings.</summary>
        public static void WriteObject(Utf8JsonWriter writer, object value, JsonSerializerOptions options)
        {
            switch (value)
            {
                case null: writer.WriteNullValue(); return;
                case string s: writer.WriteStringValue(s); return;
                case bool b: writer.WriteBooleanValue(b); return;
                case int n: WriteNumber(writer, n, options); return;
                case long n: WriteNumber(writer, n, options); return;
                case short n: WriteNumber(writer, n, options); return;
                case byte n: WriteNumber(writer, n, options); return;
                case sbyte n: WriteNumber(writer, n, options); return;
                case ushort n: WriteNumber(writer, n, options); return;
                case uint n: WriteNumber(writer, n, options); return;
                case ulong n: WriteNumber(writer, n, options); return;
                case double n: WriteNumber(writer, n, options); return;
                case float n: WriteNumber(writer, n, options); return;
                case decimal n: WriteNumber(writer, n, options); return;
                case char c: writer.WriteStringValue(c.ToString()); return;
                case DateTime d: writer.WriteStringValue(d); return;
                case DateTimeOffset d: writer.WriteStringValue(d); return;
                case Guid g: writer.WriteStringValue(g); return;
                case JsonElement e: e.WriteTo(writer); return;
                case JsonDocument d: d.WriteTo(writer); return;
                case JsonNode n: n.WriteTo(writer, options); return;
            }
            Registration registration = Registered(value.GetType());
            if (registration != null)
            {
                registration.WriteBoxed(writer, value, options);
                return;
            }
            switch (value)
            {
                case System.Collections.IDictionary dictionary:
                    CheckDepth(writer, options);
                    writer.WriteStartObject();
                    foreach (System.Collections.DictionaryEntry entry in dictionary)
                    {
                        writer.WritePropertyName(DictionaryKey(options, Convert.ToString(entry.Key, CultureInfo.InvariantCulture)));
                        WriteObject(writer, entry.Value, options);
                    }
                    writer.WriteEndObject();
                    return;
                case System.Collections.IEnumerable sequence:
                    CheckDepth(writer, options);
                    writer.WriteStartArray();
                    foreach (object item in sequence) WriteObject(writer, item, options);
                    writer.WriteEndArray();
                    return;
            }
            if (options.TypeInfoResolver?.GetTypeInfo(value.GetType(), options) is JsonTypeInfo info)
            {
                info.WriteBoxed(writer, value);
                return;
            }
            throw new NotSupportedException("JsonSerializer has no metadata for '" + value.GetType().FullName
                + "' at run time: declare the member with that type, or list it in a [JsonSerializable] context given as TypeInfoResolver.");
        }

        // ---- errors ----

        /// <summary>"The JSON value could not be converted to T.", at the end of the current token.</summary>
        public static JsonException ConversionFailed(ref Utf8JsonReader reader, string typeName)
        {
            reader.Position(out long line, out long byteInLine);
            return new JsonPathException("The JSON value could not be converted to " + typeName + ".", line, byteInLine, null);
        }

        /// <summary>As .NET's, without a path or position.</summary>
        public static JsonException MissingRequired(string typeName, string missing) =>
            new JsonException("JSON deserialization for type '" + typeName + "' was missing required properties including: " + missing + ".");

        /// <summary>Adds a step (".name", "['odd name']" or "[3]") to the path of a failure passing outwards. An
        /// exception filter calls it and gets false, so the failure goes on without being caught and thrown again
        /// at every level (a throw from a catch nests the runtime's dispatch: 64 levels deep would exhaust a SIP's
        /// stack).</summary>
        public static bool AddPath(Exception failure, string propertyName)
        {
            AddStep(failure, NeedsBrackets(propertyName) ? "['" + propertyName + "']" : "." + propertyName);
            return false;
        }

        /// <summary>As AddPath, for a member bound to a constructor parameter: a value of the wrong type there is
        /// reported, as .NET reports it, as not convertible to the object's type.</summary>
        public static bool AddPath(Exception failure, string propertyName, string ownerTypeName)
        {
            if (ownerTypeName != null && failure is JsonPathException path && !path.HasPathSteps && path.What.StartsWith("The JSON value could not be converted to ", StringComparison.Ordinal))
                path.What = "The JSON value could not be converted to " + ownerTypeName + ".";
            return AddPath(failure, propertyName);
        }

        public static bool AddPath(Exception failure, int index)
        {
            AddStep(failure, "[" + index.ToString(CultureInfo.InvariantCulture) + "]");
            return false;
        }

        private static bool NeedsBrackets(string name)
        {
            foreach (char c in name)
            {
                if (c == '.' || c == ' ' || c == '\'' || c == '/' || c == '"' || c == '[' || c == ']' || c == '(' || c == ')' || c == '\t' || c == '\n' || c == '\r' || c == '\\') return true;
            }
            return false;
        }

        private static void AddStep(Exception failure, string step)
        {
            if (failure is JsonPathException || failure is JsonReaderException) ((JsonException)failure).AddPathStep(step);
        }

        /// <summary>The exception a JsonSerializer call throws for a failure inside: with the path, if it has one.</summary>
        internal static Exception Finish(Exception failure) => failure switch
        {
            JsonPathException path => path.Final(path.What),
            JsonReaderException reader => reader.Final(reader.RawMessage),
            _ => failure,
        };
    }
}

using System.Buffers;
using System.IO;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using System.Threading;
using System.Threading.Tasks;

namespace System.Text.Json
{
    /// <summary>Objects to JSON text and back, with metadata written at compile time: by our generator for each
    /// [JsonSerializable] context and for each call of the options overloads whose type the compiler knows (the
    /// generator intercepts those calls). An options overload reached without that (inside generic code over T)
    /// finds its metadata in the options' TypeInfoResolver, or handles the JSON and scalar types itself.</summary>
    public static partial class JsonSerializer
    {
        // ---- with metadata ----

        public static string Serialize<TValue>(TValue value, JsonTypeInfo<TValue> jsonTypeInfo) =>
            Encoding.UTF8.GetString(SerializeToUtf8Bytes(value, jsonTypeInfo));

        public static byte[] SerializeToUtf8Bytes<TValue>(TValue value, JsonTypeInfo<TValue> jsonTypeInfo)
        {
            var output = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(output, Check(jsonTypeInfo).Options.WriterOptions())) Write(writer, value, jsonTypeInfo);
            return output.WrittenSpan.ToArray();
        }

        public static void Serialize<TValue>(Utf8JsonWriter writer, TValue value, JsonTypeInfo<TValue> jsonTypeInfo)
        {
            if (writer is null) throw new ArgumentNullException(nameof(writer));
            Write(writer, value, Check(jsonTypeInfo));
            writer.Flush();
        }

        public static void Serialize<TValue>(Stream utf8Json, TValue value, JsonTypeInfo<TValue> jsonTypeInfo)
        {
            if (utf8Json is null) throw new ArgumentNullException(nameof(utf8Json));
            byte[] bytes = SerializeToUtf8Bytes(value, jsonTypeInfo);
            utf8Json.Write(bytes, 0, bytes.Length);
        }

        public static Task SerializeAsync<TValue>(Stream utf8Json, TValue value, JsonTypeInfo<TValue> jsonTypeInfo, CancellationToken cancellationToken = default)
        {
            Serialize(utf8Json, value, jsonTypeInfo);
            return Task.CompletedTask;
        }

        public static JsonNode SerializeToNode<TValue>(TValue value, JsonTypeInfo<TValue> jsonTypeInfo) =>
            JsonNode.Parse(SerializeToUtf8Bytes(value, jsonTypeInfo));

        public static JsonElement SerializeToElement<TValue>(TValue value, JsonTypeInfo<TValue> jsonTypeInfo) =>
            SerializeToDocument(value, jsonTypeInfo).RootElement;

        public static JsonDocument SerializeToDocument<TValue>(TValue value, JsonTypeInfo<TValue> jsonTypeInfo) =>
            JsonDocument.Parse(new ReadOnlyMemory<byte>(SerializeToUtf8Bytes(value, jsonTypeInfo)), new JsonDocumentOptions { MaxDepth = int.MaxValue });

        public static string Serialize(object value, JsonTypeInfo jsonTypeInfo)
        {
            if (jsonTypeInfo is null) throw new ArgumentNullException(nameof(jsonTypeInfo));
            jsonTypeInfo.Options.Use();
            var output = new ArrayBufferWriter<byte>();
            try
            {
                using (var writer = new Utf8JsonWriter(output, jsonTypeInfo.Options.WriterOptions())) jsonTypeInfo.WriteBoxed(writer, value);
            }
            catch (JsonException failure)
            {
                throw JsonMetadataServices.Finish(failure);
            }
            return Encoding.UTF8.GetString(output.WrittenSpan);
        }

        public static string Serialize(object value, Type inputType, JsonSerializerContext context)
        {
            if (context is null) throw new ArgumentNullException(nameof(context));
            return Serialize(value, InfoFor(inputType, context.GetTypeInfo(inputType)));
        }

        public static TValue Deserialize<TValue>(string json, JsonTypeInfo<TValue> jsonTypeInfo)
        {
            if (json is null) throw new ArgumentNullException(nameof(json));
            return Deserialize(Encoding.UTF8.GetBytes(json), jsonTypeInfo);
        }

        public static TValue Deserialize<TValue>(ReadOnlySpan<char> json, JsonTypeInfo<TValue> jsonTypeInfo) =>
            Deserialize(Encoding.UTF8.GetBytes(json.ToString()), jsonTypeInfo);

        public static TValue Deserialize<TValue>(ReadOnlySpan<byte> utf8Json, JsonTypeInfo<TValue> jsonTypeInfo)
        {
            Check(jsonTypeInfo);
            var reader = new Utf8JsonReader(utf8Json, jsonTypeInfo.Options.ReaderOptions());
            try
            {
                reader.Read();
                TValue value = jsonTypeInfo.Read(ref reader, jsonTypeInfo.Options);
                while (reader.Read()) { }
                return value;
            }
            catch (JsonException failure)
            {
                throw JsonMetadataServices.Finish(failure);
            }
        }

        public static TValue Deserialize<TValue>(Stream utf8Json, JsonTypeInfo<TValue> jsonTypeInfo) => Deserialize(ReadAll(utf8Json), jsonTypeInfo);

        public static ValueTask<TValue> DeserializeAsync<TValue>(Stream utf8Json, JsonTypeInfo<TValue> jsonTypeInfo, CancellationToken cancellationToken = default) =>
            new ValueTask<TValue>(Deserialize(utf8Json, jsonTypeInfo));

        /// <summary>Reads the value the reader stands on (or the next one), leaving it on the value's last token.</summary>
        public static TValue Deserialize<TValue>(ref Utf8JsonReader reader, JsonTypeInfo<TValue> jsonTypeInfo)
        {
            Check(jsonTypeInfo);
            if (reader.TokenType == JsonTokenType.None || reader.TokenType == JsonTokenType.PropertyName) reader.Read();
            try
            {
                return jsonTypeInfo.Read(ref reader, jsonTypeInfo.Options);
            }
            catch (JsonException failure)
            {
                throw JsonMetadataServices.Finish(failure);
            }
        }

        public static TValue Deserialize<TValue>(this JsonElement element, JsonTypeInfo<TValue> jsonTypeInfo) =>
            Deserialize(element.RawBytes(), jsonTypeInfo);

        public static TValue Deserialize<TValue>(this JsonDocument document, JsonTypeInfo<TValue> jsonTypeInfo) =>
            Deserialize(document.RootElement, jsonTypeInfo);

        public static TValue Deserialize<TValue>(this JsonNode node, JsonTypeInfo<TValue> jsonTypeInfo) =>
            Deserialize(Encoding.UTF8.GetBytes(node is null ? "null" : node.ToJsonString()), jsonTypeInfo);

        public static object Deserialize(string json, JsonTypeInfo jsonTypeInfo)
        {
            if (json is null) throw new ArgumentNullException(nameof(json));
            if (jsonTypeInfo is null) throw new ArgumentNullException(nameof(jsonTypeInfo));
            jsonTypeInfo.Options.Use();
            var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(json), jsonTypeInfo.Options.ReaderOptions());
            try
            {
                reader.Read();
                object value = jsonTypeInfo.ReadBoxed(ref reader);
                while (reader.Read()) { }
                return value;
            }
            catch (JsonException failure)
            {
                throw JsonMetadataServices.Finish(failure);
            }
        }

        public static object Deserialize(string json, Type returnType, JsonSerializerContext context)
        {
            if (context is null) throw new ArgumentNullException(nameof(context));
            return Deserialize(json, InfoFor(returnType, context.GetTypeInfo(returnType)));
        }

        // ---- with options (what the generator intercepts) ----

        public static string Serialize<TValue>(TValue value, JsonSerializerOptions options = null) => Serialize(value, Resolve<TValue>(options));

        public static byte[] SerializeToUtf8Bytes<TValue>(TValue value, JsonSerializerOptions options = null) => SerializeToUtf8Bytes(value, Resolve<TValue>(options));

        public static void Serialize<TValue>(Utf8JsonWriter writer, TValue value, JsonSerializerOptions options = null) => Serialize(writer, value, Resolve<TValue>(options));

        public static void Serialize<TValue>(Stream utf8Json, TValue value, JsonSerializerOptions options = null) => Serialize(utf8Json, value, Resolve<TValue>(options));

        public static Task SerializeAsync<TValue>(Stream utf8Json, TValue value, JsonSerializerOptions options = null, CancellationToken cancellationToken = default) =>
            SerializeAsync(utf8Json, value, Resolve<TValue>(options), cancellationToken);

        public static JsonNode SerializeToNode<TValue>(TValue value, JsonSerializerOptions options = null) => SerializeToNode(value, Resolve<TValue>(options));

        public static JsonElement SerializeToElement<TValue>(TValue value, JsonSerializerOptions options = null) => SerializeToElement(value, Resolve<TValue>(options));

        public static JsonDocument SerializeToDocument<TValue>(TValue value, JsonSerializerOptions options = null) => SerializeToDocument(value, Resolve<TValue>(options));

        public static string Serialize(object value, Type inputType, JsonSerializerOptions options = null) =>
            Serialize(value, InfoFor(inputType, ResolveBoxed(inputType, options)));

        public static TValue Deserialize<TValue>(string json, JsonSerializerOptions options = null) => Deserialize(json, Resolve<TValue>(options));

        public static TValue Deserialize<TValue>(ReadOnlySpan<char> json, JsonSerializerOptions options = null) => Deserialize(json, Resolve<TValue>(options));

        public static TValue Deserialize<TValue>(ReadOnlySpan<byte> utf8Json, JsonSerializerOptions options = null) => Deserialize(utf8Json, Resolve<TValue>(options));

        public static TValue Deserialize<TValue>(Stream utf8Json, JsonSerializerOptions options = null) => Deserialize(utf8Json, Resolve<TValue>(options));

        public static ValueTask<TValue> DeserializeAsync<TValue>(Stream utf8Json, JsonSerializerOptions options = null, CancellationToken cancellationToken = default) =>
            DeserializeAsync(utf8Json, Resolve<TValue>(options), cancellationToken);

        public static TValue Deserialize<TValue>(ref Utf8JsonReader reader, JsonSerializerOptions options = null) => Deserialize(ref reader, Resolve<TValue>(options));

        public static TValue Deserialize<TValue>(this JsonElement element, JsonSerializerOptions options = null) => Deserialize(element, Resolve<TValue>(options));

        public static TValue Deserialize<TValue>(this JsonDocument document, JsonSerializerOptions options = null) => Deserialize(document, Resolve<TValue>(options));

        public static TValue Deserialize<TValue>(this JsonNode node, JsonSerializerOptions options = null) => Deserialize(node, Resolve<TValue>(options));

        public static object Deserialize(string json, Type returnType, JsonSerializerOptions options = null) =>
            Deserialize(json, InfoFor(returnType, ResolveBoxed(returnType, options)));

        /// <summary>Metadata for a type given as a Type: the options' resolver, else the generated code's registration.</summary>
        private static JsonTypeInfo ResolveBoxed(Type type, JsonSerializerOptions options)
        {
            if (type is null) return null;
            options ??= JsonSerializerOptions.Default;
            return options.TypeInfoResolver?.GetTypeInfo(type, options) ?? JsonMetadataServices.RegisteredInfo(type, options);
        }

        // ---- plumbing ----

        private static JsonTypeInfo<TValue> Check<TValue>(JsonTypeInfo<TValue> info)
        {
            if (info is null) throw new ArgumentNullException("jsonTypeInfo");
            info.Options.Use();
            return info;
        }

        private static void Write<TValue>(Utf8JsonWriter writer, TValue value, JsonTypeInfo<TValue> info)
        {
            info.Options.Use();
            try
            {
                info.Write(writer, value, info.Options);
            }
            catch (JsonException failure)
            {
                throw JsonMetadataServices.Finish(failure);
            }
        }

        private static JsonTypeInfo InfoFor(Type type, JsonTypeInfo info)
        {
            if (type is null) throw new ArgumentNullException(nameof(type));
            return info ?? throw NoMetadata(type);
        }

        private static byte[] ReadAll(Stream stream)
        {
            if (stream is null) throw new ArgumentNullException("utf8Json");
            var copy = new MemoryStream();
            stream.CopyTo(copy);
            byte[] bytes = copy.ToArray();
            if (bytes.Length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) return new ReadOnlySpan<byte>(bytes, 3, bytes.Length - 3).ToArray();
            return bytes;
        }

        /// <summary>Metadata for an options overload that the generator did not intercept: the options' resolver,
        /// else the JSON tree types and scalars, which need none.</summary>
        private static JsonTypeInfo<TValue> Resolve<TValue>(JsonSerializerOptions options)
        {
            options ??= JsonSerializerOptions.Default;
            if (options.TypeInfoResolver?.GetTypeInfo(typeof(TValue), options) is JsonTypeInfo<TValue> resolved) return resolved;
            if (JsonMetadataServices.RegisteredInfo(typeof(TValue), options) is JsonTypeInfo<TValue> registered) return registered;
            return BuiltIn<TValue>(options) ?? throw NoMetadata(typeof(TValue));
        }

        private static JsonTypeInfo<TValue> BuiltIn<TValue>(JsonSerializerOptions options)
        {
            JsonReadFunc<TValue> read = BuiltInReader<TValue>();
            if (read == null) return null;
            return new JsonTypeInfo<TValue>(options, static (writer, value, o) => JsonMetadataServices.WriteObject(writer, value, o), read);
        }

        private static JsonReadFunc<TValue> BuiltInReader<TValue>()
        {
            Type t = typeof(TValue);
            if (t == typeof(string)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonMetadataServices.ReadString(ref r);
            if (t == typeof(int)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)(int)JsonMetadataServices.ReadInt64(ref r, o, "System.Int32", int.MinValue, int.MaxValue);
            if (t == typeof(long)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonMetadataServices.ReadInt64(ref r, o, "System.Int64", long.MinValue, long.MaxValue);
            if (t == typeof(double)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonMetadataServices.ReadDouble(ref r, o);
            if (t == typeof(decimal)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonMetadataServices.ReadDecimal(ref r, o);
            if (t == typeof(bool)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonMetadataServices.ReadBoolean(ref r);
            if (t == typeof(JsonElement)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonMetadataServices.ReadElement(ref r);
            if (t == typeof(JsonDocument)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonDocument.ParseValue(ref r);
            if (t == typeof(JsonNode) || t == typeof(JsonObject) || t == typeof(JsonArray) || t == typeof(JsonValue))
                return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)(object)JsonMetadataServices.ReadNode(ref r);
            if (t == typeof(object)) return static (ref Utf8JsonReader r, JsonSerializerOptions o) => (TValue)JsonMetadataServices.ReadObject(ref r);
            return null;
        }

        private static InvalidOperationException NoMetadata(Type type) =>
            new InvalidOperationException("JsonSerializer has no metadata for type '" + type.FullName + "': this system compiles it ahead of time. Call JsonSerializer with the type known at the call (not a type parameter), or list the type in a [JsonSerializable] JsonSerializerContext and pass its metadata or use it as the options' TypeInfoResolver.");
    }
}

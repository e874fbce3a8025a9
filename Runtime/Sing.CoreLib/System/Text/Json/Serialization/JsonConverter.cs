using System.Text.Json.Serialization.Metadata;

namespace System.Text.Json.Serialization
{
    /// <summary>Custom conversion of one type, put in <see cref="JsonSerializerOptions.Converters"/> or named by
    /// [JsonConverter]. The generated serialization code asks the options for one before its own.</summary>
    public abstract class JsonConverter
    {
        private protected JsonConverter() { }

        public abstract bool CanConvert(Type typeToConvert);

        public virtual Type Type => null;
    }

    public abstract class JsonConverter<T> : JsonConverter
    {
        protected internal JsonConverter() { }

        public override bool CanConvert(Type typeToConvert) => typeToConvert == typeof(T);

        public override Type Type => typeof(T);

        /// <summary>Whether Read and Write see nulls (otherwise a JSON null is the default and a null is written as null).</summary>
        public virtual bool HandleNull => false;

        public abstract T Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options);

        public abstract void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options);
    }

    /// <summary>Makes converters for a family of types.</summary>
    public abstract class JsonConverterFactory : JsonConverter
    {
        protected JsonConverterFactory() { }

        public abstract JsonConverter CreateConverter(Type typeToConvert, JsonSerializerOptions options);
    }

    /// <summary>Enums as their names (through an optional naming policy) rather than numbers. The generated code
    /// does the conversion itself (it knows every enum's names); this converter in the options or in a
    /// [JsonConverter] attribute is what asks for it.</summary>
    public class JsonStringEnumConverter : JsonConverterFactory
    {
        public JsonStringEnumConverter() : this(null, true) { }

        public JsonStringEnumConverter(JsonNamingPolicy namingPolicy = null, bool allowIntegerValues = true)
        {
            NamingPolicy = namingPolicy;
            AllowIntegerValues = allowIntegerValues;
        }

        internal JsonNamingPolicy NamingPolicy { get; }

        internal bool AllowIntegerValues { get; }

        internal virtual Type EnumType => null;

        public override bool CanConvert(Type typeToConvert) => typeToConvert.IsEnum && (EnumType == null || EnumType == typeToConvert);

        public override JsonConverter CreateConverter(Type typeToConvert, JsonSerializerOptions options) =>
            throw new NotSupportedException("JsonStringEnumConverter works through the generated serialization code here; it does not make converters at run time.");
    }

    public class JsonStringEnumConverter<TEnum> : JsonStringEnumConverter where TEnum : struct, Enum
    {
        public JsonStringEnumConverter() : base(null, true) { }

        public JsonStringEnumConverter(JsonNamingPolicy namingPolicy = null, bool allowIntegerValues = true) : base(namingPolicy, allowIntegerValues) { }

        internal override Type EnumType => typeof(TEnum);
    }

    /// <summary>A set of generated type metadata ([JsonSerializable] types), used as an options' resolver or passed
    /// to JsonSerializer. The generator writes its Default instance, one JsonTypeInfo property per type and GetTypeInfo.</summary>
    public abstract class JsonSerializerContext : IJsonTypeInfoResolver
    {
        private JsonSerializerOptions _options;

        protected JsonSerializerContext(JsonSerializerOptions options)
        {
            if (options != null)
            {
                options.TypeInfoResolver = this;
                _options = options;
            }
        }

        public JsonSerializerOptions Options
        {
            get
            {
                if (_options == null)
                {
                    JsonSerializerOptions generated = GeneratedSerializerOptions;
                    _options = generated != null ? new JsonSerializerOptions(generated) : new JsonSerializerOptions();
                    _options.TypeInfoResolver = this;
                }
                return _options;
            }
        }

        protected abstract JsonSerializerOptions GeneratedSerializerOptions { get; }

        public abstract JsonTypeInfo GetTypeInfo(Type type);

        JsonTypeInfo IJsonTypeInfoResolver.GetTypeInfo(Type type, JsonSerializerOptions options) => GetTypeInfo(type);
    }
}

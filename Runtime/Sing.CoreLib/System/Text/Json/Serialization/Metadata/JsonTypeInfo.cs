namespace System.Text.Json.Serialization.Metadata
{
    /// <summary>Gives the metadata to serialize a type with (a generated <see cref="JsonSerializerContext"/> is one).</summary>
    public interface IJsonTypeInfoResolver
    {
        JsonTypeInfo GetTypeInfo(Type type, JsonSerializerOptions options);
    }

    public delegate void JsonWriteAction<T>(Utf8JsonWriter writer, T value, JsonSerializerOptions options);

    public delegate T JsonReadFunc<T>(ref Utf8JsonReader reader, JsonSerializerOptions options);

    /// <summary>How to write and read one type with one set of options: the generated code's two methods for it.</summary>
    public abstract class JsonTypeInfo
    {
        private protected JsonTypeInfo(Type type, JsonSerializerOptions options)
        {
            Type = type;
            Options = options;
        }

        public Type Type { get; }

        public JsonSerializerOptions Options { get; }

        internal abstract void WriteBoxed(Utf8JsonWriter writer, object value);

        internal abstract object ReadBoxed(ref Utf8JsonReader reader);
    }

    public sealed class JsonTypeInfo<T> : JsonTypeInfo
    {
        internal readonly JsonWriteAction<T> Write;
        internal readonly JsonReadFunc<T> Read;

        internal JsonTypeInfo(JsonSerializerOptions options, JsonWriteAction<T> write, JsonReadFunc<T> read) : base(typeof(T), options)
        {
            Write = write;
            Read = read;
        }

        internal override void WriteBoxed(Utf8JsonWriter writer, object value)
        {
            if (value is null) writer.WriteNullValue();
            else Write(writer, (T)value, Options);
        }

        internal override object ReadBoxed(ref Utf8JsonReader reader) => Read(ref reader, Options);
    }
}

namespace System.Text.Json.Serialization
{
    public enum JsonIgnoreCondition
    {
        Never = 0,
        Always = 1,
        WhenWritingDefault = 2,
        WhenWritingNull = 3,
        WhenWriting = 4,
        WhenReading = 5,
    }

    public enum JsonKnownNamingPolicy
    {
        Unspecified = 0,
        CamelCase = 1,
        SnakeCaseLower = 2,
        SnakeCaseUpper = 3,
        KebabCaseLower = 4,
        KebabCaseUpper = 5,
    }

    [Flags]
    public enum JsonSourceGenerationMode
    {
        Default = 0,
        Metadata = 1,
        Serialization = 2,
    }

    public abstract class JsonAttribute : Attribute { }

    /// <summary>Names a type a <see cref="JsonSerializerContext"/> gives metadata for (our generator, as .NET's).</summary>
    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class JsonSerializableAttribute : JsonAttribute
    {
        public JsonSerializableAttribute(Type type) { }

        public string TypeInfoPropertyName { get; set; }

        public JsonSourceGenerationMode GenerationMode { get; set; }
    }

    /// <summary>The options a generated context's Default instance uses.</summary>
    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
    public sealed class JsonSourceGenerationOptionsAttribute : JsonAttribute
    {
        public JsonSourceGenerationOptionsAttribute() { }

        public JsonSourceGenerationOptionsAttribute(JsonSerializerDefaults defaults)
        {
            if (defaults == JsonSerializerDefaults.Web)
            {
                PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase;
                PropertyNameCaseInsensitive = true;
                NumberHandling = JsonNumberHandling.AllowReadingFromString;
            }
        }

        public bool AllowTrailingCommas { get; set; }
        public int DefaultBufferSize { get; set; }
        public JsonIgnoreCondition DefaultIgnoreCondition { get; set; }
        public JsonKnownNamingPolicy DictionaryKeyPolicy { get; set; }
        public bool IgnoreReadOnlyFields { get; set; }
        public bool IgnoreReadOnlyProperties { get; set; }
        public bool IncludeFields { get; set; }
        public int MaxDepth { get; set; }
        public JsonNumberHandling NumberHandling { get; set; }
        public bool PropertyNameCaseInsensitive { get; set; }
        public JsonKnownNamingPolicy PropertyNamingPolicy { get; set; }
        public JsonCommentHandling ReadCommentHandling { get; set; }
        public bool UseStringEnumConverter { get; set; }
        public bool WriteIndented { get; set; }
        public char IndentCharacter { get; set; }
        public int IndentSize { get; set; }
        public string NewLine { get; set; }
        public JsonSourceGenerationMode GenerationMode { get; set; }
        public Type[] Converters { get; set; }
    }

    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false)]
    public sealed class JsonPropertyNameAttribute : JsonAttribute
    {
        public JsonPropertyNameAttribute(string name) => Name = name;

        public string Name { get; }
    }

    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false)]
    public sealed class JsonIgnoreAttribute : JsonAttribute
    {
        public JsonIgnoreCondition Condition { get; set; } = JsonIgnoreCondition.Always;
    }

    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false)]
    public sealed class JsonIncludeAttribute : JsonAttribute { }

    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false)]
    public sealed class JsonRequiredAttribute : JsonAttribute { }

    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false)]
    public sealed class JsonPropertyOrderAttribute : JsonAttribute
    {
        public JsonPropertyOrderAttribute(int order) => Order = order;

        public int Order { get; }
    }

    [AttributeUsage(AttributeTargets.Constructor, AllowMultiple = false)]
    public sealed class JsonConstructorAttribute : JsonAttribute { }

    /// <summary>The converter for a type, property or enum (a <see cref="JsonStringEnumConverter"/>, or a
    /// <see cref="JsonConverter{T}"/> with a public parameterless constructor).</summary>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Enum | AttributeTargets.Property | AttributeTargets.Field | AttributeTargets.Interface, AllowMultiple = false)]
    public class JsonConverterAttribute : JsonAttribute
    {
        public JsonConverterAttribute(Type converterType) => ConverterType = converterType;

        protected JsonConverterAttribute() { }

        public Type ConverterType { get; }
    }

    [Flags]
    public enum JsonNumberHandling
    {
        Strict = 0,
        AllowReadingFromString = 1,
        WriteAsString = 2,
        AllowNamedFloatingPointLiterals = 4,
    }
}

namespace System.Text.Json
{
    public enum JsonSerializerDefaults
    {
        General = 0,
        Web = 1,
    }
}

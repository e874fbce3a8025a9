using System.Collections.Generic;
using System.Text.Encodings.Web;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace System.Text.Json
{
    /// <summary>How JsonSerializer and JsonNode write and read JSON text. As in .NET, an instance becomes read-only
    /// once it has been used to serialize (a setter then throws).</summary>
    public sealed class JsonSerializerOptions
    {
        private static JsonSerializerOptions s_default;
        private static JsonSerializerOptions s_web;
        private JsonWriterOptions _writer;
        private bool _readOnly;
        private bool _writeIndented;
        private JavaScriptEncoder _encoder;
        private bool _allowTrailingCommas;
        private JsonCommentHandling _readCommentHandling;
        private int _maxDepth;
        private JsonNamingPolicy _propertyNamingPolicy;
        private JsonNamingPolicy _dictionaryKeyPolicy;
        private bool _propertyNameCaseInsensitive;
        private JsonIgnoreCondition _defaultIgnoreCondition;
        private bool _ignoreReadOnlyProperties;
        private bool _ignoreReadOnlyFields;
        private bool _includeFields;
        private JsonNumberHandling _numberHandling;
        private IJsonTypeInfoResolver _typeInfoResolver;
        private readonly ConverterList _converters;
        private Dictionary<string, string> _convertedNames;

        public JsonSerializerOptions()
        {
            _converters = new ConverterList(this);
        }

        public JsonSerializerOptions(JsonSerializerDefaults defaults) : this()
        {
            if (defaults == JsonSerializerDefaults.Web)
            {
                _propertyNamingPolicy = JsonNamingPolicy.CamelCase;
                _propertyNameCaseInsensitive = true;
                _numberHandling = JsonNumberHandling.AllowReadingFromString;
            }
        }

        public JsonSerializerOptions(JsonSerializerOptions options) : this()
        {
            if (options is null) throw new ArgumentNullException(nameof(options));
            _writer = options._writer;
            _writeIndented = options._writeIndented;
            _encoder = options._encoder;
            _allowTrailingCommas = options._allowTrailingCommas;
            _readCommentHandling = options._readCommentHandling;
            _maxDepth = options._maxDepth;
            _propertyNamingPolicy = options._propertyNamingPolicy;
            _dictionaryKeyPolicy = options._dictionaryKeyPolicy;
            _propertyNameCaseInsensitive = options._propertyNameCaseInsensitive;
            _defaultIgnoreCondition = options._defaultIgnoreCondition;
            _ignoreReadOnlyProperties = options._ignoreReadOnlyProperties;
            _ignoreReadOnlyFields = options._ignoreReadOnlyFields;
            _includeFields = options._includeFields;
            _numberHandling = options._numberHandling;
            _typeInfoResolver = options._typeInfoResolver;
            foreach (JsonConverter converter in options._converters) _converters.Add(converter);
            UseStringEnumConverter = options.UseStringEnumConverter;
        }

        public static JsonSerializerOptions Default => s_default ??= Frozen(new JsonSerializerOptions());

        public static JsonSerializerOptions Web => s_web ??= Frozen(new JsonSerializerOptions(JsonSerializerDefaults.Web));

        private static JsonSerializerOptions Frozen(JsonSerializerOptions options)
        {
            options._readOnly = true;
            return options;
        }

        public bool IsReadOnly => _readOnly;

        public void MakeReadOnly() => _readOnly = true;

        private void Set<T>(ref T field, T value)
        {
            CheckWritable();
            field = value;
        }

        private void CheckWritable()
        {
            if (_readOnly) throw new InvalidOperationException("This JsonSerializerOptions instance is read-only or has already been used in serialization or deserialization.");
        }

        internal void Use() => _readOnly = true;

        public bool WriteIndented { get => _writeIndented; set => Set(ref _writeIndented, value); }

        public JavaScriptEncoder Encoder { get => _encoder; set => Set(ref _encoder, value); }

        public char IndentCharacter
        {
            get => _writer.IndentCharacter;
            set
            {
                CheckWritable();
                _writer.IndentCharacter = value;
            }
        }

        public int IndentSize
        {
            get => _writer.IndentSize;
            set
            {
                CheckWritable();
                _writer.IndentSize = value;
            }
        }

        public string NewLine
        {
            get => _writer.NewLine;
            set
            {
                CheckWritable();
                _writer.NewLine = value;
            }
        }

        public bool AllowTrailingCommas { get => _allowTrailingCommas; set => Set(ref _allowTrailingCommas, value); }

        public JsonCommentHandling ReadCommentHandling
        {
            get => _readCommentHandling;
            set
            {
                if (value == JsonCommentHandling.Allow)
                    throw new ArgumentOutOfRangeException(nameof(value), "Comments cannot be stored when deserializing objects, only the Skip and Disallow comment handling modes are supported.");
                Set(ref _readCommentHandling, value);
            }
        }

        /// <summary>0 means the default, 64.</summary>
        public int MaxDepth
        {
            get => _maxDepth;
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException(nameof(value), "Max depth must be positive.");
                Set(ref _maxDepth, value);
            }
        }

        internal int EffectiveMaxDepth => _maxDepth == 0 ? 64 : _maxDepth;

        public JsonNamingPolicy PropertyNamingPolicy { get => _propertyNamingPolicy; set => Set(ref _propertyNamingPolicy, value); }

        public JsonNamingPolicy DictionaryKeyPolicy { get => _dictionaryKeyPolicy; set => Set(ref _dictionaryKeyPolicy, value); }

        public bool PropertyNameCaseInsensitive { get => _propertyNameCaseInsensitive; set => Set(ref _propertyNameCaseInsensitive, value); }

        public JsonIgnoreCondition DefaultIgnoreCondition
        {
            get => _defaultIgnoreCondition;
            set
            {
                if (value == JsonIgnoreCondition.Always) throw new ArgumentException("The value cannot be 'JsonIgnoreCondition.Always'.", nameof(value));
                Set(ref _defaultIgnoreCondition, value);
            }
        }

        public bool IgnoreReadOnlyProperties { get => _ignoreReadOnlyProperties; set => Set(ref _ignoreReadOnlyProperties, value); }

        public bool IgnoreReadOnlyFields { get => _ignoreReadOnlyFields; set => Set(ref _ignoreReadOnlyFields, value); }

        public bool IncludeFields { get => _includeFields; set => Set(ref _includeFields, value); }

        public JsonNumberHandling NumberHandling { get => _numberHandling; set => Set(ref _numberHandling, value); }

        public IJsonTypeInfoResolver TypeInfoResolver { get => _typeInfoResolver; set => Set(ref _typeInfoResolver, value); }

        public IList<JsonConverter> Converters => _converters;

        /// <summary>Set by a generated context whose options say UseStringEnumConverter.</summary>
        internal bool UseStringEnumConverter { get; set; }

        internal JsonWriterOptions WriterOptions()
        {
            JsonWriterOptions options = _writer;
            options.Indented = _writeIndented;
            options.Encoder = _encoder;
            options.SkipValidation = true;
            return options;
        }

        internal JsonReaderOptions ReaderOptions() => new JsonReaderOptions
        {
            AllowTrailingCommas = _allowTrailingCommas,
            CommentHandling = _readCommentHandling,
            MaxDepth = EffectiveMaxDepth,
        };

        internal JsonDocumentOptions DocumentOptions() => new JsonDocumentOptions
        {
            AllowTrailingCommas = _allowTrailingCommas,
            CommentHandling = _readCommentHandling,
            MaxDepth = _maxDepth,
        };

        /// <summary>A property name through the naming policy, converted once per options.</summary>
        internal string ConvertName(string name)
        {
            JsonNamingPolicy policy = _propertyNamingPolicy;
            if (policy == null) return name;
            Dictionary<string, string> names = _convertedNames ??= new Dictionary<string, string>();
            lock (names)
            {
                if (names.TryGetValue(name, out string converted)) return converted;
                converted = policy.ConvertName(name) ?? throw new InvalidOperationException("The naming policy '" + policy.GetType().FullName + "' cannot return null.");
                names[name] = converted;
                return converted;
            }
        }

        private sealed class ConverterList : List<JsonConverter>, IList<JsonConverter>
        {
            private readonly JsonSerializerOptions _owner;

            internal ConverterList(JsonSerializerOptions owner) => _owner = owner;

            void ICollection<JsonConverter>.Add(JsonConverter item)
            {
                _owner.CheckWritable();
                Add(item ?? throw new ArgumentNullException(nameof(item)));
            }
        }
    }
}

using System.Text.Encodings.Web;

namespace System.Text.Json
{
    /// <summary>The options JSON text is written and read with by JsonNode (ToJsonString, WriteTo). Only the
    /// settings that shape text are here; there is no reflection-based JsonSerializer to configure.</summary>
    public sealed class JsonSerializerOptions
    {
        private static JsonSerializerOptions s_default;

        public JsonSerializerOptions() { }

        public JsonSerializerOptions(JsonSerializerOptions options)
        {
            if (options is null) throw new ArgumentNullException(nameof(options));
            WriteIndented = options.WriteIndented;
            Encoder = options.Encoder;
            _writer = options._writer;
            AllowTrailingCommas = options.AllowTrailingCommas;
            ReadCommentHandling = options.ReadCommentHandling;
            MaxDepth = options.MaxDepth;
        }

        public static JsonSerializerOptions Default => s_default ??= new JsonSerializerOptions();

        private JsonWriterOptions _writer;

        public bool WriteIndented { get; set; }

        public JavaScriptEncoder Encoder { get; set; }

        public char IndentCharacter
        {
            get => _writer.IndentCharacter;
            set => _writer.IndentCharacter = value;
        }

        public int IndentSize
        {
            get => _writer.IndentSize;
            set => _writer.IndentSize = value;
        }

        public string NewLine
        {
            get => _writer.NewLine;
            set => _writer.NewLine = value;
        }

        public bool AllowTrailingCommas { get; set; }

        public JsonCommentHandling ReadCommentHandling { get; set; }

        /// <summary>0 means the default, 64.</summary>
        public int MaxDepth { get; set; }

        internal JsonWriterOptions WriterOptions()
        {
            JsonWriterOptions options = _writer;
            options.Indented = WriteIndented;
            options.Encoder = Encoder;
            options.SkipValidation = true;
            return options;
        }

        internal JsonDocumentOptions DocumentOptions() => new JsonDocumentOptions
        {
            AllowTrailingCommas = AllowTrailingCommas,
            CommentHandling = ReadCommentHandling,
            MaxDepth = MaxDepth,
        };
    }
}

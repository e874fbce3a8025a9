using System.Text.Encodings.Web;

namespace System.Text.Json
{
    /// <summary>The kind of token Utf8JsonReader stands on (.NET's values).</summary>
    public enum JsonTokenType : byte
    {
        None = 0,
        StartObject = 1,
        EndObject = 2,
        StartArray = 3,
        EndArray = 4,
        PropertyName = 5,
        Comment = 6,
        String = 7,
        Number = 8,
        True = 9,
        False = 10,
        Null = 11,
    }

    /// <summary>The kind of a JsonElement or JsonNode value (.NET's values).</summary>
    public enum JsonValueKind : byte
    {
        Undefined = 0,
        Object = 1,
        Array = 2,
        String = 3,
        Number = 4,
        True = 5,
        False = 6,
        Null = 7,
    }

    /// <summary>What the reader does with /* */ and // comments, which JSON itself does not have.</summary>
    public enum JsonCommentHandling : byte
    {
        Disallow = 0,
        Skip = 1,
        Allow = 2,
    }

    public struct JsonReaderOptions
    {
        internal const int DefaultMaxDepth = 64;
        private int _maxDepth;
        private JsonCommentHandling _commentHandling;

        public JsonCommentHandling CommentHandling
        {
            readonly get => _commentHandling;
            set
            {
                if (value > JsonCommentHandling.Allow)
                    throw new ArgumentOutOfRangeException(nameof(value), "The JsonCommentHandling enum must be set to one of the supported values.");
                _commentHandling = value;
            }
        }

        /// <summary>0 means the default, 64.</summary>
        public int MaxDepth
        {
            readonly get => _maxDepth;
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException(nameof(value), "Max depth must be positive.");
                _maxDepth = value;
            }
        }

        public bool AllowTrailingCommas { get; set; }

        public bool AllowMultipleValues { get; set; }

        internal readonly int EffectiveMaxDepth => _maxDepth == 0 ? DefaultMaxDepth : _maxDepth;
    }

    /// <summary>Where a reader stopped; only a whole payload is read (isFinalBlock true), so this carries the options.</summary>
    public readonly struct JsonReaderState
    {
        internal readonly JsonReaderOptions ReaderOptions;

        public JsonReaderState(JsonReaderOptions options = default)
        {
            ReaderOptions = options;
        }

        public JsonReaderOptions Options => ReaderOptions;
    }

    public struct JsonDocumentOptions
    {
        private int _maxDepth;
        private JsonCommentHandling _commentHandling;

        public JsonCommentHandling CommentHandling
        {
            readonly get => _commentHandling;
            set
            {
                if (value == JsonCommentHandling.Allow)
                    throw new ArgumentOutOfRangeException(nameof(value), "Comments cannot be stored in a JsonDocument, only the Skip and Disallow comment handling modes are supported.");
                if (value > JsonCommentHandling.Allow)
                    throw new ArgumentOutOfRangeException(nameof(value), "The JsonCommentHandling enum must be set to one of the supported values.");
                _commentHandling = value;
            }
        }

        public int MaxDepth
        {
            readonly get => _maxDepth;
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException(nameof(value), "Max depth must be positive.");
                _maxDepth = value;
            }
        }

        public bool AllowTrailingCommas { get; set; }

        internal readonly JsonReaderOptions ReaderOptions => new JsonReaderOptions
        {
            AllowTrailingCommas = AllowTrailingCommas,
            CommentHandling = CommentHandling,
            MaxDepth = MaxDepth,
        };
    }

    public struct JsonWriterOptions
    {
        internal const int DefaultMaxDepth = 1000;
        private int _maxDepth;
        private char _indentCharacter;
        private int _indentSize;
        private string _newLine;

        public JavaScriptEncoder Encoder { get; set; }

        public bool Indented { get; set; }

        public bool SkipValidation { get; set; }

        /// <summary>0 means the default, 1000.</summary>
        public int MaxDepth
        {
            readonly get => _maxDepth;
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException(nameof(value), "Max depth must be positive.");
                _maxDepth = value;
            }
        }

        /// <summary>A space (the default) or a tab.</summary>
        public char IndentCharacter
        {
            readonly get => _indentCharacter == '\0' ? ' ' : _indentCharacter;
            set
            {
                if (value != ' ' && value != '\t')
                    throw new ArgumentOutOfRangeException(nameof(value), "Supported indentation characters are space and horizontal tab.");
                _indentCharacter = value;
            }
        }

        /// <summary>0 to 127 characters per level; 2 by default.</summary>
        public int IndentSize
        {
            readonly get => _indentSize == 0 ? 2 : _indentSize - 1;
            set
            {
                if (value < 0 || value > 127)
                    throw new ArgumentOutOfRangeException(nameof(value), "Indentation size must be between 0 and 127.");
                _indentSize = value + 1;
            }
        }

        /// <summary>"\n" or "\r\n"; Environment.NewLine by default.</summary>
        public string NewLine
        {
            readonly get => _newLine ?? Environment.NewLine;
            set
            {
                if (value != "\n" && value != "\r\n")
                    throw new ArgumentOutOfRangeException(nameof(value), "New line can be only \"\\n\" or \"\\r\\n\".");
                _newLine = value;
            }
        }

        internal readonly int EffectiveMaxDepth => _maxDepth == 0 ? DefaultMaxDepth : _maxDepth;
    }

    /// <summary>Invalid JSON text, or a value that does not fit what was asked of it. The reader's errors say where:
    /// "LineNumber: L | BytePositionInLine: B." (both counted from 0), as .NET's do.</summary>
    public class JsonException : Exception
    {
        public JsonException() { }

        public JsonException(string message) : base(message) { }

        public JsonException(string message, Exception innerException) : base(message, innerException) { }

        public JsonException(string message, string path, long? lineNumber, long? bytePositionInLine)
            : this(message, path, lineNumber, bytePositionInLine, null) { }

        public JsonException(string message, string path, long? lineNumber, long? bytePositionInLine, Exception innerException)
            : base(message, innerException)
        {
            Path = path;
            LineNumber = lineNumber;
            BytePositionInLine = bytePositionInLine;
        }

        public long? LineNumber { get; }

        public long? BytePositionInLine { get; }

        public string Path { get; }

        // The steps a serializer failure passed through, innermost first (JsonMetadataServices.AddPath).
        private System.Collections.Generic.List<string> _pathSteps;

        internal bool HasPathSteps => _pathSteps != null;

        internal void AddPathStep(string step) => (_pathSteps ??= new System.Collections.Generic.List<string>()).Add(step);

        /// <summary>The exception JsonSerializer throws for this one: WHAT, the path, and the position if there is one.</summary>
        internal JsonException Final(string what)
        {
            var path = new StringBuilder("$");
            if (_pathSteps != null)
            {
                for (int i = _pathSteps.Count - 1; i >= 0; i--) path.Append(_pathSteps[i]);
            }
            string text = path.ToString();
            string where = LineNumber is null ? "." : " | LineNumber: " + LineNumber + " | BytePositionInLine: " + BytePositionInLine + ".";
            return new JsonException(what + " Path: " + text + where, text, LineNumber, BytePositionInLine, InnerException);
        }
    }

    /// <summary>The reader's own errors (.NET's type name, internal as there).</summary>
    internal sealed class JsonReaderException : JsonException
    {
        public JsonReaderException(string message, long lineNumber, long bytePositionInLine)
            : base(message + " LineNumber: " + lineNumber + " | BytePositionInLine: " + bytePositionInLine + ".",
                   null, lineNumber, bytePositionInLine)
        {
            RawMessage = message;
        }

        /// <summary>The message without its position (the serializer puts the path before it).</summary>
        internal string RawMessage { get; }
    }
}

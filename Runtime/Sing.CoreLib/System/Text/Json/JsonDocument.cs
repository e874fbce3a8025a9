using System.Collections.Generic;
using System.IO;

namespace System.Text.Json
{
    /// <summary>A parsed JSON value, read-only, over a copy of its UTF-8 text. Parsing records one row per token
    /// (where its bytes are, how many children and where the next sibling starts), so elements are (document, row)
    /// pairs and walking them allocates nothing.</summary>
    public sealed class JsonDocument : IDisposable
    {
        internal struct Row
        {
            internal JsonTokenType Type;
            internal bool Escaped;
            internal int Start;   // strings and property names: after the quote; others: the first byte
            internal int Length;  // strings: without the quotes; containers: through the closing bracket
            internal int Next;    // the row after this value and all it contains
            internal int Count;   // array items or object properties
        }

        private readonly byte[] _utf8;
        private readonly Row[] _rows;
        private bool _disposed;

        private JsonDocument(byte[] utf8, Row[] rows)
        {
            _utf8 = utf8;
            _rows = rows;
        }

        public JsonElement RootElement => new JsonElement(this, 0);

        public void Dispose() => _disposed = true;

        public void WriteTo(Utf8JsonWriter writer) => RootElement.WriteTo(writer);

        public static JsonDocument Parse(string json, JsonDocumentOptions options = default)
        {
            if (json is null) throw new ArgumentNullException(nameof(json));
            return Build(Encoding.UTF8.GetBytes(json), options);
        }

        public static JsonDocument Parse(ReadOnlyMemory<char> json, JsonDocumentOptions options = default) =>
            Build(Encoding.UTF8.GetBytes(json.Span.ToString()), options);

        public static JsonDocument Parse(ReadOnlyMemory<byte> utf8Json, JsonDocumentOptions options = default) =>
            Build(utf8Json.ToArray(), options);

        public static JsonDocument Parse(Stream utf8Json, JsonDocumentOptions options = default)
        {
            if (utf8Json is null) throw new ArgumentNullException(nameof(utf8Json));
            var copy = new MemoryStream();
            utf8Json.CopyTo(copy);
            return Build(WithoutBom(new ReadOnlySpan<byte>(copy.GetBuffer(), 0, (int)copy.Length)).ToArray(), options);
        }

        /// <summary>Reads one value from the reader (the next one, or the one it stands on) into a document.</summary>
        public static JsonDocument ParseValue(ref Utf8JsonReader reader)
        {
            byte[] raw = JsonElement.ReadRawValue(ref reader);
            return Build(raw, new JsonDocumentOptions { MaxDepth = reader.CurrentState.Options.MaxDepth });
        }

        public static bool TryParseValue(ref Utf8JsonReader reader, out JsonDocument document)
        {
            document = ParseValue(ref reader);
            return true;
        }

        private static ReadOnlySpan<byte> WithoutBom(ReadOnlySpan<byte> utf8) =>
            utf8.Length >= 3 && utf8[0] == 0xEF && utf8[1] == 0xBB && utf8[2] == 0xBF ? utf8.Slice(3) : utf8;

        private static JsonDocument Build(byte[] utf8, JsonDocumentOptions options)
        {
            var reader = new Utf8JsonReader(utf8, options.ReaderOptions);
            var rows = new List<Row>(Math.Max(4, utf8.Length / 8));
            var open = new List<int>();
            while (reader.Read())
            {
                JsonTokenType type = reader.TokenType;
                if (type == JsonTokenType.EndObject || type == JsonTokenType.EndArray)
                {
                    int at = open[open.Count - 1];
                    open.RemoveAt(open.Count - 1);
                    Row row = rows[at];
                    row.Length = (int)reader.TokenStartIndex + 1 - row.Start;
                    row.Next = rows.Count;
                    rows[at] = row;
                    continue;
                }
                if (open.Count > 0)
                {
                    int parent = open[open.Count - 1];
                    bool countsHere = rows[parent].Type == JsonTokenType.StartArray ? type != JsonTokenType.PropertyName : type == JsonTokenType.PropertyName;
                    if (countsHere)
                    {
                        Row p = rows[parent];
                        p.Count++;
                        rows[parent] = p;
                    }
                }
                var added = new Row
                {
                    Type = type,
                    Escaped = reader.ValueIsEscaped,
                    Start = reader.ValueStart,
                    Length = reader.ValueLength,
                    Next = rows.Count + 1,
                };
                if (type == JsonTokenType.StartObject || type == JsonTokenType.StartArray) open.Add(rows.Count);
                rows.Add(added);
            }
            return new JsonDocument(utf8, rows.ToArray());
        }

        // ---- what JsonElement reads ----

        internal Row RowAt(int index)
        {
            if (_disposed) throw new ObjectDisposedException(nameof(JsonDocument));
            return _rows[index];
        }

        internal ReadOnlySpan<byte> Bytes(int index)
        {
            Row row = RowAt(index);
            return new ReadOnlySpan<byte>(_utf8, row.Start, row.Length);
        }

        /// <summary>The value's JSON text as written, quotes included.</summary>
        internal ReadOnlySpan<byte> RawBytes(int index)
        {
            Row row = RowAt(index);
            if (row.Type == JsonTokenType.String || row.Type == JsonTokenType.PropertyName)
                return new ReadOnlySpan<byte>(_utf8, row.Start - 1, row.Length + 2);
            return new ReadOnlySpan<byte>(_utf8, row.Start, row.Length);
        }

        /// <summary>A property's text from its name's opening quote through the end of its value.</summary>
        internal ReadOnlySpan<byte> RawPropertyBytes(int nameIndex)
        {
            Row name = RowAt(nameIndex);
            ReadOnlySpan<byte> value = RawBytes(nameIndex + 1);
            Row valueRow = RowAt(nameIndex + 1);
            int valueStart = valueRow.Type == JsonTokenType.String ? valueRow.Start - 1 : valueRow.Start;
            int start = name.Start - 1;
            return new ReadOnlySpan<byte>(_utf8, start, valueStart + value.Length - start);
        }
    }
}

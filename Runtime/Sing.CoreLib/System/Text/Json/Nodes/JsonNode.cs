using System.Buffers;
using System.IO;

namespace System.Text.Json.Nodes
{
    public struct JsonNodeOptions
    {
        public bool PropertyNameCaseInsensitive { get; set; }
    }

    /// <summary>A mutable JSON tree: <see cref="JsonObject"/>, <see cref="JsonArray"/> and <see cref="JsonValue"/>
    /// nodes, each knowing its parent. A JSON null is a null node reference, as in .NET.</summary>
    public abstract partial class JsonNode
    {
        private readonly JsonNodeOptions? _options;

        private protected JsonNode(JsonNodeOptions? options)
        {
            _options = options;
        }

        public JsonNodeOptions? Options => _options ?? Parent?.Options;

        public JsonNode Parent { get; private set; }

        public JsonNode Root
        {
            get
            {
                JsonNode node = this;
                while (node.Parent != null) node = node.Parent;
                return node;
            }
        }

        public JsonArray AsArray() => this as JsonArray ?? throw new InvalidOperationException("The node must be of type 'JsonArray'.");

        public JsonObject AsObject() => this as JsonObject ?? throw new InvalidOperationException("The node must be of type 'JsonObject'.");

        public JsonValue AsValue() => this as JsonValue ?? throw new InvalidOperationException("The node must be of type 'JsonValue'.");

        public JsonNode this[int index]
        {
            get => AsArray()[index];
            set => AsArray()[index] = value;
        }

        public JsonNode this[string propertyName]
        {
            get => AsObject()[propertyName];
            set => AsObject()[propertyName] = value;
        }

        /// <summary>The value as a T (not virtual here, as .NET's is: generic virtual methods over value types need
        /// dictionary entries our runtime does not build, and no program can subclass a node).</summary>
        public T GetValue<T>()
        {
            if (this is not JsonValue value) throw new InvalidOperationException("The node must be of type 'JsonValue'.");
            if (value.TryGetValue(out T result)) return result;
            throw value.CannotConvert(typeof(T));
        }

        public abstract JsonValueKind GetValueKind();

        public abstract void WriteTo(Utf8JsonWriter writer, JsonSerializerOptions options = null);

        public JsonNode DeepClone() => Clone();

        private protected abstract JsonNode Clone();

        /// <summary>The name of this node in its parent object.</summary>
        public string GetPropertyName()
        {
            if (Parent is JsonObject parent) return parent.NameOf(this);
            throw new InvalidOperationException("The node must be of type 'JsonObject'.");
        }

        /// <summary>The index of this node in its parent array.</summary>
        public int GetElementIndex()
        {
            if (Parent is JsonArray parent) return parent.IndexOf(this);
            throw new InvalidOperationException("The node must be of type 'JsonArray'.");
        }

        /// <summary>Where this node is from the root, in JSONPath: $.a[0]['b c'].</summary>
        public string GetPath()
        {
            if (Parent == null) return "$";
            var parts = new System.Collections.Generic.List<string>();
            JsonNode node = this;
            while (node.Parent != null)
            {
                parts.Add(node.Parent is JsonArray array
                    ? "[" + array.IndexOf(node) + "]"
                    : PathName(((JsonObject)node.Parent).NameOf(node)));
                node = node.Parent;
            }
            var builder = new StringBuilder("$");
            for (int i = parts.Count - 1; i >= 0; i--) builder.Append(parts[i]);
            return builder.ToString();
        }

        private static string PathName(string name)
        {
            foreach (char c in name)
            {
                if (c == '.' || c == ' ' || c == '\'' || c == '/' || c == '"' || c == '[' || c == ']' || c == '(' || c == ')'
                    || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\b' || c == '\\' || c == '\u0085' || c == '\u2028' || c == '\u2029')
                    return "['" + name + "']";
            }
            return "." + name;
        }

        /// <summary>Puts <paramref name="value"/> where this node is in its parent.</summary>
        public void ReplaceWith<T>(T value)
        {
            JsonNode replacement = value as JsonNode ?? (value is null ? null : JsonValue.Create(value));
            switch (Parent)
            {
                case JsonObject obj:
                    obj[GetPropertyName()] = replacement;
                    break;
                case JsonArray array:
                    array[GetElementIndex()] = replacement;
                    break;
            }
        }

        public string ToJsonString(JsonSerializerOptions options = null)
        {
            var output = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(output, (options ?? JsonSerializerOptions.Default).WriterOptions()))
            {
                WriteTo(writer, options);
            }
            return Encoding.UTF8.GetString(output.WrittenSpan);
        }

        /// <summary>As .NET: a string value's text itself; anything else as indented JSON.</summary>
        public override string ToString()
        {
            if (this is JsonValue value && value.TryGetValue(out string text)) return text;
            return ToJsonString(new JsonSerializerOptions { WriteIndented = true });
        }

        // ---- parsing ----

        public static JsonNode Parse(string json, JsonNodeOptions? nodeOptions = null, JsonDocumentOptions documentOptions = default)
        {
            if (json is null) throw new ArgumentNullException(nameof(json));
            return FromElement(JsonDocument.Parse(json, documentOptions).RootElement, nodeOptions);
        }

        public static JsonNode Parse(ReadOnlySpan<byte> utf8Json, JsonNodeOptions? nodeOptions = null, JsonDocumentOptions documentOptions = default) =>
            FromElement(JsonDocument.Parse(new ReadOnlyMemory<byte>(utf8Json.ToArray()), documentOptions).RootElement, nodeOptions);

        public static JsonNode Parse(Stream utf8Json, JsonNodeOptions? nodeOptions = null, JsonDocumentOptions documentOptions = default) =>
            FromElement(JsonDocument.Parse(utf8Json, documentOptions).RootElement, nodeOptions);

        public static JsonNode Parse(ref Utf8JsonReader reader, JsonNodeOptions? nodeOptions = null) =>
            FromElement(JsonElement.ParseValue(ref reader), nodeOptions);

        internal static JsonNode FromElement(JsonElement element, JsonNodeOptions? options)
        {
            switch (element.ValueKind)
            {
                case JsonValueKind.Object:
                    var obj = new JsonObject(options);
                    foreach (JsonProperty property in element.EnumerateObject())
                        obj.Add(property.Name, FromElement(property.Value, options));
                    return obj;
                case JsonValueKind.Array:
                    var array = new JsonArray(options);
                    foreach (JsonElement item in element.EnumerateArray()) array.Add(FromElement(item, options));
                    return array;
                case JsonValueKind.Null:
                case JsonValueKind.Undefined:
                    return null;
                default:
                    return new JsonValueOfElement(element, options);
            }
        }

        // ---- equality ----

        public static bool DeepEquals(JsonNode node1, JsonNode node2)
        {
            if (node1 is null || node2 is null) return node1 is null && node2 is null;
            return node1.DeepEqualsCore(node2);
        }

        private protected abstract bool DeepEqualsCore(JsonNode other);

        // ---- parents ----

        /// <summary>Makes this node the child of <paramref name="parent"/>: a node has one parent, and no node may
        /// contain itself.</summary>
        internal void AttachTo(JsonNode parent)
        {
            if (Parent != null) throw new InvalidOperationException("The node already has a parent.");
            for (JsonNode p = parent; p != null; p = p.Parent)
            {
                if (ReferenceEquals(p, this)) throw new InvalidOperationException("A node cycle was detected.");
            }
            Parent = parent;
        }

        internal void Detach() => Parent = null;

        internal static void WriteNode(JsonNode node, Utf8JsonWriter writer, JsonSerializerOptions options)
        {
            if (node is null) writer.WriteNullValue();
            else node.WriteTo(writer, options);
        }
    }
}

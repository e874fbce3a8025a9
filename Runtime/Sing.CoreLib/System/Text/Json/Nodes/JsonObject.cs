using System.Collections;
using System.Collections.Generic;

namespace System.Text.Json.Nodes
{
    /// <summary>A JSON object: properties in the order they were added, names unique (compared ordinally, or
    /// ignoring case when the options say so).</summary>
    public sealed class JsonObject : JsonNode, IDictionary<string, JsonNode>, IList<KeyValuePair<string, JsonNode>>
    {
        private readonly List<KeyValuePair<string, JsonNode>> _items = new List<KeyValuePair<string, JsonNode>>();
        private readonly Dictionary<string, int> _index;

        public JsonObject(JsonNodeOptions? options = null) : base(options)
        {
            _index = new Dictionary<string, int>(options?.PropertyNameCaseInsensitive == true ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal);
        }

        public JsonObject(IEnumerable<KeyValuePair<string, JsonNode>> properties, JsonNodeOptions? options = null) : this(options)
        {
            if (properties is null) throw new ArgumentNullException(nameof(properties));
            foreach (KeyValuePair<string, JsonNode> property in properties) Add(property.Key, property.Value);
        }

        public static JsonObject Create(JsonElement element, JsonNodeOptions? options = null)
        {
            if (element.ValueKind == JsonValueKind.Null) return null;
            if (element.ValueKind != JsonValueKind.Object) throw new InvalidOperationException("The element must be of type 'Object'");
            return (JsonObject)FromElement(element, options);
        }

        public int Count => _items.Count;

        public new JsonNode this[string propertyName]
        {
            get => TryGetPropertyValue(propertyName, out JsonNode value) ? value : null;
            set
            {
                if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
                if (_index.TryGetValue(propertyName, out int at))
                {
                    JsonNode old = _items[at].Value;
                    if (ReferenceEquals(old, value)) return;
                    value?.AttachTo(this);
                    old?.Detach();
                    _items[at] = new KeyValuePair<string, JsonNode>(_items[at].Key, value);
                    return;
                }
                Add(propertyName, value);
            }
        }

        public void Add(string propertyName, JsonNode value)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            if (_index.ContainsKey(propertyName)) throw new ArgumentException("An item with the same key has already been added. Key: " + propertyName, "key");
            value?.AttachTo(this);
            _index.Add(propertyName, _items.Count);
            _items.Add(new KeyValuePair<string, JsonNode>(propertyName, value));
        }

        public void Add(KeyValuePair<string, JsonNode> property) => Add(property.Key, property.Value);

        public bool TryAdd(string propertyName, JsonNode value)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            if (_index.ContainsKey(propertyName)) return false;
            Add(propertyName, value);
            return true;
        }

        public bool ContainsKey(string propertyName)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            return _index.ContainsKey(propertyName);
        }

        public bool TryGetPropertyValue(string propertyName, out JsonNode jsonNode)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            if (_index.TryGetValue(propertyName, out int at))
            {
                jsonNode = _items[at].Value;
                return true;
            }
            jsonNode = null;
            return false;
        }

        bool IDictionary<string, JsonNode>.TryGetValue(string key, out JsonNode value) => TryGetPropertyValue(key, out value);

        public bool Remove(string propertyName)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            if (!_index.TryGetValue(propertyName, out int at)) return false;
            RemoveAt(at);
            return true;
        }

        public void RemoveAt(int index)
        {
            KeyValuePair<string, JsonNode> item = _items[index];
            _items.RemoveAt(index);
            item.Value?.Detach();
            Reindex();
        }

        public void Clear()
        {
            foreach (KeyValuePair<string, JsonNode> item in _items) item.Value?.Detach();
            _items.Clear();
            _index.Clear();
        }

        public KeyValuePair<string, JsonNode> GetAt(int index) => _items[index];

        public int IndexOf(string propertyName)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            return _index.TryGetValue(propertyName, out int at) ? at : -1;
        }

        public void SetAt(int index, JsonNode value)
        {
            KeyValuePair<string, JsonNode> item = _items[index];
            if (ReferenceEquals(item.Value, value)) return;
            value?.AttachTo(this);
            item.Value?.Detach();
            _items[index] = new KeyValuePair<string, JsonNode>(item.Key, value);
        }

        public void Insert(int index, string propertyName, JsonNode value)
        {
            if (propertyName is null) throw new ArgumentNullException(nameof(propertyName));
            if ((uint)index > (uint)_items.Count) throw new ArgumentOutOfRangeException(nameof(index));
            if (_index.ContainsKey(propertyName)) throw new ArgumentException("An item with the same key has already been added. Key: " + propertyName, "key");
            value?.AttachTo(this);
            _items.Insert(index, new KeyValuePair<string, JsonNode>(propertyName, value));
            Reindex();
        }

        private void Reindex()
        {
            _index.Clear();
            for (int i = 0; i < _items.Count; i++) _index.Add(_items[i].Key, i);
        }

        internal string NameOf(JsonNode child)
        {
            foreach (KeyValuePair<string, JsonNode> item in _items)
            {
                if (ReferenceEquals(item.Value, child)) return item.Key;
            }
            throw new InvalidOperationException("The node is not a child of this object.");
        }

        public IEnumerator<KeyValuePair<string, JsonNode>> GetEnumerator() => _items.GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public override JsonValueKind GetValueKind() => JsonValueKind.Object;

        public override void WriteTo(Utf8JsonWriter writer, JsonSerializerOptions options = null)
        {
            if (writer is null) throw new ArgumentNullException(nameof(writer));
            writer.WriteStartObject();
            foreach (KeyValuePair<string, JsonNode> item in _items)
            {
                writer.WritePropertyName(item.Key);
                WriteNode(item.Value, writer, options);
            }
            writer.WriteEndObject();
        }

        private protected override JsonNode Clone()
        {
            var copy = new JsonObject(Options);
            foreach (KeyValuePair<string, JsonNode> item in _items) copy.Add(item.Key, item.Value?.DeepClone());
            return copy;
        }

        private protected override bool DeepEqualsCore(JsonNode other)
        {
            if (other is not JsonObject obj || obj.Count != Count) return false;
            foreach (KeyValuePair<string, JsonNode> item in _items)
            {
                if (!obj.TryGetPropertyValue(item.Key, out JsonNode match) || !DeepEquals(item.Value, match)) return false;
            }
            return true;
        }

        // ---- the collection interfaces ----

        ICollection<string> IDictionary<string, JsonNode>.Keys
        {
            get
            {
                var keys = new List<string>(_items.Count);
                foreach (KeyValuePair<string, JsonNode> item in _items) keys.Add(item.Key);
                return keys;
            }
        }

        ICollection<JsonNode> IDictionary<string, JsonNode>.Values
        {
            get
            {
                var values = new List<JsonNode>(_items.Count);
                foreach (KeyValuePair<string, JsonNode> item in _items) values.Add(item.Value);
                return values;
            }
        }

        bool ICollection<KeyValuePair<string, JsonNode>>.IsReadOnly => false;

        bool ICollection<KeyValuePair<string, JsonNode>>.Contains(KeyValuePair<string, JsonNode> item) =>
            TryGetPropertyValue(item.Key, out JsonNode value) && ReferenceEquals(value, item.Value);

        void ICollection<KeyValuePair<string, JsonNode>>.CopyTo(KeyValuePair<string, JsonNode>[] array, int arrayIndex) => _items.CopyTo(array, arrayIndex);

        bool ICollection<KeyValuePair<string, JsonNode>>.Remove(KeyValuePair<string, JsonNode> item) =>
            TryGetPropertyValue(item.Key, out JsonNode value) && ReferenceEquals(value, item.Value) && Remove(item.Key);

        KeyValuePair<string, JsonNode> IList<KeyValuePair<string, JsonNode>>.this[int index]
        {
            get => _items[index];
            set
            {
                RemoveAt(index);
                Insert(index, value.Key, value.Value);
            }
        }

        int IList<KeyValuePair<string, JsonNode>>.IndexOf(KeyValuePair<string, JsonNode> item)
        {
            int at = IndexOf(item.Key);
            return at >= 0 && ReferenceEquals(_items[at].Value, item.Value) ? at : -1;
        }

        void IList<KeyValuePair<string, JsonNode>>.Insert(int index, KeyValuePair<string, JsonNode> item) => Insert(index, item.Key, item.Value);
    }
}

using System.Collections;
using System.Collections.Generic;

namespace System.Text.Json.Nodes
{
    /// <summary>A JSON array of nodes (null items are JSON nulls).</summary>
    public sealed class JsonArray : JsonNode, IList<JsonNode>
    {
        private readonly List<JsonNode> _items = new List<JsonNode>();

        public JsonArray(JsonNodeOptions? options = null) : base(options) { }

        public JsonArray(params JsonNode[] items) : base(null) => AddAll(items);

        public JsonArray(JsonNodeOptions options, params JsonNode[] items) : base(options) => AddAll(items);

        public static JsonArray Create(JsonElement element, JsonNodeOptions? options = null)
        {
            if (element.ValueKind == JsonValueKind.Null) return null;
            if (element.ValueKind != JsonValueKind.Array) throw new InvalidOperationException("The element must be of type 'Array'");
            return (JsonArray)FromElement(element, options);
        }

        private void AddAll(JsonNode[] items)
        {
            if (items is null) throw new ArgumentNullException(nameof(items));
            foreach (JsonNode item in items) Add(item);
        }

        public int Count => _items.Count;

        public new JsonNode this[int index]
        {
            get => _items[index];
            set
            {
                JsonNode old = _items[index];
                if (ReferenceEquals(old, value)) return;
                value?.AttachTo(this);
                old?.Detach();
                _items[index] = value;
            }
        }

        public void Add(JsonNode item)
        {
            item?.AttachTo(this);
            _items.Add(item);
        }

        /// <summary>Adds a value: a node as it is, anything else as a JsonValue.</summary>
        public void Add<T>(T value) => Add(value as JsonNode ?? (value is null ? null : JsonValue.Create(value)));

        public void Insert(int index, JsonNode item)
        {
            if ((uint)index > (uint)_items.Count) throw new ArgumentOutOfRangeException(nameof(index));
            item?.AttachTo(this);
            _items.Insert(index, item);
        }

        public bool Remove(JsonNode item)
        {
            int at = IndexOf(item);
            if (at < 0) return false;
            RemoveAt(at);
            return true;
        }

        public void RemoveAt(int index)
        {
            JsonNode item = _items[index];
            _items.RemoveAt(index);
            item?.Detach();
        }

        public int RemoveAll(Func<JsonNode, bool> match)
        {
            if (match is null) throw new ArgumentNullException(nameof(match));
            int removed = 0;
            for (int i = _items.Count - 1; i >= 0; i--)
            {
                if (!match(_items[i])) continue;
                RemoveAt(i);
                removed++;
            }
            return removed;
        }

        public void RemoveRange(int index, int count)
        {
            if (index < 0 || count < 0 || index + count > _items.Count) throw new ArgumentOutOfRangeException(index < 0 ? nameof(index) : nameof(count));
            for (int i = index + count - 1; i >= index; i--) RemoveAt(i);
        }

        public void Clear()
        {
            foreach (JsonNode item in _items) item?.Detach();
            _items.Clear();
        }

        public bool Contains(JsonNode item) => IndexOf(item) >= 0;

        public int IndexOf(JsonNode item)
        {
            for (int i = 0; i < _items.Count; i++)
            {
                if (ReferenceEquals(_items[i], item)) return i;
            }
            return -1;
        }

        public IEnumerable<T> GetValues<T>()
        {
            foreach (JsonNode item in _items) yield return item is null ? default : item.GetValue<T>();
        }

        public IEnumerator<JsonNode> GetEnumerator() => _items.GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        bool ICollection<JsonNode>.IsReadOnly => false;

        void ICollection<JsonNode>.CopyTo(JsonNode[] array, int arrayIndex) => _items.CopyTo(array, arrayIndex);

        public override JsonValueKind GetValueKind() => JsonValueKind.Array;

        public override void WriteTo(Utf8JsonWriter writer, JsonSerializerOptions options = null)
        {
            if (writer is null) throw new ArgumentNullException(nameof(writer));
            writer.WriteStartArray();
            foreach (JsonNode item in _items) WriteNode(item, writer, options);
            writer.WriteEndArray();
        }

        private protected override JsonNode Clone()
        {
            var copy = new JsonArray(Options);
            foreach (JsonNode item in _items) copy.Add(item?.DeepClone());
            return copy;
        }

        private protected override bool DeepEqualsCore(JsonNode other)
        {
            if (other is not JsonArray array || array.Count != Count) return false;
            for (int i = 0; i < _items.Count; i++)
            {
                if (!DeepEquals(_items[i], array._items[i])) return false;
            }
            return true;
        }
    }
}

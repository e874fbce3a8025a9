namespace System.Collections
{
    /// <summary>A small non-generic dictionary kept as a singly linked list in insertion order, what Exception.Data
    /// holds: an exception carries few entries, so a linear search beats hashing and costs one node per entry.
    /// Keys are compared with object.Equals; a null key is refused.</summary>
    internal sealed class ListDictionaryInternal : IDictionary
    {
        private sealed class Node
        {
            public object Key;
            public object Value;
            public Node Next;
        }

        private Node _head;
        private int _count;
        private int _version;

        public int Count => _count;
        public bool IsReadOnly => false;
        public bool IsFixedSize => false;
        public ICollection Keys => new NodeCollection(this, keys: true);
        public ICollection Values => new NodeCollection(this, keys: false);

        public object this[object key]
        {
            get
            {
                Node node = Find(key, out _);
                return node?.Value;
            }
            set
            {
                Node node = Find(key, out Node last);
                _version++;
                if (node != null) node.Value = value;
                else Append(last, key, value);
            }
        }

        public void Add(object key, object value)
        {
            Node node = Find(key, out Node last);
            if (node != null)
                throw new ArgumentException("Item has already been added. Key in dictionary: '" + node.Key + "'  Key being added: '" + key + "'");
            _version++;
            Append(last, key, value);
        }

        public bool Contains(object key) => Find(key, out _) != null;

        public void Remove(object key)
        {
            Node node = Find(key, out Node previous);
            _version++;
            if (node == null) return;
            if (previous == null) _head = node.Next;
            else previous.Next = node.Next;
            _count--;
        }

        public void Clear()
        {
            _head = null;
            _count = 0;
            _version++;
        }

        public IDictionaryEnumerator GetEnumerator() => new NodeEnumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new NodeEnumerator(this);

        /// <summary>The node holding key (null if none) and the node before where it is or would go.</summary>
        private Node Find(object key, out Node previous)
        {
            if (key is null) CollectionThrowHelpers.ArgumentNull(nameof(key));
            previous = null;
            for (Node node = _head; node != null; node = node.Next)
            {
                if (node.Key.Equals(key)) return node;
                previous = node;
            }
            return null;
        }

        private void Append(Node last, object key, object value)
        {
            var node = new Node { Key = key, Value = value };
            if (last == null) _head = node;
            else last.Next = node;
            _count++;
        }

        /// <summary>A walk over the list that fails once the dictionary changes under it.</summary>
        private abstract class NodeWalker
        {
            private readonly ListDictionaryInternal _owner;
            private readonly int _version;
            private Node _current;
            private bool _started;

            protected NodeWalker(ListDictionaryInternal owner)
            {
                _owner = owner;
                _version = owner._version;
            }

            protected Node CurrentNode
            {
                get
                {
                    if (_current == null) throw new InvalidOperationException("Enumeration has either not started or has already finished.");
                    return _current;
                }
            }

            public bool MoveNext()
            {
                if (_version != _owner._version) CollectionThrowHelpers.VersionChanged();
                if (!_started)
                {
                    _current = _owner._head;
                    _started = true;
                }
                else if (_current != null)
                {
                    _current = _current.Next;
                }
                return _current != null;
            }

            public void Reset()
            {
                if (_version != _owner._version) CollectionThrowHelpers.VersionChanged();
                _started = false;
                _current = null;
            }
        }

        private sealed class NodeEnumerator : NodeWalker, IDictionaryEnumerator
        {
            public NodeEnumerator(ListDictionaryInternal owner) : base(owner) { }

            public object Current => Entry;
            public DictionaryEntry Entry => new DictionaryEntry(CurrentNode.Key, CurrentNode.Value);
            public object Key => CurrentNode.Key;
            public object Value => CurrentNode.Value;
        }

        private sealed class NodeCollection : ICollection
        {
            private readonly ListDictionaryInternal _owner;
            private readonly bool _keys;

            public NodeCollection(ListDictionaryInternal owner, bool keys)
            {
                _owner = owner;
                _keys = keys;
            }

            public int Count => _owner._count;

            public IEnumerator GetEnumerator() => new PartEnumerator(_owner, _keys);

            private sealed class PartEnumerator : NodeWalker, IEnumerator
            {
                private readonly bool _keys;

                public PartEnumerator(ListDictionaryInternal owner, bool keys) : base(owner) { _keys = keys; }

                public object Current => _keys ? CurrentNode.Key : CurrentNode.Value;
            }
        }
    }
}

namespace System.Collections.Generic
{
    /// <summary>A doubly linked list; nodes know their list, so a node of another list is refused.</summary>
    public class LinkedList<T> : ICollection<T>, IReadOnlyCollection<T>
    {
        private LinkedListNode<T> _head; // first node; the list is circular underneath
        private int _count;
        private int _version;

        public LinkedList() { }

        public LinkedList(IEnumerable<T> collection)
        {
            if (collection is null) CollectionThrowHelpers.ArgumentNull("collection");
            foreach (T item in collection) AddLast(item);
        }

        public int Count => _count;
        public bool IsReadOnly => false;
        public LinkedListNode<T> First => _head;
        public LinkedListNode<T> Last => _head?.PreviousInRing;

        public LinkedListNode<T> AddFirst(T value)
        {
            var node = new LinkedListNode<T>(this, value);
            AddFirst(node);
            return node;
        }

        public void AddFirst(LinkedListNode<T> node)
        {
            Adopt(node);
            if (_head is null) InsertIntoEmpty(node);
            else
            {
                InsertBefore(_head, node);
                _head = node;
            }
        }

        public LinkedListNode<T> AddLast(T value)
        {
            var node = new LinkedListNode<T>(this, value);
            AddLast(node);
            return node;
        }

        public void AddLast(LinkedListNode<T> node)
        {
            Adopt(node);
            if (_head is null) InsertIntoEmpty(node);
            else InsertBefore(_head, node);
        }

        void ICollection<T>.Add(T item) => AddLast(item);

        public LinkedListNode<T> AddBefore(LinkedListNode<T> node, T value)
        {
            var added = new LinkedListNode<T>(this, value);
            AddBefore(node, added);
            return added;
        }

        public void AddBefore(LinkedListNode<T> node, LinkedListNode<T> newNode)
        {
            CheckOwned(node);
            Adopt(newNode);
            InsertBefore(node, newNode);
            if (node == _head) _head = newNode;
        }

        public LinkedListNode<T> AddAfter(LinkedListNode<T> node, T value)
        {
            var added = new LinkedListNode<T>(this, value);
            AddAfter(node, added);
            return added;
        }

        public void AddAfter(LinkedListNode<T> node, LinkedListNode<T> newNode)
        {
            CheckOwned(node);
            Adopt(newNode);
            InsertBefore(node.NextInRing, newNode);
        }

        public LinkedListNode<T> Find(T value)
        {
            LinkedListNode<T> node = _head;
            for (int i = 0; i < _count; i++, node = node.NextInRing)
                if (EqualityComparer<T>.Default.Equals(node.Value, value)) return node;
            return null;
        }

        public LinkedListNode<T> FindLast(T value)
        {
            if (_head is null) return null;
            LinkedListNode<T> node = _head.PreviousInRing;
            for (int i = 0; i < _count; i++, node = node.PreviousInRing)
                if (EqualityComparer<T>.Default.Equals(node.Value, value)) return node;
            return null;
        }

        public bool Contains(T value) => Find(value) is not null;

        public bool Remove(T value)
        {
            LinkedListNode<T> node = Find(value);
            if (node is null) return false;
            Unlink(node);
            return true;
        }

        public void Remove(LinkedListNode<T> node)
        {
            CheckOwned(node);
            Unlink(node);
        }

        public void RemoveFirst()
        {
            if (_head is null) throw new InvalidOperationException("The LinkedList is empty.");
            Unlink(_head);
        }

        public void RemoveLast()
        {
            if (_head is null) throw new InvalidOperationException("The LinkedList is empty.");
            Unlink(_head.PreviousInRing);
        }

        public void Clear()
        {
            LinkedListNode<T> node = _head;
            for (int i = 0; i < _count; i++)
            {
                LinkedListNode<T> next = node.NextInRing;
                node.Detach();
                node = next;
            }
            _head = null;
            _count = 0;
            _version++;
        }

        public void CopyTo(T[] array, int index)
        {
            if (array is null) CollectionThrowHelpers.ArgumentNull("array");
            if (index < 0 || array.Length - index < _count) CollectionThrowHelpers.ArgumentOutOfRange("index");
            foreach (T item in this) array[index++] = item;
        }

        public IEnumerator<T> GetEnumerator()
        {
            int version = _version;
            LinkedListNode<T> node = _head;
            for (int i = 0; i < _count; i++)
            {
                if (version != _version) CollectionThrowHelpers.VersionChanged();
                yield return node.Value;
                node = node.NextInRing;
            }
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        private void CheckOwned(LinkedListNode<T> node)
        {
            if (node is null) CollectionThrowHelpers.ArgumentNull("node");
            if (node.Owner != this) throw new InvalidOperationException("The LinkedList node does not belong to current LinkedList.");
        }

        private void Adopt(LinkedListNode<T> node)
        {
            if (node is null) CollectionThrowHelpers.ArgumentNull("node");
            if (node.Owner is not null && node.Owner != this) throw new InvalidOperationException("The LinkedList node already belongs to a LinkedList.");
            if (node.Owner == this && node.NextInRing is not null) throw new InvalidOperationException("The LinkedList node already belongs to a LinkedList.");
            node.Owner = this;
        }

        private void InsertIntoEmpty(LinkedListNode<T> node)
        {
            node.NextInRing = node;
            node.PreviousInRing = node;
            _head = node;
            _count++;
            _version++;
        }

        private void InsertBefore(LinkedListNode<T> at, LinkedListNode<T> node)
        {
            node.NextInRing = at;
            node.PreviousInRing = at.PreviousInRing;
            at.PreviousInRing.NextInRing = node;
            at.PreviousInRing = node;
            _count++;
            _version++;
        }

        private void Unlink(LinkedListNode<T> node)
        {
            if (node.NextInRing == node) _head = null;
            else
            {
                node.NextInRing.PreviousInRing = node.PreviousInRing;
                node.PreviousInRing.NextInRing = node.NextInRing;
                if (_head == node) _head = node.NextInRing;
            }
            node.Detach();
            _count--;
            _version++;
        }
    }

    public sealed class LinkedListNode<T>
    {
        internal LinkedList<T> Owner;
        internal LinkedListNode<T> NextInRing;
        internal LinkedListNode<T> PreviousInRing;

        public LinkedListNode(T value) { Value = value; }

        internal LinkedListNode(LinkedList<T> list, T value)
        {
            Owner = list;
            Value = value;
        }

        public T Value { get; set; }

        public LinkedList<T> List => Owner;


        public LinkedListNode<T> Next => NextInRing is null || NextInRing == Owner?.First ? null : NextInRing;

        public LinkedListNode<T> Previous => PreviousInRing is null || this == Owner?.First ? null : PreviousInRing;

        internal void Detach()
        {
            Owner = null;
            NextInRing = null;
            PreviousInRing = null;
        }
    }
}

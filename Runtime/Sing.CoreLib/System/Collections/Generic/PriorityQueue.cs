namespace System.Collections.Generic
{
    /// <summary>Elements dequeued lowest priority first: a 4-ary min-heap in an array, as .NET's, so elements of equal
    /// priority come out in the same order as there (the heap's order, not insertion order).</summary>
    public class PriorityQueue<TElement, TPriority>
    {
        private const int Arity = 4;
        private const int Log2Arity = 2;

        private (TElement Element, TPriority Priority)[] _nodes;
        private int _size;
        private int _version;
        private readonly IComparer<TPriority> _comparer;

        public PriorityQueue() : this(0, null) { }

        public PriorityQueue(int initialCapacity) : this(initialCapacity, null) { }

        public PriorityQueue(IComparer<TPriority> comparer) : this(0, comparer) { }

        public PriorityQueue(int initialCapacity, IComparer<TPriority> comparer)
        {
            if (initialCapacity < 0) throw new ArgumentOutOfRangeException(nameof(initialCapacity), initialCapacity,
                "initialCapacity ('" + initialCapacity.ToString() + "') must be a non-negative value.");
            _nodes = new (TElement, TPriority)[initialCapacity];
            _comparer = comparer ?? Comparer<TPriority>.Default;
        }

        public PriorityQueue(IEnumerable<(TElement Element, TPriority Priority)> items) : this(items, null) { }

        public PriorityQueue(IEnumerable<(TElement Element, TPriority Priority)> items, IComparer<TPriority> comparer) : this(0, comparer)
        {
            if (items is null) CollectionThrowHelpers.ArgumentNull(nameof(items));
            foreach ((TElement Element, TPriority Priority) item in items) Append(item);
            Heapify();
        }

        public int Count => _size;

        public IComparer<TPriority> Comparer => _comparer;

        /// <summary>The elements and priorities in the heap's array order (no particular order).</summary>
        public IReadOnlyCollection<(TElement Element, TPriority Priority)> UnorderedItems
        {
            get
            {
                var items = new List<(TElement Element, TPriority Priority)>(_size);
                for (int i = 0; i < _size; i++) items.Add(_nodes[i]);
                return items;
            }
        }

        public void Enqueue(TElement element, TPriority priority)
        {
            int index = _size;
            _version++;
            if (index == _nodes.Length) Grow(index + 1);
            _size = index + 1;
            MoveUp((element, priority), index);
        }

        public void EnqueueRange(IEnumerable<(TElement Element, TPriority Priority)> items)
        {
            if (items is null) CollectionThrowHelpers.ArgumentNull(nameof(items));
            if (_size == 0)
            {
                foreach ((TElement Element, TPriority Priority) item in items) Append(item);
                Heapify();
                return;
            }
            foreach ((TElement Element, TPriority Priority) item in items) Enqueue(item.Element, item.Priority);
        }

        public void EnqueueRange(IEnumerable<TElement> elements, TPriority priority)
        {
            if (elements is null) CollectionThrowHelpers.ArgumentNull(nameof(elements));
            var items = new List<(TElement, TPriority)>();
            foreach (TElement element in elements) items.Add((element, priority));
            EnqueueRange(items);
        }

        public TElement Peek()
        {
            if (_size == 0) CollectionThrowHelpers.QueueEmpty();
            return _nodes[0].Element;
        }

        public bool TryPeek(out TElement element, out TPriority priority)
        {
            if (_size == 0)
            {
                element = default;
                priority = default;
                return false;
            }
            (element, priority) = _nodes[0];
            return true;
        }

        public TElement Dequeue()
        {
            if (_size == 0) CollectionThrowHelpers.QueueEmpty();
            TElement element = _nodes[0].Element;
            RemoveRoot();
            return element;
        }

        public bool TryDequeue(out TElement element, out TPriority priority)
        {
            if (_size == 0)
            {
                element = default;
                priority = default;
                return false;
            }
            (element, priority) = _nodes[0];
            RemoveRoot();
            return true;
        }

        /// <summary>Enqueues then dequeues, in one step: the new element comes straight back if it is not above the root.</summary>
        public TElement EnqueueDequeue(TElement element, TPriority priority)
        {
            if (_size != 0 && _comparer.Compare(priority, _nodes[0].Priority) > 0)
            {
                TElement root = _nodes[0].Element;
                MoveDown((element, priority), 0);
                _version++;
                return root;
            }
            return element;
        }

        /// <summary>Dequeues then enqueues, in one step.</summary>
        public TElement DequeueEnqueue(TElement element, TPriority priority)
        {
            if (_size == 0) CollectionThrowHelpers.QueueEmpty();
            TElement root = _nodes[0].Element;
            if (_comparer.Compare(priority, _nodes[0].Priority) > 0) MoveDown((element, priority), 0);
            else _nodes[0] = (element, priority);
            _version++;
            return root;
        }

        public void Clear()
        {
            Array.Clear(_nodes, 0, _size);
            _size = 0;
            _version++;
        }

        public int EnsureCapacity(int capacity)
        {
            if (capacity < 0) throw new ArgumentOutOfRangeException(nameof(capacity), capacity, "capacity ('" + capacity.ToString() + "') must be a non-negative value.");
            if (_nodes.Length < capacity)
            {
                Grow(capacity);
                _version++;
            }
            return _nodes.Length;
        }

        public void TrimExcess()
        {
            if (_size >= (int)(_nodes.Length * 0.9)) return;
            Array.Resize(ref _nodes, _size);
            _version++;
        }

        private void Append((TElement, TPriority) node)
        {
            if (_size == _nodes.Length) Grow(_size + 1);
            _nodes[_size++] = node;
            _version++;
        }

        private void Grow(int minCapacity)
        {
            int capacity = Math.Max(Math.Max(_nodes.Length * 2, _nodes.Length + 4), minCapacity);
            Array.Resize(ref _nodes, capacity);
        }

        private void RemoveRoot()
        {
            int last = --_size;
            _version++;
            if (last > 0) MoveDown(_nodes[last], 0);
            _nodes[last] = default;
        }

        private void Heapify()
        {
            for (int index = (_size - 1) >> Log2Arity; index >= 0; index--) MoveDown(_nodes[index], index);
        }

        // The node rises while it is below its parent (strictly): a parent of equal priority stays above it.
        private void MoveUp((TElement Element, TPriority Priority) node, int index)
        {
            while (index > 0)
            {
                int parent = (index - 1) >> Log2Arity;
                if (_comparer.Compare(node.Priority, _nodes[parent].Priority) >= 0) break;
                _nodes[index] = _nodes[parent];
                index = parent;
            }
            _nodes[index] = node;
        }

        // The node sinks below its least child (the first of equal ones) while that child is strictly below it.
        private void MoveDown((TElement Element, TPriority Priority) node, int index)
        {
            int size = _size;
            int child;
            while ((child = (index << Log2Arity) + 1) < size)
            {
                int least = child;
                int end = Math.Min(child + Arity, size);
                for (int c = child + 1; c < end; c++)
                    if (_comparer.Compare(_nodes[c].Priority, _nodes[least].Priority) < 0) least = c;
                if (_comparer.Compare(node.Priority, _nodes[least].Priority) <= 0) break;
                _nodes[index] = _nodes[least];
                index = least;
            }
            _nodes[index] = node;
        }
    }
}

using System.Collections.Generic;
using System.Threading;

namespace System.Collections.Concurrent
{
    public interface IProducerConsumerCollection<T> : IEnumerable<T>, ICollection
    {
        bool TryAdd(T item);
        bool TryTake(out T item);
        T[] ToArray();
        void CopyTo(T[] array, int index);
    }

    /// <summary>The lock-based core the concurrent collections share: one lock, enumeration over a snapshot. (Not a
    /// .NET type: only this library derives from it.)</summary>
    public abstract class LockedCollection<T> : IProducerConsumerCollection<T>, IReadOnlyCollection<T>
    {
        private protected LockedCollection() { }

        private protected readonly object Lock = new object();

        private protected abstract int CountLocked { get; }

        private protected abstract T[] SnapshotLocked();

        public int Count
        {
            get
            {
                lock (Lock) return CountLocked;
            }
        }

        public bool IsEmpty => Count == 0;

        public T[] ToArray()
        {
            lock (Lock) return SnapshotLocked();
        }

        public void CopyTo(T[] array, int index)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            T[] items = ToArray();
            Array.Copy(items, 0, array, index, items.Length);
        }

        public abstract bool TryAdd(T item);

        public abstract bool TryTake(out T item);

        public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)ToArray()).GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }

    public class ConcurrentQueue<T> : LockedCollection<T>
    {
        private readonly Queue<T> _items = new Queue<T>();

        public ConcurrentQueue() { }

        public ConcurrentQueue(IEnumerable<T> collection)
        {
            if (collection is null) throw new ArgumentNullException(nameof(collection));
            foreach (T item in collection) _items.Enqueue(item);
        }

        private protected override int CountLocked => _items.Count;

        private protected override T[] SnapshotLocked() => _items.ToArray();

        public void Enqueue(T item)
        {
            lock (Lock) _items.Enqueue(item);
        }

        public bool TryDequeue(out T result)
        {
            lock (Lock) return _items.TryDequeue(out result);
        }

        public bool TryPeek(out T result)
        {
            lock (Lock) return _items.TryPeek(out result);
        }

        public void Clear()
        {
            lock (Lock) _items.Clear();
        }

        public override bool TryAdd(T item)
        {
            Enqueue(item);
            return true;
        }

        public override bool TryTake(out T item) => TryDequeue(out item);
    }

    public class ConcurrentStack<T> : LockedCollection<T>
    {
        private readonly Stack<T> _items = new Stack<T>();

        public ConcurrentStack() { }

        public ConcurrentStack(IEnumerable<T> collection)
        {
            if (collection is null) throw new ArgumentNullException(nameof(collection));
            foreach (T item in collection) _items.Push(item);
        }

        private protected override int CountLocked => _items.Count;

        private protected override T[] SnapshotLocked() => _items.ToArray();

        public void Push(T item)
        {
            lock (Lock) _items.Push(item);
        }

        public void PushRange(T[] items)
        {
            if (items is null) throw new ArgumentNullException(nameof(items));
            lock (Lock) foreach (T item in items) _items.Push(item);
        }

        public bool TryPop(out T result)
        {
            lock (Lock) return _items.TryPop(out result);
        }

        public bool TryPeek(out T result)
        {
            lock (Lock) return _items.TryPeek(out result);
        }

        public void Clear()
        {
            lock (Lock) _items.Clear();
        }

        public override bool TryAdd(T item)
        {
            Push(item);
            return true;
        }

        public override bool TryTake(out T item) => TryPop(out item);
    }

    /// <summary>An unordered bag: here the last item added is taken first (.NET's order depends on threads).</summary>
    public class ConcurrentBag<T> : LockedCollection<T>
    {
        private readonly List<T> _items = new List<T>();

        public ConcurrentBag() { }

        public ConcurrentBag(IEnumerable<T> collection)
        {
            if (collection is null) throw new ArgumentNullException(nameof(collection));
            _items.AddRange(collection);
        }

        private protected override int CountLocked => _items.Count;

        private protected override T[] SnapshotLocked()
        {
            T[] items = _items.ToArray();
            Array.Reverse(items);
            return items;
        }

        public void Add(T item)
        {
            lock (Lock) _items.Add(item);
        }

        public bool TryPeek(out T result)
        {
            lock (Lock)
            {
                result = _items.Count == 0 ? default : _items[_items.Count - 1];
                return _items.Count > 0;
            }
        }

        public void Clear()
        {
            lock (Lock) _items.Clear();
        }

        public override bool TryAdd(T item)
        {
            Add(item);
            return true;
        }

        public override bool TryTake(out T item)
        {
            lock (Lock)
            {
                if (_items.Count == 0)
                {
                    item = default;
                    return false;
                }
                item = _items[_items.Count - 1];
                _items.RemoveAt(_items.Count - 1);
                return true;
            }
        }
    }

    /// <summary>Producer/consumer over a collection (a ConcurrentQueue by default): Add blocks while a bounded one is
    /// full, Take blocks while it is empty; after CompleteAdding, takers drain what is left and then stop.</summary>
    public class BlockingCollection<T> : IEnumerable<T>, IReadOnlyCollection<T>, IDisposable
    {
        private readonly IProducerConsumerCollection<T> _items;
        private readonly int _bound;
        private readonly object _lock = new object();
        private bool _completed;

        public BlockingCollection() : this(new ConcurrentQueue<T>(), -1) { }

        public BlockingCollection(int boundedCapacity) : this(new ConcurrentQueue<T>(), boundedCapacity) { }

        public BlockingCollection(IProducerConsumerCollection<T> collection) : this(collection, -1) { }

        public BlockingCollection(IProducerConsumerCollection<T> collection, int boundedCapacity)
        {
            _items = collection ?? throw new ArgumentNullException(nameof(collection));
            if (boundedCapacity == 0 || boundedCapacity < -1)
                throw new ArgumentOutOfRangeException(nameof(boundedCapacity), boundedCapacity, "The boundedCapacity argument must be positive.");
            _bound = boundedCapacity;
        }

        public int Count => _items.Count;

        public int BoundedCapacity => _bound;

        public bool IsAddingCompleted
        {
            get
            {
                lock (_lock) return _completed;
            }
        }

        public bool IsCompleted
        {
            get
            {
                lock (_lock) return _completed && _items.Count == 0;
            }
        }

        public void Add(T item) => Add(item, default);

        public void Add(T item, CancellationToken cancellationToken)
        {
            if (!TryAddCore(item, -1, cancellationToken)) throw new InvalidOperationException("The collection has been marked as complete with regards to additions.");
        }

        public bool TryAdd(T item) => TryAddCore(item, 0, default);

        public bool TryAdd(T item, int millisecondsTimeout) => TryAddCore(item, millisecondsTimeout, default);

        private bool TryAddCore(T item, int millisecondsTimeout, CancellationToken cancellationToken)
        {
            long start = Environment.TickCount64;
            lock (_lock)
            {
                while (true)
                {
                    if (_completed) throw new InvalidOperationException("The collection has been marked as complete with regards to additions.");
                    cancellationToken.ThrowIfCancellationRequested();
                    if (_bound < 0 || _items.Count < _bound) break;
                    int left = KernelWaits.Remaining(millisecondsTimeout, start);
                    if (left == 0) return false;
                    Monitor.Wait(_lock, left < 0 || left > 50 ? 50 : left);   // short waits: cancellation is polled
                }
                if (!_items.TryAdd(item)) throw new InvalidOperationException("The underlying collection didn't accept the item.");
                Monitor.PulseAll(_lock);
                return true;
            }
        }

        public T Take() => Take(default);

        public T Take(CancellationToken cancellationToken)
        {
            if (!TryTakeCore(out T item, -1, cancellationToken))
                throw new InvalidOperationException("The collection argument is empty and has been marked as complete with regards to additions.");
            return item;
        }

        public bool TryTake(out T item) => TryTakeCore(out item, 0, default);

        public bool TryTake(out T item, int millisecondsTimeout) => TryTakeCore(out item, millisecondsTimeout, default);

        public bool TryTake(out T item, TimeSpan timeout) => TryTakeCore(out item, KernelWaits.ToMilliseconds(timeout, nameof(timeout)), default);

        private bool TryTakeCore(out T item, int millisecondsTimeout, CancellationToken cancellationToken)
        {
            long start = Environment.TickCount64;
            lock (_lock)
            {
                while (!_items.TryTake(out item))
                {
                    if (_completed) return false;
                    cancellationToken.ThrowIfCancellationRequested();
                    int left = KernelWaits.Remaining(millisecondsTimeout, start);
                    if (left == 0) return false;
                    Monitor.Wait(_lock, left < 0 || left > 50 ? 50 : left);
                }
                Monitor.PulseAll(_lock);
                return true;
            }
        }

        public void CompleteAdding()
        {
            lock (_lock)
            {
                _completed = true;
                Monitor.PulseAll(_lock);
            }
        }

        /// <summary>Takes items until the collection is empty and complete.</summary>
        public IEnumerable<T> GetConsumingEnumerable() => GetConsumingEnumerable(default);

        public IEnumerable<T> GetConsumingEnumerable(CancellationToken cancellationToken)
        {
            while (TryTakeCore(out T item, -1, cancellationToken)) yield return item;
        }

        public T[] ToArray() => _items.ToArray();

        public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)_items.ToArray()).GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public void Dispose() { }
    }
}

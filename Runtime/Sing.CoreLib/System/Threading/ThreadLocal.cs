using System.Collections.Generic;

namespace System.Threading
{
    /// <summary>A value per thread: each thread sees its own, made by the factory (or default) on its first read.
    /// Values are kept by Thread object, so a thread that ends keeps its value until Dispose.</summary>
    public class ThreadLocal<T> : IDisposable
    {
        private readonly Func<T> _factory;
        private readonly bool _trackAllValues;
        private readonly object _lock = new object();
        private Dictionary<Thread, T> _values = new Dictionary<Thread, T>();

        public ThreadLocal() : this(null, false) { }

        public ThreadLocal(bool trackAllValues) : this(null, trackAllValues) { }

        public ThreadLocal(Func<T> valueFactory) : this(valueFactory ?? throw new ArgumentNullException(nameof(valueFactory)), false) { }

        public ThreadLocal(Func<T> valueFactory, bool trackAllValues)
        {
            _factory = valueFactory;
            _trackAllValues = trackAllValues;
        }

        public T Value
        {
            get
            {
                Thread me = Thread.CurrentThread;
                lock (_lock)
                {
                    if (Table().TryGetValue(me, out T value)) return value;
                }
                T made = _factory is null ? default : _factory();
                lock (_lock)
                {
                    if (Table().TryGetValue(me, out T raced)) return raced;
                    _values[me] = made;
                }
                return made;
            }
            set
            {
                lock (_lock) Table()[Thread.CurrentThread] = value;
            }
        }

        public bool IsValueCreated
        {
            get
            {
                lock (_lock) return Table().ContainsKey(Thread.CurrentThread);
            }
        }

        public IList<T> Values
        {
            get
            {
                if (!_trackAllValues) throw new InvalidOperationException("The ThreadLocal object is not tracking values. To use the Values property, use a ThreadLocal constructor that accepts the trackAllValues parameter and set the parameter to true.");
                lock (_lock) return new List<T>(Table().Values);
            }
        }

        private Dictionary<Thread, T> Table()
        {
            return _values ?? throw new ObjectDisposedException(null, "The ThreadLocal object has been disposed.");
        }

        public void Dispose()
        {
            lock (_lock) _values = null;
        }

        public override string ToString() => Value?.ToString() ?? "";
    }
}

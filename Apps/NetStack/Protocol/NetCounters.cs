using System.Collections.Generic;

namespace Sing.Network.Protocol
{
    /// <summary>One named figure for netstat and the system page.</summary>
    public readonly struct NetCounter
    {
        public readonly string Name;
        public readonly long Value;

        public NetCounter(string name, long value)
        {
            Name = name;
            Value = value;
        }
    }

    /// <summary>Named counters kept in insertion order (received frames, drops by reason...). A counter that was never
    /// incremented is listed as 0 once it is declared.</summary>
    public sealed class NetCounters
    {
        private readonly Dictionary<string, int> _index = new Dictionary<string, int>();
        private readonly List<string> _names = new List<string>();
        private long[] _values = new long[16];

        public void Declare(params string[] names)
        {
            foreach (string name in names) Slot(name);
        }

        public void Add(string name, long amount = 1) => _values[Slot(name)] += amount;

        public long this[string name] => _index.TryGetValue(name, out int i) ? _values[i] : 0;

        public IEnumerable<NetCounter> All()
        {
            for (int i = 0; i < _names.Count; i++) yield return new NetCounter(_names[i], _values[i]);
        }

        private int Slot(string name)
        {
            if (_index.TryGetValue(name, out int i)) return i;
            i = _names.Count;
            _names.Add(name);
            _index[name] = i;
            if (i == _values.Length) System.Array.Resize(ref _values, i * 2);
            return i;
        }
    }
}

using System.Collections;
using System.Collections.Generic;

namespace System
{
    /// <summary>`foreach (char c in text)`: C# uses the struct-free pattern on string directly (no enumerator is
    /// allocated); GetEnumerator and IEnumerable&lt;char&gt; serve LINQ and other interface users.</summary>
    public sealed partial class String : IEnumerable<char>
    {
        public CharEnumerator GetEnumerator() => new CharEnumerator(this);

        IEnumerator<char> IEnumerable<char>.GetEnumerator() => new CharEnumerator(this);

        IEnumerator IEnumerable.GetEnumerator() => new CharEnumerator(this);
    }

    public sealed class CharEnumerator : IEnumerator<char>
    {
        private readonly string _text;
        private int _index = -1;

        internal CharEnumerator(string text) { _text = text; }

        public bool MoveNext()
        {
            if (_index < _text.Length - 1) { _index++; return true; }
            _index = _text.Length;
            return false;
        }

        public char Current
        {
            get
            {
                if ((uint)_index >= (uint)_text.Length)
                    throw new InvalidOperationException(_index < 0 ? "Enumeration has not started. Call MoveNext." : "Enumeration already finished.");
                return _text[_index];
            }
        }

        object IEnumerator.Current => Current;

        public void Reset() => _index = -1;

        public void Dispose() { }
    }
}

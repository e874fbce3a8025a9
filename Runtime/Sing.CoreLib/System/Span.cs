using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>A bounds-checked view of contiguous memory: part of an array, a stack buffer or raw memory.</summary>
    public readonly ref struct Span<T>
    {
        private readonly ref T _reference;
        private readonly int _length;

        public Span(T[] array)
        {
            if (array is null) { this = default; return; }
            CheckExactArray(array);
            _reference = ref Unsafe.As<byte, T>(ref array.GetRawData());
            _length = array.Length;
        }

        public Span(T[] array, int start, int length)
        {
            CheckExactArray(array);
            if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start))
                ThrowHelpers.ThrowArgumentOutOfRangeException();
            _reference = ref Unsafe.Add(ref Unsafe.As<byte, T>(ref array.GetRawData()), start);
            _length = length;
        }

        /// <summary>A writable span over a covariant array would let a store skip the array's type check (a plain
        /// object into a string[]): as in .NET, a span of a reference type needs an array of exactly T[]
        /// (default(T) == null is a constant the compiler folds: for value types the check is no code at all.)</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static unsafe void CheckExactArray(T[] array)
        {
            if (default(T) == null && array.MethodTable != Internal.Runtime.MethodTable.Of<T[]>())
                ThrowHelpers.ThrowArrayTypeMismatchException();
        }

        public unsafe Span(void* pointer, int length)
        {
            if (length < 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
            _reference = ref Unsafe.AsRef<T>(pointer);
            _length = length;
        }

        internal Span(ref T reference, int length)
        {
            _reference = ref reference;
            _length = length;
        }

        public int Length => _length;

        public bool IsEmpty => _length == 0;

        public ref T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) ThrowHelpers.ThrowIndexOutOfRangeException();
                return ref Unsafe.Add(ref _reference, index);
            }
        }

        // An empty span's reference may point just past an array: handing it out would let safe code write there.
        public ref T GetPinnableReference() => ref _length != 0 ? ref _reference : ref Unsafe.NullRef<T>();

        public Span<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new Span<T>(ref Unsafe.Add(ref _reference, start), _length - start);
        }

        public Span<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start))
                ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new Span<T>(ref Unsafe.Add(ref _reference, start), length);
        }

        public static Span<T> Empty => default;

        /// <summary>Copies into <paramref name="destination"/>, which must be at least as long (overlap-safe).</summary>
        public void CopyTo(Span<T> destination)
        {
            if (!TryCopyTo(destination)) throw new ArgumentException("Destination is too short.", nameof(destination));
        }

        public bool TryCopyTo(Span<T> destination) => ((ReadOnlySpan<T>)this).TryCopyTo(destination);

        public T[] ToArray() => ((ReadOnlySpan<T>)this).ToArray();

        /// <summary>For Span&lt;char&gt;, the characters; otherwise "System.Span&lt;T&gt;[n]", as .NET.</summary>
        public override string ToString() =>
            typeof(T) == typeof(char) ? ((ReadOnlySpan<T>)this).ToString() : "System.Span<" + typeof(T).Name + ">[" + _length.ToString() + "]";

        public void Fill(T value)
        {
            for (int i = 0; i < _length; i++) Unsafe.Add(ref _reference, i) = value;
        }

        public void Clear() => Fill(default);

        public static implicit operator Span<T>(T[] array) => new Span<T>(array);

        public static implicit operator ReadOnlySpan<T>(Span<T> span) => new ReadOnlySpan<T>(ref span._reference, span._length);

        public Enumerator GetEnumerator() => new Enumerator(this);

        public ref struct Enumerator
        {
            private readonly Span<T> _span;
            private int _index;

            internal Enumerator(Span<T> span)
            {
                _span = span;
                _index = -1;
            }

            public bool MoveNext() => ++_index < _span.Length;

            public ref T Current => ref _span[_index];
        }
    }

    /// <summary>A read-only, bounds-checked view of contiguous memory.</summary>
    public readonly ref struct ReadOnlySpan<T>
    {
        private readonly ref T _reference;
        private readonly int _length;

        public ReadOnlySpan(T[] array)
        {
            if (array is null) { this = default; return; }
            _reference = ref Unsafe.As<byte, T>(ref array.GetRawData());
            _length = array.Length;
        }

        public ReadOnlySpan(T[] array, int start, int length)
        {
            if (array is null)
            {
                if (start != 0 || length != 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
                this = default;
                return;
            }
            if ((uint)start > (uint)array.Length || (uint)length > (uint)(array.Length - start))
                ThrowHelpers.ThrowArgumentOutOfRangeException();
            _reference = ref Unsafe.Add(ref Unsafe.As<byte, T>(ref array.GetRawData()), start);
            _length = length;
        }

        public unsafe ReadOnlySpan(void* pointer, int length)
        {
            if (length < 0) ThrowHelpers.ThrowArgumentOutOfRangeException();
            _reference = ref Unsafe.AsRef<T>(pointer);
            _length = length;
        }

        /// <summary>A span of one element: the variable <paramref name="reference"/> refers to.</summary>
        public ReadOnlySpan(ref readonly T reference)
        {
            _reference = ref Unsafe.AsRef(in reference);
            _length = 1;
        }

        internal ReadOnlySpan(ref T reference, int length)
        {
            _reference = ref reference;
            _length = length;
        }

        public int Length => _length;

        public bool IsEmpty => _length == 0;

        public ref readonly T this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_length) ThrowHelpers.ThrowIndexOutOfRangeException();
                return ref Unsafe.Add(ref _reference, index);
            }
        }

        public ref readonly T GetPinnableReference() => ref _length != 0 ? ref _reference : ref Unsafe.NullRef<T>();

        public static ReadOnlySpan<T> Empty => default;

        public void CopyTo(Span<T> destination)
        {
            if (!TryCopyTo(destination)) throw new ArgumentException("Destination is too short.", nameof(destination));
        }

        /// <summary>Elements without references move as one block (Buffer.Memmove picks the direction); others are
        /// copied front to back, or back to front when the destination starts inside the source.</summary>
        public bool TryCopyTo(Span<T> destination)
        {
            if (_length > destination.Length) return false;
            if (_length == 0) return true;
            ref T target = ref destination[0];
            if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>())
            {
                // Spans point into the non-moving heap, a stack or an owned exchange block: the addresses stay put.
                unsafe
                {
                    Buffer.Memmove((byte*)Unsafe.AsPointer(ref target), (byte*)Unsafe.AsPointer(ref Unsafe.AsRef(in _reference)),
                        (nuint)_length * (nuint)Unsafe.SizeOf<T>());
                }
                return true;
            }
            nint offset = Unsafe.ByteOffset(in _reference, in target);
            if (offset > 0 && offset < (nint)_length * Unsafe.SizeOf<T>())
                for (int i = _length - 1; i >= 0; i--) Unsafe.Add(ref target, i) = Unsafe.Add(ref _reference, i);
            else
                for (int i = 0; i < _length; i++) Unsafe.Add(ref target, i) = Unsafe.Add(ref _reference, i);
            return true;
        }

        public T[] ToArray()
        {
            if (_length == 0) return new T[0];
            var array = new T[_length];
            CopyTo(array);
            return array;
        }

        public override string ToString()
        {
            if (typeof(T) == typeof(char)) return new string(new ReadOnlySpan<char>(ref Unsafe.As<T, char>(ref _reference), _length));
            return "System.ReadOnlySpan<" + typeof(T).Name + ">[" + _length.ToString() + "]";
        }

        public ReadOnlySpan<T> Slice(int start)
        {
            if ((uint)start > (uint)_length) ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new ReadOnlySpan<T>(ref Unsafe.Add(ref _reference, start), _length - start);
        }

        public ReadOnlySpan<T> Slice(int start, int length)
        {
            if ((uint)start > (uint)_length || (uint)length > (uint)(_length - start))
                ThrowHelpers.ThrowArgumentOutOfRangeException();
            return new ReadOnlySpan<T>(ref Unsafe.Add(ref _reference, start), length);
        }

        public static implicit operator ReadOnlySpan<T>(T[] array) => new ReadOnlySpan<T>(array);

        public Enumerator GetEnumerator() => new Enumerator(this);

        public ref struct Enumerator
        {
            private readonly ReadOnlySpan<T> _span;
            private int _index;

            internal Enumerator(ReadOnlySpan<T> span)
            {
                _span = span;
                _index = -1;
            }

            public bool MoveNext() => ++_index < _span.Length;

            public ref readonly T Current => ref _span[_index];
        }
    }
}

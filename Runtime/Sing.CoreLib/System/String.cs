using System.Runtime;
using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    /// <summary>Immutable UTF-16 string. Layout (length, then the characters, then a terminating NUL) is a
    /// contract with the compiler, which emits string literals as frozen objects of this shape.</summary>
    public sealed unsafe partial class String : IEquatable<string>, IComparable<string>, IComparable
    {
        private readonly int _stringLength;
        private char _firstChar;

        public static readonly string Empty = "";

        public int Length => _stringLength;

        [IndexerName("Chars")]
        public char this[int index]
        {
            get
            {
                if ((uint)index >= (uint)_stringLength) ThrowHelpers.ThrowIndexOutOfRangeException();
                return Unsafe.Add(ref _firstChar, index);
            }
        }

        internal ref char GetRawData() => ref _firstChar;

        public ref readonly char GetPinnableReference() => ref _firstChar;

        // `new string(c, count)` is a constructor in IL; the compiler redirects it to the static Ctor below.
        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(char c, int count);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(char* value, int startIndex, int length);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(ReadOnlySpan<char> value);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(char[] value);

        [MethodImpl(MethodImplOptions.InternalCall)]
        public extern String(char[] value, int startIndex, int length);

        private static string Ctor(char[] value) => value is null ? Empty : Ctor(new ReadOnlySpan<char>(value));

        // A range within the array is copied at once; anything else goes through the span constructor, whose checks
        // and exceptions are the ones this constructor has always had.
        private static string Ctor(char[] value, int startIndex, int length)
        {
            if (value is null || (uint)startIndex > (uint)value.Length || (uint)length > (uint)(value.Length - startIndex))
                return Ctor(new ReadOnlySpan<char>(value, startIndex, length));
            if (length == 0) return Empty;
            string result = FastAllocate(length);
            Buffer.Memmove((byte*)Unsafe.AsPointer(ref result._firstChar), (byte*)Unsafe.AsPointer(ref value[startIndex]), (nuint)length * 2);
            return result;
        }

        private static string Ctor(char c, int count)
        {
            string result = FastAllocate(count);
            for (int i = 0; i < count; i++) Unsafe.Add(ref result._firstChar, i) = c;
            return result;
        }

        private static string Ctor(char* value, int startIndex, int length)
        {
            string result = FastAllocate(length);
            Buffer.Memmove((byte*)Unsafe.AsPointer(ref result._firstChar), (byte*)(value + startIndex), (nuint)length * 2);
            return result;
        }

        private static string Ctor(ReadOnlySpan<char> value)
        {
            string result = FastAllocate(value.Length);
            if (value.Length > 0)
                Buffer.Memmove((byte*)Unsafe.AsPointer(ref result._firstChar), (byte*)Unsafe.AsPointer(ref Unsafe.AsRef(in value.GetPinnableReference())), (nuint)value.Length * 2);
            return result;
        }

        internal static string FastAllocate(int length)
        {
            if (length == 0) return Empty;
            return Unsafe.As<string>(RuntimeExports.AllocateArrayLike(Internal.Runtime.MethodTable.Of<string>(), length));
        }

        // As .NET: an empty (or null) part is no copy, so concatenating onto "" returns the other string itself.
        public static string Concat(string a, string b)
        {
            if (IsNullOrEmpty(a)) return b ?? Empty;
            if (IsNullOrEmpty(b)) return a;
            string result = FastAllocate(a.Length + b.Length);
            CopyChars(a, result, 0);
            CopyChars(b, result, a.Length);
            return result;
        }

        // One allocation for the whole result, as .NET.
        public static string Concat(string a, string b, string c)
        {
            if (IsNullOrEmpty(a)) return Concat(b, c);
            if (IsNullOrEmpty(b)) return Concat(a, c);
            if (IsNullOrEmpty(c)) return Concat(a, b);
            string result = FastAllocate(a.Length + b.Length + c.Length);
            CopyChars(a, result, 0);
            CopyChars(b, result, a.Length);
            CopyChars(c, result, a.Length + b.Length);
            return result;
        }

        public static string Concat(string a, string b, string c, string d)
        {
            if (IsNullOrEmpty(a)) return Concat(b, c, d);
            if (IsNullOrEmpty(d)) return Concat(a, b, c);
            b ??= Empty;
            c ??= Empty;
            string result = FastAllocate(a.Length + b.Length + c.Length + d.Length);
            CopyChars(a, result, 0);
            CopyChars(b, result, a.Length);
            CopyChars(c, result, a.Length + b.Length);
            CopyChars(d, result, a.Length + b.Length + c.Length);
            return result;
        }

        public static string Concat(object a, object b) => Concat(a?.ToString(), b?.ToString());

        public static string Concat(object a, object b, object c) => Concat(a?.ToString(), b?.ToString(), c?.ToString());

        public static string Concat(params string[] values)
        {
            string result = Empty;
            for (int i = 0; i < values.Length; i++) result = Concat(result, values[i]);
            return result;
        }

        private static void CopyChars(string source, string destination, int offset)
        {
            Buffer.Memmove((byte*)Unsafe.AsPointer(ref Unsafe.Add(ref destination._firstChar, offset)),
                (byte*)Unsafe.AsPointer(ref source._firstChar), (nuint)source.Length * 2);
        }

        public static bool Equals(string a, string b)
        {
            if ((object)a == (object)b) return true;
            if (a is null || b is null || a.Length != b.Length) return false;
            // Four characters per compare (x86 reads a misaligned word as it reads an aligned one), then the rest one by one.
            int length = a.Length, i = 0;
            for (; i + 4 <= length; i += 4)
                if (Unsafe.As<char, ulong>(ref Unsafe.Add(ref a._firstChar, i)) != Unsafe.As<char, ulong>(ref Unsafe.Add(ref b._firstChar, i))) return false;
            for (; i < length; i++)
                if (Unsafe.Add(ref a._firstChar, i) != Unsafe.Add(ref b._firstChar, i)) return false;
            return true;
        }

        public override bool Equals(object obj) => obj is string s && Equals(this, s);

        public bool Equals(string value) => Equals(this, value);

        public static bool operator ==(string a, string b) => Equals(a, b);

        public static bool operator !=(string a, string b) => !Equals(a, b);

        public override int GetHashCode()
        {
            // FNV-1a over the UTF-16 code units two at a time (one 32-bit word per step, then an odd last unit):
            // deterministic on purpose (icount figures depend on which keys share a bucket), half the steps of one
            // unit at a time.
            uint hash = 2166136261;
            int length = _stringLength, i = 0;
            for (; i + 2 <= length; i += 2)
                hash = (hash ^ Unsafe.As<char, uint>(ref Unsafe.Add(ref _firstChar, i))) * 16777619;
            if (i < length) hash = (hash ^ Unsafe.Add(ref _firstChar, i)) * 16777619;
            return (int)hash;
        }

        public bool StartsWith(string value)
        {
            if (value.Length > Length) return false;
            for (int i = 0; i < value.Length; i++)
                if (this[i] != value[i]) return false;
            return true;
        }

        public int IndexOf(char value)
        {
            for (int i = 0; i < _stringLength; i++)
                if (Unsafe.Add(ref _firstChar, i) == value) return i;
            return -1;
        }

        public string Substring(int startIndex) => Substring(startIndex, Length - startIndex);

        public string Substring(int startIndex, int length)
        {
            if ((uint)startIndex > (uint)Length || (uint)length > (uint)(Length - startIndex)) throw SubstringRangeError(startIndex, length);
            if (length == 0) return Empty;
            fixed (char* p = &_firstChar) return new string(p, startIndex, length);
        }

        public override string ToString() => this;

        public static implicit operator ReadOnlySpan<char>(string value) =>
            value is null ? default : new ReadOnlySpan<char>(ref value._firstChar, value.Length);

        /// <summary>.NET's message for each way a Substring range can be wrong.</summary>
        private ArgumentOutOfRangeException SubstringRangeError(int startIndex, int length)
        {
            if (startIndex < 0) return new ArgumentOutOfRangeException(nameof(startIndex), "StartIndex cannot be less than zero.");
            if (startIndex > Length) return new ArgumentOutOfRangeException(nameof(startIndex), "startIndex cannot be larger than length of string.");
            if (length < 0) return new ArgumentOutOfRangeException(nameof(length), "Length cannot be less than zero.");
            return new ArgumentOutOfRangeException(nameof(length), "Index and length must refer to a location within the string.");
        }
    }
}

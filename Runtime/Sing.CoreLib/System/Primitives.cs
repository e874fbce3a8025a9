using System.Globalization;

namespace System
{
    // The layout of primitive types is special-cased by the compiler; the single field lets methods read `this`.
    // Integers format and parse invariantly through Number; they compare and hash by value.
    public struct Void { }

    public struct Boolean : IEquatable<bool>, IComparable<bool>, IComparable
    {
        private bool m_value;

        public static readonly string TrueString = "True";
        public static readonly string FalseString = "False";

        public override string ToString() => m_value ? "True" : "False";
        public override bool Equals(object obj) => obj is bool other && other == m_value;
        public bool Equals(bool other) => m_value == other;
        public override int GetHashCode() => m_value ? 1 : 0;
        public int CompareTo(bool other) => m_value == other ? 0 : m_value ? 1 : -1;
        public int CompareTo(object obj) => obj is bool other ? CompareTo(other) : 1;

        public static bool Parse(string value)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (!TryParse(value, out bool result)) throw new FormatException("String '" + value + "' was not recognized as a valid Boolean.");
            return result;
        }

        public static bool TryParse(string value, out bool result)
        {
            result = false;
            if (value == null) return false;
            string trimmed = value.Trim();
            if (string.EqualsIgnoreAsciiCase(trimmed, "True")) { result = true; return true; }
            return string.EqualsIgnoreAsciiCase(trimmed, "False");
        }
    }

    public partial struct SByte : IEquatable<sbyte>, IComparable<sbyte>, IComparable, ISpanFormattable
    {
        private sbyte m_value;

        public const sbyte MaxValue = 127;
        public const sbyte MinValue = -128;

        public override string ToString() => Number.FormatSigned(m_value, 8, default);
        public string ToString(string format) => Number.FormatSigned(m_value, 8, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatSigned(m_value, 8, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatSigned(m_value, 8, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is sbyte other && other == m_value;
        public bool Equals(sbyte other) => m_value == other;
        public override int GetHashCode() => m_value;
        public int CompareTo(sbyte other) => m_value - other;
        public int CompareTo(object obj) => obj is sbyte other ? CompareTo(other) : 1;

        public static sbyte Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static sbyte Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static sbyte Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static sbyte Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static sbyte Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out sbyte result)) Number.ThrowParseFailure(s, "SByte", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out sbyte result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out sbyte result)
        {
            bool ok = Number.TryParseStyled(s, style, MinValue, (ulong)MaxValue, 8, true, out ulong value);
            result = ok ? unchecked((sbyte)value) : (sbyte)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out sbyte result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out sbyte result)
        {
            bool ok = Number.TryParseSigned(s, MinValue, MaxValue, out long value);
            result = (sbyte)value;
            return ok;
        }
    }

    public partial struct Byte : IEquatable<byte>, IComparable<byte>, IComparable, ISpanFormattable
    {
        private byte m_value;

        public const byte MaxValue = 255;
        public const byte MinValue = 0;

        public override string ToString() => Number.FormatUnsigned(m_value, 8, default);
        public string ToString(string format) => Number.FormatUnsigned(m_value, 8, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatUnsigned(m_value, 8, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatUnsigned(m_value, 8, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is byte other && other == m_value;
        public bool Equals(byte other) => m_value == other;
        public override int GetHashCode() => m_value;
        public int CompareTo(byte other) => m_value - other;
        public int CompareTo(object obj) => obj is byte other ? CompareTo(other) : 1;

        public static byte Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static byte Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static byte Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static byte Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static byte Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out byte result)) Number.ThrowParseFailure(s, "Byte", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out byte result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out byte result)
        {
            bool ok = Number.TryParseStyled(s, style, 0, (ulong)MaxValue, 8, false, out ulong value);
            result = ok ? unchecked((byte)value) : (byte)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out byte result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out byte result)
        {
            bool ok = Number.TryParseUnsigned(s, MaxValue, out ulong value);
            result = (byte)value;
            return ok;
        }
    }

    public partial struct Int16 : IEquatable<short>, IComparable<short>, IComparable, ISpanFormattable
    {
        private short m_value;

        public const short MaxValue = 32767;
        public const short MinValue = -32768;

        public override string ToString() => Number.FormatSigned(m_value, 16, default);
        public string ToString(string format) => Number.FormatSigned(m_value, 16, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatSigned(m_value, 16, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatSigned(m_value, 16, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is short other && other == m_value;
        public bool Equals(short other) => m_value == other;
        public override int GetHashCode() => m_value;
        public int CompareTo(short other) => m_value - other;
        public int CompareTo(object obj) => obj is short other ? CompareTo(other) : 1;

        public static short Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static short Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static short Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static short Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static short Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out short result)) Number.ThrowParseFailure(s, "Int16", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out short result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out short result)
        {
            bool ok = Number.TryParseStyled(s, style, MinValue, (ulong)MaxValue, 16, true, out ulong value);
            result = ok ? unchecked((short)value) : (short)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out short result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out short result)
        {
            bool ok = Number.TryParseSigned(s, MinValue, MaxValue, out long value);
            result = (short)value;
            return ok;
        }
    }

    public partial struct UInt16 : IEquatable<ushort>, IComparable<ushort>, IComparable, ISpanFormattable
    {
        private ushort m_value;

        public const ushort MaxValue = 65535;
        public const ushort MinValue = 0;

        public override string ToString() => Number.FormatUnsigned(m_value, 16, default);
        public string ToString(string format) => Number.FormatUnsigned(m_value, 16, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatUnsigned(m_value, 16, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatUnsigned(m_value, 16, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is ushort other && other == m_value;
        public bool Equals(ushort other) => m_value == other;
        public override int GetHashCode() => m_value;
        public int CompareTo(ushort other) => m_value - other;
        public int CompareTo(object obj) => obj is ushort other ? CompareTo(other) : 1;

        public static ushort Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static ushort Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static ushort Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static ushort Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static ushort Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out ushort result)) Number.ThrowParseFailure(s, "UInt16", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out ushort result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out ushort result)
        {
            bool ok = Number.TryParseStyled(s, style, 0, (ulong)MaxValue, 16, false, out ulong value);
            result = ok ? unchecked((ushort)value) : (ushort)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out ushort result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out ushort result)
        {
            bool ok = Number.TryParseUnsigned(s, MaxValue, out ulong value);
            result = (ushort)value;
            return ok;
        }
    }

    public partial struct Int32 : IEquatable<int>, IComparable<int>, IComparable, ISpanFormattable
    {
        private int m_value;

        public const int MaxValue = 0x7fffffff;
        public const int MinValue = unchecked((int)0x80000000);

        public override string ToString() => Number.FormatSigned(m_value, 32, default);
        public string ToString(string format) => Number.FormatSigned(m_value, 32, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatSigned(m_value, 32, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatSigned(m_value, 32, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is int other && other == m_value;
        public bool Equals(int other) => m_value == other;
        public override int GetHashCode() => (int)m_value;
        public int CompareTo(int other) => m_value < other ? -1 : m_value > other ? 1 : 0;
        public int CompareTo(object obj) => obj is int other ? CompareTo(other) : 1;

        public static int Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static int Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static int Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static int Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static int Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out int result)) Number.ThrowParseFailure(s, "Int32", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out int result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out int result)
        {
            bool ok = Number.TryParseStyled(s, style, MinValue, (ulong)MaxValue, 32, true, out ulong value);
            result = ok ? unchecked((int)value) : (int)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out int result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out int result)
        {
            bool ok = Number.TryParseSigned(s, MinValue, MaxValue, out long value);
            result = (int)value;
            return ok;
        }
    }

    public partial struct UInt32 : IEquatable<uint>, IComparable<uint>, IComparable, ISpanFormattable
    {
        private uint m_value;

        public const uint MaxValue = 0xffffffff;
        public const uint MinValue = 0;

        public override string ToString() => Number.FormatUnsigned(m_value, 32, default);
        public string ToString(string format) => Number.FormatUnsigned(m_value, 32, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatUnsigned(m_value, 32, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatUnsigned(m_value, 32, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is uint other && other == m_value;
        public bool Equals(uint other) => m_value == other;
        public override int GetHashCode() => (int)m_value;
        public int CompareTo(uint other) => m_value < other ? -1 : m_value > other ? 1 : 0;
        public int CompareTo(object obj) => obj is uint other ? CompareTo(other) : 1;

        public static uint Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static uint Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static uint Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static uint Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static uint Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out uint result)) Number.ThrowParseFailure(s, "UInt32", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out uint result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out uint result)
        {
            bool ok = Number.TryParseStyled(s, style, 0, (ulong)MaxValue, 32, false, out ulong value);
            result = ok ? unchecked((uint)value) : (uint)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out uint result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out uint result)
        {
            bool ok = Number.TryParseUnsigned(s, MaxValue, out ulong value);
            result = (uint)value;
            return ok;
        }
    }

    public partial struct Int64 : IEquatable<long>, IComparable<long>, IComparable, ISpanFormattable
    {
        private long m_value;

        public const long MaxValue = 0x7fffffffffffffff;
        public const long MinValue = unchecked((long)0x8000000000000000);

        public override string ToString() => Number.FormatSigned(m_value, 64, default);
        public string ToString(string format) => Number.FormatSigned(m_value, 64, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatSigned(m_value, 64, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatSigned(m_value, 64, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is long other && other == m_value;
        public bool Equals(long other) => m_value == other;
        public override int GetHashCode() => (int)m_value ^ (int)(m_value >> 32);
        public int CompareTo(long other) => m_value < other ? -1 : m_value > other ? 1 : 0;
        public int CompareTo(object obj) => obj is long other ? CompareTo(other) : 1;

        public static long Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static long Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static long Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static long Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static long Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out long result)) Number.ThrowParseFailure(s, "Int64", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out long result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out long result)
        {
            bool ok = Number.TryParseStyled(s, style, MinValue, (ulong)MaxValue, 64, true, out ulong value);
            result = ok ? unchecked((long)value) : (long)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out long result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out long result)
        {
            bool ok = Number.TryParseSigned(s, MinValue, MaxValue, out long value);
            result = (long)value;
            return ok;
        }
    }

    public partial struct UInt64 : IEquatable<ulong>, IComparable<ulong>, IComparable, ISpanFormattable
    {
        private ulong m_value;

        public const ulong MaxValue = 0xffffffffffffffff;
        public const ulong MinValue = 0;

        public override string ToString() => Number.FormatUnsigned(m_value, 64, default);
        public string ToString(string format) => Number.FormatUnsigned(m_value, 64, format);
        public string ToString(string format, IFormatProvider provider) => Number.FormatUnsigned(m_value, 64, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            Number.TryFormatUnsigned(m_value, 64, destination, out charsWritten, format);

        public override bool Equals(object obj) => obj is ulong other && other == m_value;
        public bool Equals(ulong other) => m_value == other;
        public override int GetHashCode() => (int)m_value ^ (int)(m_value >> 32);
        public int CompareTo(ulong other) => m_value < other ? -1 : m_value > other ? 1 : 0;
        public int CompareTo(object obj) => obj is ulong other ? CompareTo(other) : 1;

        public static ulong Parse(string s) => Parse(s, NumberStyles.Integer, null);
        public static ulong Parse(string s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static ulong Parse(string s, NumberStyles style) => Parse(s, style, null);

        public static ulong Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static ulong Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Integer, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out ulong result)) Number.ThrowParseFailure(s, "UInt64", style);
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out ulong result)
        {
            if (s is null) { result = 0; return false; }
            return TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out ulong result)
        {
            bool ok = Number.TryParseStyled(s, style, 0, (ulong)MaxValue, 64, false, out ulong value);
            result = ok ? unchecked((ulong)value) : (ulong)0;
            return ok;
        }

        public string ToString(IFormatProvider provider) => ToString();

        public static bool TryParse(string s, out ulong result) => TryParse((ReadOnlySpan<char>)s, out result);

        public static bool TryParse(ReadOnlySpan<char> s, out ulong result)
        {
            bool ok = Number.TryParseUnsigned(s, MaxValue, out ulong value);
            result = (ulong)value;
            return ok;
        }
    }

    public partial struct Single : IEquatable<float>, IComparable<float>, IComparable, ISpanFormattable
    {
        private float m_value;

        public const float MinValue = -3.40282347E+38f;
        public const float MaxValue = 3.40282347E+38f;
        public const float Epsilon = 1.401298E-45f;
        public const float NaN = 0.0f / 0.0f;
        public const float PositiveInfinity = 1.0f / 0.0f;
        public const float NegativeInfinity = -1.0f / 0.0f;

        // Shortest round-trip text by default; G[n], R, F[n], N[n], E[n], P[n] (invariant culture).
        public override string ToString() => FloatNumber.FormatSingle(m_value, default);
        public string ToString(string format) => FloatNumber.FormatSingle(m_value, format);
        public string ToString(IFormatProvider provider) => FloatNumber.FormatSingle(m_value, default);
        public string ToString(string format, IFormatProvider provider) => FloatNumber.FormatSingle(m_value, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            FloatNumber.TryFormatSingle(m_value, destination, out charsWritten, format);

        public static float Parse(string s)
        {
            if (!TryParse(s, out float result)) Number.ThrowFloatParseFailure(s);
            return result;
        }

        public static float Parse(string s, IFormatProvider provider) => Parse(s);

        public static float Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            float result = 0;
            if (!FloatNumber.StyleAllows(s.AsSpan(), style) || !FloatNumber.TryParseSingle(s, out result)) Number.ThrowFloatParseFailure(s);
            return result;
        }
        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out float result)
        {
            result = 0;
            return s is not null && TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out float result)
        {
            result = 0;
            return FloatNumber.StyleAllows(s, style) && FloatNumber.TryParseSingle(s, out result);
        }

        public static bool TryParse(string s, out float result) => TryParse((ReadOnlySpan<char>)s, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out float result) => FloatNumber.TryParseSingle(s, out result);

        public static unsafe bool IsInfinity(float f) => (*(uint*)&f & 0x7FFFFFFFu) == 0x7F800000u;
        public static bool IsPositiveInfinity(float f) => f == PositiveInfinity;
        public static bool IsNegativeInfinity(float f) => f == NegativeInfinity;
        public static unsafe bool IsFinite(float f) => (*(uint*)&f & 0x7FFFFFFFu) < 0x7F800000u;
        public static unsafe bool IsNegative(float f) => (*(int*)&f) < 0;
        public int CompareTo(float other) =>
            m_value < other ? -1 : m_value > other ? 1 : m_value == other ? 0 : IsNaN(m_value) ? (IsNaN(other) ? 0 : -1) : 1;
        public int CompareTo(object obj) => obj is float other ? CompareTo(other) : 1;

        public override bool Equals(object obj) => obj is float other && Equals(other);
        public bool Equals(float other) => m_value == other || (IsNaN(m_value) && IsNaN(other));
        public static unsafe bool IsNaN(float f) => (*(uint*)&f & 0x7FFFFFFFu) > 0x7F800000u;
        public override unsafe int GetHashCode()
        {
            float v = m_value;
            return *(int*)&v;
        }
    }

    public partial struct Double : IEquatable<double>, IComparable<double>, IComparable, ISpanFormattable
    {
        private double m_value;

        public const double MinValue = -1.7976931348623157E+308;
        public const double MaxValue = 1.7976931348623157E+308;
        public const double Epsilon = 4.9406564584124654E-324;
        public const double NaN = 0.0 / 0.0;
        public const double PositiveInfinity = 1.0 / 0.0;
        public const double NegativeInfinity = -1.0 / 0.0;

        // Shortest round-trip text by default; G[n], R, F[n], N[n], E[n], P[n] (invariant culture).
        public override string ToString() => FloatNumber.FormatDouble(m_value, default);
        public string ToString(string format) => FloatNumber.FormatDouble(m_value, format);
        public string ToString(IFormatProvider provider) => FloatNumber.FormatDouble(m_value, default);
        public string ToString(string format, IFormatProvider provider) => FloatNumber.FormatDouble(m_value, format);
        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format, IFormatProvider provider) =>
            FloatNumber.TryFormatDouble(m_value, destination, out charsWritten, format);

        public static double Parse(string s)
        {
            if (!TryParse(s, out double result)) Number.ThrowFloatParseFailure(s);
            return result;
        }

        public static double Parse(string s, IFormatProvider provider) => Parse(s);
        public static double Parse(string s, NumberStyles style) => Parse(s, style, null);

        /// <summary>The styles are checked for what they forbid (groups, exponent, sign, white space), then the
        /// text is parsed as Float | AllowThousands.</summary>
        public static double Parse(string s, NumberStyles style, IFormatProvider provider)
        {
            if (s is null) throw new ArgumentNullException(nameof(s));
            return Parse(s.AsSpan(), style, provider);
        }

        public static double Parse(ReadOnlySpan<char> s, NumberStyles style = NumberStyles.Float | NumberStyles.AllowThousands, IFormatProvider provider = null)
        {
            if (!TryParse(s, style, provider, out double result)) Number.ThrowFloatParseFailure(new string(s));
            return result;
        }

        public static bool TryParse(string s, NumberStyles style, IFormatProvider provider, out double result)
        {
            result = 0;
            return s is not null && TryParse(s.AsSpan(), style, provider, out result);
        }

        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out double result)
        {
            result = 0;
            if (!FloatNumber.StyleAllows(s, style)) return false;
            return FloatNumber.TryParseDouble(s, out result);
        }
        public static bool TryParse(string s, out double result) => TryParse((ReadOnlySpan<char>)s, out result);
        public static bool TryParse(ReadOnlySpan<char> s, out double result) => FloatNumber.TryParseDouble(s, out result);

        public static unsafe bool IsInfinity(double d) => (*(ulong*)&d & 0x7FFFFFFFFFFFFFFFUL) == 0x7FF0000000000000UL;
        public static bool IsPositiveInfinity(double d) => d == PositiveInfinity;
        public static bool IsNegativeInfinity(double d) => d == NegativeInfinity;
        public static unsafe bool IsFinite(double d) => (*(ulong*)&d & 0x7FFFFFFFFFFFFFFFUL) < 0x7FF0000000000000UL;
        public static unsafe bool IsNegative(double d) => (*(long*)&d) < 0;
        public int CompareTo(double other) =>
            m_value < other ? -1 : m_value > other ? 1 : m_value == other ? 0 : IsNaN(m_value) ? (IsNaN(other) ? 0 : -1) : 1;
        public int CompareTo(object obj) => obj is double other ? CompareTo(other) : 1;

        public override bool Equals(object obj) => obj is double other && Equals(other);
        public bool Equals(double other) => m_value == other || (IsNaN(m_value) && IsNaN(other));
        public static unsafe bool IsNaN(double d) => (*(ulong*)&d & 0x7FFFFFFFFFFFFFFFUL) > 0x7FF0000000000000UL;
        public override unsafe int GetHashCode()
        {
            double v = m_value;
            long bits = *(long*)&v;
            return (int)bits ^ (int)(bits >> 32);
        }

        // Conversion helpers the compiler calls by name (JitHelper) for conversions the CPU lacks.
        internal static ulong ConvertToUInt64(double value)
        {
            const double two63 = 9223372036854775808.0;
            if (value < two63) return (ulong)(long)value;
            return (ulong)(long)(value - two63) + 0x8000000000000000UL;
        }

        internal static double ConvertFromUInt64(ulong value)
        {
            if ((long)value >= 0) return (double)(long)value;
            double half = (double)(long)((value >> 1) | (value & 1));
            return half + half;
        }

        internal static double ConvertFromInt64(long value) => (double)value;
    }
}

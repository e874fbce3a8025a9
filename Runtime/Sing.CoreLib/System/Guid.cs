namespace System
{
    /// <summary>A 128-bit identifier in .NET's layout (int, short, short, 8 bytes) and text forms D (default), N, B
    /// and P. NewGuid makes a version-4 GUID from a generator seeded with the time-stamp counter: unique enough
    /// for identifiers inside a SIP, not unpredictable (there is no entropy source yet), so never a secret.</summary>
    public readonly struct Guid : IEquatable<Guid>, IComparable<Guid>, IComparable, ISpanFormattable
    {
        public static readonly Guid Empty = default;

        private readonly int _a;
        private readonly short _b;
        private readonly short _c;
        private readonly byte _d, _e, _f, _g, _h, _i, _j, _k;

        public Guid(int a, short b, short c, byte d, byte e, byte f, byte g, byte h, byte i, byte j, byte k)
        {
            _a = a; _b = b; _c = c; _d = d; _e = e; _f = f; _g = g; _h = h; _i = i; _j = j; _k = k;
        }

        public Guid(int a, short b, short c, byte[] d)
        {
            if (d is null) throw new ArgumentNullException(nameof(d));
            if (d.Length != 8) throw new ArgumentException("Byte array for Guid must be exactly 8 bytes long.", nameof(d));
            this = new Guid(a, b, c, d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
        }

        public Guid(uint a, ushort b, ushort c, byte d, byte e, byte f, byte g, byte h, byte i, byte j, byte k)
            : this((int)a, (short)b, (short)c, d, e, f, g, h, i, j, k) { }

        /// <summary>The 16 bytes in .NET's order: a, b and c little-endian, then d..k.</summary>
        public Guid(byte[] b) : this(new ReadOnlySpan<byte>(b ?? throw new ArgumentNullException(nameof(b)))) { }

        public Guid(ReadOnlySpan<byte> b)
        {
            if (b.Length != 16) throw new ArgumentException("Byte array for Guid must be exactly 16 bytes long.", nameof(b));
            this = new Guid(b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24, (short)(b[4] | b[5] << 8), (short)(b[6] | b[7] << 8),
                b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
        }

        public Guid(string g) { this = Parse(g); }

        private static ulong s_state;

        public static Guid NewGuid()
        {
            Span<byte> bytes = stackalloc byte[16];
            ulong state = s_state == 0 ? (ulong)Diagnostics.Stopwatch.GetTimestamp() | 1 : s_state;
            for (int i = 0; i < 16; i += 8)
            {
                // xorshift64*
                state ^= state >> 12;
                state ^= state << 25;
                state ^= state >> 27;
                ulong r = state * 2685821657736338717UL;
                for (int k = 0; k < 8; k++) bytes[i + k] = (byte)(r >> (8 * k));
            }
            s_state = state;
            bytes[7] = (byte)((bytes[7] & 0x0F) | 0x40); // version 4
            bytes[8] = (byte)((bytes[8] & 0x3F) | 0x80); // RFC 4122 variant
            return new Guid(bytes);
        }

        public byte[] ToByteArray()
        {
            return new[]
            {
                (byte)_a, (byte)(_a >> 8), (byte)(_a >> 16), (byte)(_a >> 24), (byte)_b, (byte)(_b >> 8), (byte)_c, (byte)(_c >> 8),
                _d, _e, _f, _g, _h, _i, _j, _k,
            };
        }

        public override string ToString() => ToString("D", null);
        public string ToString(string format) => ToString(format, null);

        public string ToString(string format, IFormatProvider provider)
        {
            Span<char> buffer = stackalloc char[68];
            if (!TryFormat(buffer, out int written, format)) throw new FormatException("Format string can be only \"D\", \"d\", \"N\", \"n\", \"P\", \"p\", \"B\", \"b\", \"X\" or \"x\".");
            return new string(buffer.Slice(0, written));
        }

        public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default, IFormatProvider provider = null)
        {
            char kind = format.Length == 0 ? 'D' : format.Length == 1 ? char.ToUpperInvariant(format[0]) : '?';
            charsWritten = 0;
            bool dashes = kind != 'N';
            string open = kind == 'B' ? "{" : kind == 'P' ? "(" : "", close = kind == 'B' ? "}" : kind == 'P' ? ")" : "";
            if (kind == 'X') return FormatX(destination, out charsWritten);
            if (kind != 'D' && kind != 'N' && kind != 'B' && kind != 'P')
                throw new FormatException("Format string can be only \"D\", \"d\", \"N\", \"n\", \"P\", \"p\", \"B\", \"b\", \"X\" or \"x\".");
            int length = 32 + (dashes ? 4 : 0) + open.Length + close.Length;
            if (destination.Length < length) return false;
            int o = 0;
            if (open.Length > 0) destination[o++] = open[0];
            Hex(destination, ref o, (uint)_a, 8);
            if (dashes) destination[o++] = '-';
            Hex(destination, ref o, (ushort)_b, 4);
            if (dashes) destination[o++] = '-';
            Hex(destination, ref o, (ushort)_c, 4);
            if (dashes) destination[o++] = '-';
            Hex(destination, ref o, (uint)(_d << 8 | _e), 4);
            if (dashes) destination[o++] = '-';
            Hex(destination, ref o, (uint)(_f << 8 | _g), 4);
            Hex(destination, ref o, (uint)(_h << 24 | _i << 16 | _j << 8 | _k), 8);
            if (close.Length > 0) destination[o++] = close[0];
            charsWritten = o;
            return true;
        }

        /// <summary>{0xaaaaaaaa,0xbbbb,0xcccc,{0xdd,0xee,...}}: 68 characters.</summary>
        private bool FormatX(Span<char> destination, out int charsWritten)
        {
            charsWritten = 0;
            if (destination.Length < 68) return false;
            int o = 0;
            destination[o++] = '{';
            Prefixed(destination, ref o, (uint)_a, 8);
            destination[o++] = ',';
            Prefixed(destination, ref o, (ushort)_b, 4);
            destination[o++] = ',';
            Prefixed(destination, ref o, (ushort)_c, 4);
            destination[o++] = ',';
            destination[o++] = '{';
            byte[] tail = { _d, _e, _f, _g, _h, _i, _j, _k };
            for (int i = 0; i < 8; i++)
            {
                if (i > 0) destination[o++] = ',';
                Prefixed(destination, ref o, tail[i], 2);
            }
            destination[o++] = '}';
            destination[o++] = '}';
            charsWritten = o;
            return true;
        }

        private static void Prefixed(Span<char> to, ref int at, uint value, int digits)
        {
            to[at++] = '0';
            to[at++] = 'x';
            Hex(to, ref at, value, digits);
        }

        private static void Hex(Span<char> to, ref int at, uint value, int digits)
        {
            for (int i = digits - 1; i >= 0; i--) to[at++] = "0123456789abcdef"[(int)(value >> (4 * i)) & 0xF];
        }

        public static Guid Parse(string input, IFormatProvider provider) => Parse(input);

        public static Guid Parse(ReadOnlySpan<char> input) => Parse(input.ToString());

        public static Guid Parse(ReadOnlySpan<char> input, IFormatProvider provider) => Parse(input.ToString());

        public static bool TryParse(string input, IFormatProvider provider, out Guid result) => TryParse(input, out result);

        public static bool TryParse(ReadOnlySpan<char> input, out Guid result) => TryParse(input.ToString(), out result);

        public static bool TryParse(ReadOnlySpan<char> input, IFormatProvider provider, out Guid result) => TryParse(input.ToString(), out result);

        /// <summary>Only the given form (N, D, B or P) is accepted.</summary>
        public static Guid ParseExact(string input, string format)
        {
            if (input is null) throw new ArgumentNullException(nameof(input));
            if (format is null) throw new ArgumentNullException(nameof(format));
            if (!TryParseExact(input, format, out Guid result)) throw new FormatException("Unrecognized Guid format.");
            return result;
        }

        public static bool TryParseExact(string input, string format, out Guid result)
        {
            result = Empty;
            if (input is null || format is null || format.Length != 1) return false;
            string s = input.Trim();
            int expected = char.ToUpperInvariant(format[0]) switch { 'N' => 32, 'D' => 36, 'B' or 'P' => 38, _ => -1 };
            if (expected < 0 || s.Length != expected) return false;
            char kind = char.ToUpperInvariant(format[0]);
            if (kind == 'B' && (s[0] != '{' || s[37] != '}')) return false;
            if (kind == 'P' && (s[0] != '(' || s[37] != ')')) return false;
            return TryParse(s, out result);
        }

        /// <summary>A version 7 GUID: the Unix time in milliseconds in its first 48 bits, then random bits.</summary>
        public static Guid CreateVersion7() => CreateVersion7(DateTimeOffset.UtcNow);

        public static Guid CreateVersion7(DateTimeOffset timestamp)
        {
            long milliseconds = timestamp.ToUnixTimeMilliseconds();
            if (milliseconds < 0) throw new ArgumentOutOfRangeException(nameof(timestamp));
            byte[] bytes = NewGuid().ToByteArray();
            Guid random = new Guid(bytes);
            int a = (int)(milliseconds >> 16);
            short b = (short)milliseconds;
            short c = (short)((random._c & 0x0FFF) | 0x7000);
            return new Guid(a, b, c, (byte)((random._d & 0x3F) | 0x80), random._e, random._f, random._g, random._h, random._i, random._j, random._k);
        }

        /// <summary>The version in the top four bits of the third group (4 for NewGuid, 7 for CreateVersion7).</summary>
        public int Version => (ushort)_c >> 12;

        public int Variant => _d >> 4;

        public static Guid AllBitsSet => new Guid(-1, -1, -1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);

        public static bool operator <(Guid left, Guid right) => left.CompareTo(right) < 0;
        public static bool operator <=(Guid left, Guid right) => left.CompareTo(right) <= 0;
        public static bool operator >(Guid left, Guid right) => left.CompareTo(right) > 0;
        public static bool operator >=(Guid left, Guid right) => left.CompareTo(right) >= 0;

        public static Guid Parse(string input)
        {
            if (input is null) throw new ArgumentNullException(nameof(input));
            if (!TryParse(input, out Guid result))
                throw new FormatException("Unrecognized Guid format.");
            return result;
        }

        /// <summary>The D, N, B and P forms, hex digits in either case, surrounding white space allowed.</summary>
        public static bool TryParse(string input, out Guid result)
        {
            result = Empty;
            if (input is null) return false;
            string s = input.Trim();
            if (s.Length == 38 && ((s[0] == '{' && s[37] == '}') || (s[0] == '(' && s[37] == ')'))) s = s.Substring(1, 36);
            if (s.Length == 36)
            {
                if (s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-') return false;
                s = s.Remove(23, 1).Remove(18, 1).Remove(13, 1).Remove(8, 1);
            }
            if (s.Length != 32) return false;
            Span<byte> bytes = stackalloc byte[16];
            for (int i = 0; i < 16; i++)
            {
                int hi = HexValue(s[2 * i]), lo = HexValue(s[2 * i + 1]);
                if (hi < 0 || lo < 0) return false;
                bytes[i] = (byte)(hi << 4 | lo);
            }
            // Text order is big-endian within a, b and c.
            result = new Guid(bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3], (short)(bytes[4] << 8 | bytes[5]), (short)(bytes[6] << 8 | bytes[7]),
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]);
            return true;
        }

        private static int HexValue(char c) => char.IsAsciiDigit(c) ? c - '0' : char.IsAsciiHexDigit(c) ? (c | 0x20) - 'a' + 10 : -1;

        public bool Equals(Guid g) =>
            _a == g._a && _b == g._b && _c == g._c && _d == g._d && _e == g._e && _f == g._f && _g == g._g && _h == g._h && _i == g._i && _j == g._j && _k == g._k;

        public override bool Equals(object o) => o is Guid g && Equals(g);
        public override int GetHashCode() => _a ^ ((_b << 16) | (ushort)_c) ^ ((_f << 24) | (_g << 16) | (_h << 8) | _i) ^ ((_j << 8) | _k | (_d << 24) | (_e << 16));
        public static bool operator ==(Guid a, Guid b) => a.Equals(b);
        public static bool operator !=(Guid a, Guid b) => !a.Equals(b);

        /// <summary>As .NET: a, b, c as unsigned numbers, then the bytes.</summary>
        public int CompareTo(Guid value)
        {
            if (_a != value._a) return (uint)_a < (uint)value._a ? -1 : 1;
            if (_b != value._b) return (ushort)_b < (ushort)value._b ? -1 : 1;
            if (_c != value._c) return (ushort)_c < (ushort)value._c ? -1 : 1;
            byte[] x = ToByteArray(), y = value.ToByteArray();
            for (int i = 8; i < 16; i++)
                if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
            return 0;
        }

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is Guid g) return CompareTo(g);
            throw new ArgumentException("Object must be of type GUID.");
        }
    }
}

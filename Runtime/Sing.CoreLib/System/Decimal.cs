using System.Globalization;

namespace System
{
    /// <summary>A decimal floating-point number: a 96-bit unsigned integer, a sign and a power-of-ten scale 0..28,
    /// laid out as .NET's (flags, hi, lo64). Arithmetic is exact when the result fits and otherwise rounds half to
    /// even to 28-29 significant digits, as .NET's does; scales are kept (1.50m prints "1.50", 1.5m * 2 = 3.0).
    /// Division gives the exact quotient at scale max(0, s1 - s2) when there is one, else as many digits as fit.
    /// Conversion from double keeps 15 significant digits, as .NET's. The big-integer work is in
    /// Decimal.Arithmetic.cs; formatting and parsing in Decimal.Formatting.cs.</summary>
    public readonly partial struct Decimal : IEquatable<decimal>, IComparable<decimal>, IComparable, ISpanFormattable, System.Numerics.INumber<decimal>
    {
        private const int SignMask = unchecked((int)0x80000000);
        private const int ScaleShift = 16;
        internal const int MaxScale = 28;

        private readonly int _flags;
        private readonly uint _hi32;
        private readonly ulong _lo64;

        public const decimal Zero = 0m;
        public const decimal One = 1m;
        public const decimal MinusOne = -1m;
        public const decimal MaxValue = 79228162514264337593543950335m;
        public const decimal MinValue = -79228162514264337593543950335m;

        public Decimal(int lo, int mid, int hi, bool isNegative, byte scale)
        {
            if (scale > MaxScale) throw new ArgumentOutOfRangeException(nameof(scale), "Decimal's scale value must be between 0 and 28, inclusive.");
            _lo64 = (uint)lo | ((ulong)(uint)mid << 32);
            _hi32 = (uint)hi;
            _flags = (scale << ScaleShift) | (isNegative ? SignMask : 0);
        }

        internal Decimal(ulong lo64, uint hi32, int scale, bool negative)
        {
            _lo64 = lo64;
            _hi32 = hi32;
            _flags = (scale << ScaleShift) | (negative ? SignMask : 0);
        }

        public Decimal(int value) : this((ulong)(value < 0 ? -(long)value : value), 0, 0, value < 0) { }
        public Decimal(uint value) : this(value, 0, 0, false) { }
        public Decimal(long value) : this(value < 0 ? (ulong)(-(value + 1)) + 1 : (ulong)value, 0, 0, value < 0) { }
        public Decimal(ulong value) : this(value, 0, 0, false) { }
        public Decimal(double value) { this = FromDouble(value); }
        public Decimal(float value) { this = FromDouble(value); }

        public Decimal(int[] bits)
        {
            if (bits is null) throw new ArgumentNullException(nameof(bits));
            if (bits.Length != 4 || (bits[3] & 0x7F00FFFF) != 0 || ((bits[3] >> ScaleShift) & 0xFF) > MaxScale)
                throw new ArgumentException("Decimal constructor requires an array or span of four valid decimal bytes.");
            _lo64 = (uint)bits[0] | ((ulong)(uint)bits[1] << 32);
            _hi32 = (uint)bits[2];
            _flags = bits[3];
        }

        public byte Scale => (byte)(_flags >> ScaleShift);

        internal bool IsNegativeBit => _flags < 0;
        internal ulong Low64 => _lo64;
        internal uint High32 => _hi32;
        internal bool IsZero => _lo64 == 0 && _hi32 == 0;

        public static int[] GetBits(decimal d) => new[] { (int)d._lo64, (int)(d._lo64 >> 32), (int)d._hi32, d._flags };

        public static bool IsNegative(decimal d) => d._flags < 0 && !d.IsZero;
        public static bool IsPositive(decimal d) => !IsNegative(d);
        public static bool IsInteger(decimal d) => d == Truncate(d);

        // Operators (the compiler calls these for decimal arithmetic and comparisons).
        public static decimal operator +(decimal d) => d;
        public static decimal operator -(decimal d) => new decimal(d._lo64, d._hi32, d.Scale, !d.IsNegativeBit);
        public static decimal operator ++(decimal d) => d + One;
        public static decimal operator --(decimal d) => d - One;
        public static decimal operator +(decimal d1, decimal d2) => DecimalMath.Add(d1, d2, false);
        public static decimal operator -(decimal d1, decimal d2) => DecimalMath.Add(d1, d2, true);
        public static decimal operator *(decimal d1, decimal d2) => DecimalMath.Multiply(d1, d2);
        public static decimal operator /(decimal d1, decimal d2) => DecimalMath.Divide(d1, d2);
        public static decimal operator %(decimal d1, decimal d2) => DecimalMath.Remainder(d1, d2);
        public static bool operator ==(decimal d1, decimal d2) => DecimalMath.Compare(d1, d2) == 0;
        public static bool operator !=(decimal d1, decimal d2) => DecimalMath.Compare(d1, d2) != 0;
        public static bool operator <(decimal d1, decimal d2) => DecimalMath.Compare(d1, d2) < 0;
        public static bool operator <=(decimal d1, decimal d2) => DecimalMath.Compare(d1, d2) <= 0;
        public static bool operator >(decimal d1, decimal d2) => DecimalMath.Compare(d1, d2) > 0;
        public static bool operator >=(decimal d1, decimal d2) => DecimalMath.Compare(d1, d2) >= 0;

        static decimal System.Numerics.INumberBase<decimal>.Zero => 0m;
        static decimal System.Numerics.INumberBase<decimal>.One => 1m;
        static decimal System.Numerics.IAdditiveIdentity<decimal, decimal>.AdditiveIdentity => 0m;
        static decimal System.Numerics.IMultiplicativeIdentity<decimal, decimal>.MultiplicativeIdentity => 1m;

        public static decimal Add(decimal d1, decimal d2) => d1 + d2;
        public static decimal Subtract(decimal d1, decimal d2) => d1 - d2;
        public static decimal Multiply(decimal d1, decimal d2) => d1 * d2;
        public static decimal Divide(decimal d1, decimal d2) => d1 / d2;
        public static decimal Remainder(decimal d1, decimal d2) => d1 % d2;
        public static decimal Negate(decimal d) => -d;
        public static int Compare(decimal d1, decimal d2) => DecimalMath.Compare(d1, d2);
        public static bool Equals(decimal d1, decimal d2) => d1 == d2;

        public static implicit operator decimal(byte value) => new decimal((uint)value);
        public static implicit operator decimal(sbyte value) => new decimal((int)value);
        public static implicit operator decimal(short value) => new decimal((int)value);
        public static implicit operator decimal(ushort value) => new decimal((uint)value);
        public static implicit operator decimal(char value) => new decimal((uint)value);
        public static implicit operator decimal(int value) => new decimal(value);
        public static implicit operator decimal(uint value) => new decimal(value);
        public static implicit operator decimal(long value) => new decimal(value);
        public static implicit operator decimal(ulong value) => new decimal(value);
        public static explicit operator decimal(float value) => FromDouble(value);
        public static explicit operator decimal(double value) => FromDouble(value);

        public static explicit operator byte(decimal value) => checked((byte)ToInt64Truncated(value, 0, byte.MaxValue));
        public static explicit operator sbyte(decimal value) => checked((sbyte)ToInt64Truncated(value, sbyte.MinValue, sbyte.MaxValue));
        public static explicit operator short(decimal value) => checked((short)ToInt64Truncated(value, short.MinValue, short.MaxValue));
        public static explicit operator ushort(decimal value) => checked((ushort)ToInt64Truncated(value, 0, ushort.MaxValue));
        public static explicit operator char(decimal value) => (char)checked((ushort)ToInt64Truncated(value, 0, ushort.MaxValue));
        public static explicit operator int(decimal value) => (int)ToInt64Truncated(value, int.MinValue, int.MaxValue);
        public static explicit operator uint(decimal value) => (uint)ToInt64Truncated(value, 0, uint.MaxValue);
        public static explicit operator long(decimal value) => ToInt64Truncated(value, long.MinValue, long.MaxValue);

        public static explicit operator ulong(decimal value)
        {
            decimal t = Truncate(value);
            if (t._hi32 != 0 || (t.IsNegativeBit && !t.IsZero)) throw new OverflowException("Value was either too large or too small for a UInt64.");
            return DecimalMath.Unscaled64(t);
        }

        public static explicit operator double(decimal value) => ToDouble(value);
        public static explicit operator float(decimal value) => (float)ToDouble(value);

        public static int ToInt32(decimal d) => (int)d;
        public static long ToInt64(decimal d) => (long)d;
        public static double ToDouble(decimal d) => double.Parse(d.ToString(), CultureInfo.InvariantCulture);
        public static float ToSingle(decimal d) => (float)ToDouble(d);

        private static long ToInt64Truncated(decimal value, long min, long max)
        {
            decimal t = Truncate(value);
            ulong magnitude = t._hi32 == 0 ? DecimalMath.Unscaled64(t) : ulong.MaxValue;
            if (t._hi32 == 0 && t.Scale == 0)
            {
                if (!t.IsNegativeBit && magnitude <= (ulong)max) return (long)magnitude;
                if (t.IsNegativeBit && magnitude <= (ulong)-(min + 1) + 1) return -(long)(magnitude - 1) - 1;
            }
            throw new OverflowException("Value was either too large or too small for an Int64.");
        }

        /// <summary>To 15 significant digits, trailing zeros dropped, as .NET converts.</summary>
        private static decimal FromDouble(double value)
        {
            if (double.IsNaN(value) || double.IsInfinity(value) || Math.Abs(value) >= 7.9228162514264338E+28)
                throw new OverflowException("Value was either too large or too small for a Decimal.");
            if (value == 0) return Zero;
            decimal d = Parse(value.ToString("E14", CultureInfo.InvariantCulture), NumberStyles.Float, CultureInfo.InvariantCulture);
            return DecimalMath.TrimTrailingZeros(d);
        }

        public static decimal Truncate(decimal d) => DecimalMath.RoundToScale(d, 0, MidpointRounding.ToZero);
        public static decimal Floor(decimal d) => DecimalMath.RoundToScale(d, 0, MidpointRounding.ToNegativeInfinity);
        public static decimal Ceiling(decimal d) => DecimalMath.RoundToScale(d, 0, MidpointRounding.ToPositiveInfinity);
        public static decimal Round(decimal d) => Round(d, 0, MidpointRounding.ToEven);
        public static decimal Round(decimal d, int decimals) => Round(d, decimals, MidpointRounding.ToEven);
        public static decimal Round(decimal d, MidpointRounding mode) => Round(d, 0, mode);

        public static decimal Round(decimal d, int decimals, MidpointRounding mode)
        {
            if ((uint)decimals > MaxScale) throw new ArgumentOutOfRangeException(nameof(decimals), "Decimal can only round to between 0 and 28 digits of precision.");
            if ((uint)mode > (uint)MidpointRounding.ToPositiveInfinity)
                throw new ArgumentException("The value '" + ((int)mode).ToString() + "' is not valid for this usage of the type MidpointRounding.", nameof(mode));
            return d.Scale <= decimals ? d : DecimalMath.RoundToScale(d, decimals, mode);
        }

        public static decimal Abs(decimal d) => d.IsNegativeBit ? -d : d;
        public static decimal Max(decimal x, decimal y) => x >= y ? x : y;
        public static decimal Min(decimal x, decimal y) => x <= y ? x : y;
        public static decimal Clamp(decimal value, decimal min, decimal max)
        {
            if (min > max) throw new ArgumentException("'" + min.ToString() + "' cannot be greater than " + max.ToString() + ".");
            return value < min ? min : value > max ? max : value;
        }

        public static int Sign(decimal d) => d.IsZero ? 0 : d.IsNegativeBit ? -1 : 1;

        public override bool Equals(object value) => value is decimal other && this == other;
        public bool Equals(decimal value) => this == value;

        /// <summary>Equal values (1.0m and 1.00m) hash alike: the hash is of the value without trailing zeros.</summary>
        public override int GetHashCode()
        {
            decimal t = DecimalMath.TrimTrailingZeros(this);
            if (t.IsZero) return 0;
            return (int)t._lo64 ^ (int)(t._lo64 >> 32) ^ (int)t._hi32 ^ t._flags;
        }

        public int CompareTo(decimal value) => Compare(this, value);

        public int CompareTo(object value)
        {
            if (value is null) return 1;
            if (value is decimal d) return Compare(this, d);
            throw new ArgumentException("Object must be of type Decimal.");
        }
    }
}

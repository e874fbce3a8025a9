namespace System.Numerics
{
    /// <summary>An arbitrarily large signed integer, immutable, with .NET's semantics: truncating division, remainders
    /// with the dividend's sign, bitwise operators and shifts as if on infinite two's complement.</summary>
    public readonly partial struct BigInteger : INumber<BigInteger>, IComparable, ISpanFormattable
    {
        // Sign and magnitude: _sign is -1, 0 or 1; _bits the magnitude (no leading zero limb, null for zero). The
        // array is created here and never handed out, so a value cannot change after construction.
        private readonly int _sign;
        private readonly uint[] _bits;

        private BigInteger(int sign, uint[] magnitude)
        {
            int length = BigMagnitude.Length(magnitude);
            if (length == 0 || sign == 0)
            {
                _sign = 0;
                _bits = null;
                return;
            }
            if (length != magnitude.Length)
            {
                var trimmed = new uint[length];
                Array.Copy(magnitude, trimmed, length);
                magnitude = trimmed;
            }
            _sign = sign < 0 ? -1 : 1;
            _bits = magnitude;
        }

        public BigInteger(int value) : this(value < 0 ? -1 : 1, value == 0 ? null : new[] { (uint)(value < 0 ? -(long)value : value) }) { }
        public BigInteger(uint value) : this(1, value == 0 ? null : new[] { value }) { }
        public BigInteger(long value) : this(value < 0 ? -1 : 1, FromUInt64(value < 0 ? (ulong)(-(value + 1)) + 1 : (ulong)value)) { }
        public BigInteger(ulong value) : this(1, FromUInt64(value)) { }
        public BigInteger(float value) : this((double)value) { }

        public BigInteger(double value)
        {
            if (double.IsNaN(value)) throw new OverflowException("The value is not a number.");
            if (double.IsInfinity(value)) throw new OverflowException("BigInteger cannot represent infinity.");
            ulong raw = (ulong)BitConverter.DoubleToInt64Bits(value);
            int exponent = (int)((raw >> 52) & 0x7FF);
            ulong mantissa = raw & 0xFFFFFFFFFFFFF;
            if (exponent == 0) { this = default; return; } // subnormals truncate to zero
            mantissa |= 1UL << 52;
            int shift = exponent - 1075;
            uint[] magnitude = shift >= 0
                ? BigMagnitude.ShiftLeftBits(FromUInt64(mantissa), shift)
                : shift <= -64 ? null : FromUInt64(mantissa >> -shift);
            this = new BigInteger(value < 0 ? -1 : 1, magnitude);
        }

        public BigInteger(decimal value)
        {
            int[] parts = decimal.GetBits(decimal.Truncate(value));
            this = new BigInteger(parts[3] < 0 ? -1 : 1, new[] { (uint)parts[0], (uint)parts[1], (uint)parts[2] });
        }

        /// <summary>From little-endian two's complement bytes, as .NET's constructor reads them.</summary>
        public BigInteger(byte[] value) : this(new ReadOnlySpan<byte>(value ?? throw new ArgumentNullException(nameof(value)))) { }

        public BigInteger(ReadOnlySpan<byte> value, bool isUnsigned = false, bool isBigEndian = false)
        {
            int length = value.Length;
            var limbs = new uint[(length + 3) / 4 + 1];
            for (int i = 0; i < length; i++)
            {
                byte b = isBigEndian ? value[length - 1 - i] : value[i];
                limbs[i / 4] |= (uint)b << (8 * (i % 4));
            }
            bool negative = !isUnsigned && length > 0 && (isBigEndian ? value[0] : value[length - 1]) >= 0x80;
            if (negative)
            {
                for (int i = length; i < limbs.Length * 4; i++) limbs[i / 4] |= 0xFFu << (8 * (i % 4));
                this = FromTwosComplement(limbs);
            }
            else
            {
                this = new BigInteger(1, limbs);
            }
        }

        private static uint[] FromUInt64(ulong value) => value == 0 ? null : new[] { (uint)value, (uint)(value >> 32) };

        public static BigInteger Zero => default;
        public static BigInteger One => new BigInteger(1);
        public static BigInteger MinusOne => new BigInteger(-1);
        static BigInteger IAdditiveIdentity<BigInteger, BigInteger>.AdditiveIdentity => default;
        static BigInteger IMultiplicativeIdentity<BigInteger, BigInteger>.MultiplicativeIdentity => One;

        public bool IsZero => _sign == 0;
        public bool IsOne => _sign == 1 && _bits.Length == 1 && _bits[0] == 1;
        public bool IsEven => _sign == 0 || (_bits[0] & 1) == 0;
        public int Sign => _sign;

        public bool IsPowerOfTwo
        {
            get
            {
                if (_sign != 1) return false;
                for (int i = 0; i < _bits.Length - 1; i++)
                    if (_bits[i] != 0) return false;
                return BitOperations.IsPow2(_bits[_bits.Length - 1]);
            }
        }

        // ---- comparison and equality ----

        public static int Compare(BigInteger left, BigInteger right) => left.CompareTo(right);

        public int CompareTo(BigInteger other)
        {
            if (_sign != other._sign) return _sign < other._sign ? -1 : 1;
            int magnitude = BigMagnitude.Compare(_bits, other._bits);
            return _sign < 0 ? -magnitude : magnitude;
        }

        public int CompareTo(long other) => CompareTo((BigInteger)other);
        public int CompareTo(ulong other) => CompareTo((BigInteger)other);

        public int CompareTo(object obj)
        {
            if (obj is null) return 1;
            if (obj is BigInteger other) return CompareTo(other);
            throw new ArgumentException("The parameter must be a BigInteger.", nameof(obj));
        }

        public bool Equals(BigInteger other) => CompareTo(other) == 0;
        public bool Equals(long other) => CompareTo(other) == 0;
        public bool Equals(ulong other) => CompareTo(other) == 0;
        public override bool Equals(object obj) => obj is BigInteger other && Equals(other);

        public override int GetHashCode()
        {
            int hash = _sign;
            if (_bits != null)
                foreach (uint limb in _bits) hash = hash * 31 + (int)limb;
            return hash;
        }

        public static bool operator ==(BigInteger left, BigInteger right) => left.Equals(right);
        public static bool operator !=(BigInteger left, BigInteger right) => !left.Equals(right);
        public static bool operator <(BigInteger left, BigInteger right) => left.CompareTo(right) < 0;
        public static bool operator <=(BigInteger left, BigInteger right) => left.CompareTo(right) <= 0;
        public static bool operator >(BigInteger left, BigInteger right) => left.CompareTo(right) > 0;
        public static bool operator >=(BigInteger left, BigInteger right) => left.CompareTo(right) >= 0;
        public static bool operator ==(BigInteger left, long right) => left.Equals(right);
        public static bool operator !=(BigInteger left, long right) => !left.Equals(right);
        public static bool operator <(BigInteger left, long right) => left.CompareTo(right) < 0;
        public static bool operator <=(BigInteger left, long right) => left.CompareTo(right) <= 0;
        public static bool operator >(BigInteger left, long right) => left.CompareTo(right) > 0;
        public static bool operator >=(BigInteger left, long right) => left.CompareTo(right) >= 0;
        public static bool operator ==(long left, BigInteger right) => right.Equals(left);
        public static bool operator !=(long left, BigInteger right) => !right.Equals(left);
        public static bool operator <(long left, BigInteger right) => right.CompareTo(left) > 0;
        public static bool operator <=(long left, BigInteger right) => right.CompareTo(left) >= 0;
        public static bool operator >(long left, BigInteger right) => right.CompareTo(left) < 0;
        public static bool operator >=(long left, BigInteger right) => right.CompareTo(left) <= 0;

        public static BigInteger Max(BigInteger left, BigInteger right) => left.CompareTo(right) < 0 ? right : left;
        public static BigInteger Min(BigInteger left, BigInteger right) => left.CompareTo(right) <= 0 ? left : right;

        // ---- arithmetic ----

        public static BigInteger operator +(BigInteger left, BigInteger right)
        {
            if (left._sign == 0) return right;
            if (right._sign == 0) return left;
            if (left._sign == right._sign) return new BigInteger(left._sign, BigMagnitude.Add(left._bits, right._bits));
            int order = BigMagnitude.Compare(left._bits, right._bits);
            if (order == 0) return default;
            return order > 0
                ? new BigInteger(left._sign, BigMagnitude.Subtract(left._bits, right._bits))
                : new BigInteger(right._sign, BigMagnitude.Subtract(right._bits, left._bits));
        }

        public static BigInteger operator -(BigInteger left, BigInteger right) => left + -right;
        public static BigInteger operator -(BigInteger value) => new BigInteger(-value._sign, value._bits);
        public static BigInteger operator +(BigInteger value) => value;
        public static BigInteger operator ++(BigInteger value) => value + One;
        public static BigInteger operator --(BigInteger value) => value - One;

        public static BigInteger operator *(BigInteger left, BigInteger right) =>
            new BigInteger(left._sign * right._sign, BigMagnitude.Multiply(left._bits, right._bits));

        public static BigInteger operator /(BigInteger dividend, BigInteger divisor) => DivRem(dividend, divisor, out _);

        public static BigInteger operator %(BigInteger dividend, BigInteger divisor)
        {
            DivRem(dividend, divisor, out BigInteger remainder);
            return remainder;
        }

        /// <summary>Truncating division; the remainder has the dividend's sign.</summary>
        public static BigInteger DivRem(BigInteger dividend, BigInteger divisor, out BigInteger remainder)
        {
            if (divisor._sign == 0) throw new DivideByZeroException();
            uint[] quotient = BigMagnitude.Divide(dividend._bits, divisor._bits, out uint[] rest);
            remainder = new BigInteger(dividend._sign, rest);
            return new BigInteger(dividend._sign * divisor._sign, quotient);
        }

        public static (BigInteger Quotient, BigInteger Remainder) DivRem(BigInteger left, BigInteger right)
        {
            BigInteger quotient = DivRem(left, right, out BigInteger remainder);
            return (quotient, remainder);
        }

        public static BigInteger Add(BigInteger left, BigInteger right) => left + right;
        public static BigInteger Subtract(BigInteger left, BigInteger right) => left - right;
        public static BigInteger Multiply(BigInteger left, BigInteger right) => left * right;
        public static BigInteger Divide(BigInteger dividend, BigInteger divisor) => dividend / divisor;
        public static BigInteger Remainder(BigInteger dividend, BigInteger divisor) => dividend % divisor;
        public static BigInteger Negate(BigInteger value) => -value;
        public static BigInteger Abs(BigInteger value) => value._sign < 0 ? -value : value;

        public static BigInteger Pow(BigInteger value, int exponent)
        {
            ArgumentOutOfRangeException.ThrowIfNegative(exponent);
            BigInteger result = One, square = value;
            while (exponent != 0)
            {
                if ((exponent & 1) != 0) result *= square;
                exponent >>= 1;
                if (exponent != 0) square *= square;
            }
            return result;
        }

        /// <summary>value^exponent % modulus, the remainder taking value's sign as % does.</summary>
        public static BigInteger ModPow(BigInteger value, BigInteger exponent, BigInteger modulus)
        {
            if (exponent._sign < 0)
                throw new ArgumentOutOfRangeException(nameof(exponent), exponent,
                    "exponent ('" + exponent.ToString() + "') must be a non-negative value.");
            if (modulus._sign == 0) throw new DivideByZeroException();
            BigInteger result = One % modulus, square = value % modulus;
            long bits = BigMagnitude.BitLength(exponent._bits);
            for (long i = 0; i < bits; i++)
            {
                if ((exponent._bits[i / 32] & (1u << (int)(i % 32))) != 0) result = result * square % modulus;
                if (i + 1 < bits) square = square * square % modulus;
            }
            return result;
        }

        public static BigInteger GreatestCommonDivisor(BigInteger left, BigInteger right)
        {
            uint[] a = left._bits, b = right._bits;
            while (BigMagnitude.Length(b) != 0)
            {
                BigMagnitude.Divide(a, b, out uint[] rest);
                a = b;
                b = rest;
            }
            return new BigInteger(1, a);
        }

        public static double Log(BigInteger value) => Log(value, Math.E);
        public static double Log10(BigInteger value) => Log(value, 10);

        public static double Log(BigInteger value, double baseValue)
        {
            if (value._sign < 0 || baseValue == 1.0) return double.NaN;
            if (baseValue == double.PositiveInfinity) return value.IsOne ? 0.0 : double.NaN;
            if (baseValue == 0.0 && !value.IsOne) return double.NaN;
            if (value.IsSmall) return Math.Log(value._sign == 0 ? 0.0 : value._bits[0], baseValue);
            // As .NET: the top 64 bits, left-aligned, carry the precision; the rest is a power of two.
            long bitLength = BigMagnitude.BitLength(value._bits);
            ulong top = TopBits(value._bits, bitLength);
            return Math.Log(top, baseValue) + (bitLength - 64) / Math.Log(baseValue, 2);
        }

        /// <summary>The 64 most significant bits of a magnitude, the highest set bit at bit 63.</summary>
        private static ulong TopBits(uint[] magnitude, long bitLength)
        {
            uint[] shifted = bitLength >= 64 ? BigMagnitude.ShiftRightBits(magnitude, bitLength - 64) : BigMagnitude.ShiftLeftBits(magnitude, 64 - bitLength);
            return shifted[0] | (ulong)shifted[1] << 32;
        }

        public long GetBitLength()
        {
            if (_sign >= 0) return BigMagnitude.BitLength(_bits);
            // Negative: the bits of the shortest two's complement form, without its sign bit.
            return BigMagnitude.BitLength(BigMagnitude.Subtract(_bits, new uint[] { 1 }));
        }

        // ---- conversions ----

        public static implicit operator BigInteger(int value) => new BigInteger(value);
        public static implicit operator BigInteger(uint value) => new BigInteger(value);
        public static implicit operator BigInteger(long value) => new BigInteger(value);
        public static implicit operator BigInteger(ulong value) => new BigInteger(value);
        public static implicit operator BigInteger(byte value) => new BigInteger(value);
        public static implicit operator BigInteger(sbyte value) => new BigInteger(value);
        public static implicit operator BigInteger(short value) => new BigInteger(value);
        public static implicit operator BigInteger(ushort value) => new BigInteger(value);
        public static implicit operator BigInteger(char value) => new BigInteger(value);
        public static explicit operator BigInteger(double value) => new BigInteger(value);
        public static explicit operator BigInteger(float value) => new BigInteger(value);
        public static explicit operator BigInteger(decimal value) => new BigInteger(value);

        /// <summary>The magnitude as 64 bits, or false when it needs more.</summary>
        private bool TryGetUInt64Magnitude(out ulong magnitude)
        {
            magnitude = 0;
            if (_sign == 0) return true;
            if (_bits.Length > 2) return false;
            magnitude = _bits[0] | (_bits.Length == 2 ? (ulong)_bits[1] << 32 : 0);
            return true;
        }

        // .NET keeps values in (int.MinValue, int.MaxValue] without an array and converts those with a checked
        // cast, whose message is the generic one; larger values name the target type.
        private bool IsSmall => _sign == 0 || (_bits.Length == 1 && _bits[0] <= int.MaxValue);

        public static explicit operator int(BigInteger value)
        {
            if (value.TryGetUInt64Magnitude(out ulong m) && (value._sign >= 0 ? m <= int.MaxValue : m <= 0x80000000UL))
                return value._sign < 0 ? (int)(0 - (long)m) : (int)m;
            throw new OverflowException("Value was either too large or too small for an Int32.");
        }

        public static explicit operator long(BigInteger value)
        {
            if (value.TryGetUInt64Magnitude(out ulong m) && (value._sign >= 0 ? m <= long.MaxValue : m <= 0x8000000000000000UL))
                return value._sign < 0 ? (long)(0 - m) : (long)m;
            throw new OverflowException("Value was either too large or too small for an Int64.");
        }

        public static explicit operator uint(BigInteger value)
        {
            if (value._sign >= 0 && value.TryGetUInt64Magnitude(out ulong m) && m <= uint.MaxValue) return (uint)m;
            throw value.IsSmall ? new OverflowException() : new OverflowException("Value was either too large or too small for a UInt32.");
        }

        public static explicit operator ulong(BigInteger value)
        {
            if (value._sign >= 0 && value.TryGetUInt64Magnitude(out ulong m)) return m;
            throw value.IsSmall ? new OverflowException() : new OverflowException("Value was either too large or too small for a UInt64.");
        }

        public static explicit operator short(BigInteger value) => checked((short)(int)value);
        public static explicit operator ushort(BigInteger value) => checked((ushort)(int)value);
        public static explicit operator byte(BigInteger value) => checked((byte)(int)value);
        public static explicit operator sbyte(BigInteger value) => checked((sbyte)(int)value);
        public static explicit operator char(BigInteger value) => checked((char)(int)value);
        public static explicit operator float(BigInteger value) => (float)(double)value;

        /// <summary>Truncated to 53 significant bits, as .NET's conversion does (it does not round); infinity past
        /// double's range.</summary>
        public static explicit operator double(BigInteger value)
        {
            if (value._sign == 0) return 0.0;
            long bitLength = BigMagnitude.BitLength(value._bits);
            double magnitude = bitLength > 1100 ? double.PositiveInfinity
                : Math.ScaleB(TopBits(value._bits, bitLength) >> 11, (int)(bitLength - 53));
            return value._sign < 0 ? -magnitude : magnitude;
        }

        public static explicit operator decimal(BigInteger value)
        {
            if (value._sign == 0) return 0m;
            if (value._bits.Length > 3) throw new OverflowException("Value was either too large or too small for a Decimal.");
            uint lo = value._bits[0], mid = value._bits.Length > 1 ? value._bits[1] : 0, hi = value._bits.Length > 2 ? value._bits[2] : 0;
            return new decimal((int)lo, (int)mid, (int)hi, value._sign < 0, 0);
        }

        // ---- two's complement bit operations ----

        /// <summary>The value in two's complement over exactly <paramref name="limbs"/> limbs (enough to hold it).</summary>
        private uint[] ToTwosComplement(int limbs)
        {
            var result = new uint[limbs];
            if (_bits != null) Array.Copy(_bits, result, _bits.Length);
            if (_sign < 0)
            {
                ulong carry = 1;
                for (int i = 0; i < limbs; i++)
                {
                    ulong sum = (ulong)~result[i] + carry;
                    result[i] = (uint)sum;
                    carry = sum >> 32;
                }
            }
            return result;
        }

        private static BigInteger FromTwosComplement(uint[] limbs)
        {
            if (limbs.Length == 0 || (limbs[limbs.Length - 1] & 0x80000000) == 0) return new BigInteger(1, limbs);
            var magnitude = new uint[limbs.Length];
            ulong carry = 1;
            for (int i = 0; i < limbs.Length; i++)
            {
                ulong sum = (ulong)~limbs[i] + carry;
                magnitude[i] = (uint)sum;
                carry = sum >> 32;
            }
            return new BigInteger(-1, magnitude);
        }

        private static BigInteger Bitwise(BigInteger left, BigInteger right, int operation)
        {
            int limbs = Math.Max(left._bits?.Length ?? 0, right._bits?.Length ?? 0) + 1;
            uint[] a = left.ToTwosComplement(limbs), b = right.ToTwosComplement(limbs);
            for (int i = 0; i < limbs; i++)
                a[i] = operation == 0 ? a[i] & b[i] : operation == 1 ? a[i] | b[i] : a[i] ^ b[i];
            return FromTwosComplement(a);
        }

        public static BigInteger operator &(BigInteger left, BigInteger right) => Bitwise(left, right, 0);
        public static BigInteger operator |(BigInteger left, BigInteger right) => Bitwise(left, right, 1);
        public static BigInteger operator ^(BigInteger left, BigInteger right) => Bitwise(left, right, 2);
        public static BigInteger operator ~(BigInteger value) => -(value + One);

        public static BigInteger operator <<(BigInteger value, int shift)
        {
            if (shift < 0) return value >> -shift;
            return new BigInteger(value._sign, BigMagnitude.ShiftLeftBits(value._bits, shift));
        }

        /// <summary>Arithmetic shift: negative values round toward negative infinity (-5 >> 1 is -3).</summary>
        public static BigInteger operator >>(BigInteger value, int shift)
        {
            if (shift < 0) return value << -shift;
            if (value._sign >= 0) return new BigInteger(1, BigMagnitude.ShiftRightBits(value._bits, shift));
            BigInteger shifted = new BigInteger(-1, BigMagnitude.ShiftRightBits(value._bits, shift));
            return BigMagnitude.AnyBitBelow(value._bits, shift) ? shifted - One : shifted;
        }

        /// <summary>Little-endian two's complement bytes, the fewest that hold the value and its sign.</summary>
        public byte[] ToByteArray() => ToByteArray(false, false);

        public byte[] ToByteArray(bool isUnsigned = false, bool isBigEndian = false)
        {
            if (isUnsigned && _sign < 0) throw new OverflowException("Negative values do not have an unsigned representation.");
            int limbs = (_bits?.Length ?? 0) + 1;
            uint[] twos = ToTwosComplement(limbs);
            var bytes = new byte[limbs * 4];
            for (int i = 0; i < bytes.Length; i++) bytes[i] = (byte)(twos[i / 4] >> (8 * (i % 4)));
            byte fill = _sign < 0 ? (byte)0xFF : (byte)0;
            int count = bytes.Length;
            while (count > 1 && bytes[count - 1] == fill && (isUnsigned || (bytes[count - 2] & 0x80) == (fill & 0x80))) count--;
            if (isUnsigned && count > 1 && bytes[count - 1] == 0) count--;
            var result = new byte[count];
            for (int i = 0; i < count; i++) result[i] = bytes[isBigEndian ? count - 1 - i : i];
            return result;
        }

        public int GetByteCount(bool isUnsigned = false) => ToByteArray(isUnsigned).Length;
    }
}

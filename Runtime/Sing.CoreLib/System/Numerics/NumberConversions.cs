namespace System.Numerics
{
    // INumberBase<T>.CreateChecked/CreateSaturating/CreateTruncating between the primitive integers, float, double and
    // decimal, as .NET: checked throws OverflowException out of range (and for NaN to an integer), saturating clamps
    // (NaN to 0), truncating keeps the low bits between integers and clamps from floating point and decimal. A
    // fraction is dropped toward zero. Other types throw NotSupportedException.
    internal static class NumberConversions
    {
        internal const int Checked = 0, Saturating = 1, Truncating = 2;

        private enum Kind { Signed, Unsigned, Floating, Decimal }

        internal static TSelf Create<TSelf, TOther>(TOther value, int mode)
        {
            object source = value;
            Kind kind;
            long signed = 0;
            ulong unsigned = 0;
            double floating = 0;
            decimal dec = 0;
            switch (source)
            {
                case sbyte v: kind = Kind.Signed; signed = v; break;
                case short v: kind = Kind.Signed; signed = v; break;
                case int v: kind = Kind.Signed; signed = v; break;
                case long v: kind = Kind.Signed; signed = v; break;
                case byte v: kind = Kind.Unsigned; unsigned = v; break;
                case ushort v: kind = Kind.Unsigned; unsigned = v; break;
                case char v: kind = Kind.Unsigned; unsigned = v; break;
                case uint v: kind = Kind.Unsigned; unsigned = v; break;
                case ulong v: kind = Kind.Unsigned; unsigned = v; break;
                case float v: kind = Kind.Floating; floating = v; break;
                case double v: kind = Kind.Floating; floating = v; break;
                case decimal v: kind = Kind.Decimal; dec = v; break;
                default: throw new NotSupportedException();
            }

            Type target = typeof(TSelf);
            if (target == typeof(double))
            {
                double d = kind == Kind.Signed ? signed : kind == Kind.Unsigned ? unsigned : kind == Kind.Floating ? floating : (double)dec;
                return (TSelf)(object)d;
            }
            if (target == typeof(float))
            {
                float f = kind == Kind.Signed ? signed : kind == Kind.Unsigned ? unsigned : kind == Kind.Floating ? (float)floating : (float)dec;
                return (TSelf)(object)f;
            }
            if (target == typeof(decimal)) return (TSelf)(object)ToDecimal(kind, signed, unsigned, floating, dec, mode);

            if (target == typeof(sbyte)) return (TSelf)(object)(sbyte)ToInteger(kind, signed, unsigned, floating, dec, mode, "a signed byte", sbyte.MinValue, (ulong)sbyte.MaxValue);
            if (target == typeof(short)) return (TSelf)(object)(short)ToInteger(kind, signed, unsigned, floating, dec, mode, "an Int16", short.MinValue, (ulong)short.MaxValue);
            if (target == typeof(int)) return (TSelf)(object)(int)ToInteger(kind, signed, unsigned, floating, dec, mode, "an Int32", int.MinValue, int.MaxValue);
            if (target == typeof(long)) return (TSelf)(object)(long)ToInteger(kind, signed, unsigned, floating, dec, mode, "an Int64", long.MinValue, long.MaxValue);
            if (target == typeof(byte)) return (TSelf)(object)(byte)ToInteger(kind, signed, unsigned, floating, dec, mode, "an unsigned byte", 0, byte.MaxValue);
            if (target == typeof(ushort)) return (TSelf)(object)(ushort)ToInteger(kind, signed, unsigned, floating, dec, mode, "a UInt16", 0, ushort.MaxValue);
            if (target == typeof(char)) return (TSelf)(object)(char)ToInteger(kind, signed, unsigned, floating, dec, mode, "a character", 0, char.MaxValue);
            if (target == typeof(uint)) return (TSelf)(object)(uint)ToInteger(kind, signed, unsigned, floating, dec, mode, "a UInt32", 0, uint.MaxValue);
            if (target == typeof(ulong)) return (TSelf)(object)ToInteger(kind, signed, unsigned, floating, dec, mode, "a UInt64", 0, ulong.MaxValue);
            throw new NotSupportedException();
        }

        private static decimal ToDecimal(Kind kind, long signed, ulong unsigned, double floating, decimal dec, int mode)
        {
            switch (kind)
            {
                case Kind.Signed: return signed;
                case Kind.Unsigned: return unsigned;
                case Kind.Decimal: return dec;
            }
            if (mode == Checked) return (decimal)floating;
            if (double.IsNaN(floating)) return 0;
            if (floating >= (double)decimal.MaxValue) return decimal.MaxValue;
            if (floating <= (double)decimal.MinValue) return decimal.MinValue;
            return (decimal)floating;
        }

        /// <summary>The target's bit pattern (its low bits, two's complement) for a target ranging min..max (named as decimal's overflow message names it).</summary>
        private static ulong ToInteger(Kind kind, long signed, ulong unsigned, double floating, decimal dec, int mode, string name, long min, ulong max)
        {
            switch (kind)
            {
                case Kind.Signed:
                    if (signed < min) return Overflow(mode, Truncating, (ulong)signed, (ulong)min);
                    if (signed > 0 && (ulong)signed > max) return Overflow(mode, Truncating, (ulong)signed, max);
                    return (ulong)signed;
                case Kind.Unsigned:
                    if (unsigned > max) return Overflow(mode, Truncating, unsigned, max);
                    return unsigned;
                case Kind.Floating:
                    if (double.IsNaN(floating)) return Overflow(mode, -1, 0, 0);
                    double truncated = Math.Truncate(floating);
                    if (truncated < (double)min) return Overflow(mode, -1, 0, (ulong)min);
                    if (truncated >= (double)max + 1.0) return Overflow(mode, -1, 0, max);
                    return truncated < 0 ? (ulong)(long)truncated : (ulong)truncated;
                default:
                    decimal whole = decimal.Truncate(dec);
                    // From decimal, checked fails as decimal's own conversion does, naming the target.
                    if (mode == Checked && (whole < min || whole > max)) throw new OverflowException("Value was either too large or too small for " + name + ".");
                    if (whole < min) return Overflow(mode, -1, 0, (ulong)min);
                    if (whole > max) return Overflow(mode, -1, 0, max);
                    return whole < 0 ? (ulong)(long)whole : (ulong)whole;
            }
        }

        private static ulong Overflow(int mode, int keepsBits, ulong bits, ulong saturated)
        {
            if (mode == Checked) throw new OverflowException();
            return mode == keepsBits ? bits : saturated;
        }
    }
}

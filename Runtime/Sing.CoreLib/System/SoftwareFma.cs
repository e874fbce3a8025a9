using System.Numerics;

namespace System
{
    /// <summary>Fused multiply-add computed exactly in integer arithmetic, for CPUs without the FMA instructions (the
    /// baseline x86-64 every image targets): x * y + z rounded once, to nearest even, as IEEE 754 requires, subnormal
    /// results and overflow included. The product's 106-bit significand and z's are aligned in 128 bits, with the bits
    /// shifted out of the smaller one kept as a sticky bit far below the rounding position, added or subtracted, and
    /// rounded to the target's precision. Plain C# with no corelib-only dependency: the host tests compare it with
    /// the hardware's FMA (Tests/Sing.CoreLib.Tests).</summary>
    internal static class SoftwareFma
    {
        public static double FusedMultiplyAdd(double x, double y, double z)
        {
            if (!double.IsFinite(x) || !double.IsFinite(y)) return x * y + z;   // inf * 0, NaN, inf + finite: as IEEE
            if (!double.IsFinite(z)) return z;                                   // infinite or NaN z, finite product
            if (x == 0 || y == 0) return x * y + z;                              // an exact zero product: the sum's sign rules
            ulong bits = Compose(Add(Product(x, y), Decompose(z)), precision: 53, minExponent: -1074, maxBiased: 2047);
            return BitConverter.Int64BitsToDouble((long)bits);
        }

        public static float FusedMultiplyAdd(float x, float y, float z)
        {
            if (!float.IsFinite(x) || !float.IsFinite(y)) return x * y + z;
            if (!float.IsFinite(z)) return z;
            if (x == 0 || y == 0) return x * y + z;
            // float significands are exact in double, so the decomposition of the widened values is exact.
            ulong bits = Compose(Add(Product(x, y), Decompose(z)), precision: 24, minExponent: -149, maxBiased: 255);
            return BitConverter.Int32BitsToSingle((int)bits);
        }

        // A value sign * (High:Low) * 2^Exponent, High:Low a 128-bit magnitude.
        private struct Wide
        {
            public bool Negative;
            public ulong High, Low;
            public int Exponent;
        }

        private static Wide Decompose(double d)
        {
            ulong bits = (ulong)BitConverter.DoubleToInt64Bits(d);
            int biased = (int)(bits >> 52) & 0x7FF;
            ulong fraction = bits & ((1UL << 52) - 1);
            return new Wide
            {
                Negative = (long)bits < 0,
                Low = biased == 0 ? fraction : fraction | 1UL << 52,
                Exponent = biased == 0 ? -1074 : biased - 1075,
            };
        }

        private static Wide Product(double x, double y)
        {
            Wide a = Decompose(x), b = Decompose(y);
            Multiply(a.Low, b.Low, out ulong high, out ulong low);
            return new Wide { Negative = a.Negative != b.Negative, High = high, Low = low, Exponent = a.Exponent + b.Exponent };
        }

        private static void Multiply(ulong a, ulong b, out ulong high, out ulong low)
        {
            ulong a0 = (uint)a, a1 = a >> 32, b0 = (uint)b, b1 = b >> 32;
            ulong p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
            ulong middle = (p00 >> 32) + (uint)p01 + (uint)p10;
            low = (middle << 32) | (uint)p00;
            high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
        }

        private const int TopBit = 125;   // both operands are normalized to this bit: their sum stays below 2^127

        /// <summary>The exact sum, except that bits shifted out of the smaller operand leave a sticky 1 at bit 0.</summary>
        private static Wide Add(Wide p, Wide q)
        {
            if ((q.High | q.Low) == 0) return p;
            Normalize(ref p);
            Normalize(ref q);
            if (p.Exponent < q.Exponent) (p, q) = (q, p);
            ShiftRightSticky(ref q, p.Exponent - q.Exponent);
            if (p.Negative == q.Negative)
            {
                ulong low = p.Low + q.Low;
                p.High += q.High + (low < p.Low ? 1UL : 0);
                p.Low = low;
                return p;
            }
            // Opposite signs: the larger magnitude minus the smaller, with the larger's sign.
            if (p.High < q.High || (p.High == q.High && p.Low < q.Low)) (p, q) = (q, p);
            ulong difference = p.Low - q.Low;
            p.High = p.High - q.High - (p.Low < q.Low ? 1UL : 0);
            p.Low = difference;
            return p;
        }

        private static int BitLength(ulong high, ulong low) =>
            high != 0 ? 128 - BitOperations.LeadingZeroCount(high) : low != 0 ? 64 - BitOperations.LeadingZeroCount(low) : 0;

        private static void Normalize(ref Wide w)
        {
            int shift = TopBit + 1 - BitLength(w.High, w.Low);
            if (shift <= 0) return;
            if (shift >= 64)
            {
                w.High = w.Low << (shift - 64);
                w.Low = 0;
            }
            else
            {
                w.High = (w.High << shift) | (w.Low >> (64 - shift));
                w.Low <<= shift;
            }
            w.Exponent -= shift;
        }

        private static void ShiftRightSticky(ref Wide w, int shift)
        {
            if (shift == 0) return;
            bool sticky;
            if (shift >= 128)
            {
                sticky = (w.High | w.Low) != 0;
                w.High = w.Low = 0;
            }
            else if (shift >= 64)
            {
                sticky = w.Low != 0 || (shift > 64 && (w.High << (128 - shift)) != 0);
                w.Low = shift == 64 ? w.High : w.High >> (shift - 64);
                w.High = 0;
            }
            else
            {
                sticky = (w.Low << (64 - shift)) != 0;
                w.Low = (w.Low >> shift) | (w.High << (64 - shift));
                w.High >>= shift;
            }
            w.Exponent += shift;
            if (sticky) w.Low |= 1;
        }

        /// <summary>Rounds to nearest even at <paramref name="precision"/> bits (fewer for a subnormal result, whose
        /// last bit weighs 2^<paramref name="minExponent"/>) and packs sign, biased exponent and fraction.</summary>
        private static ulong Compose(Wide w, int precision, int minExponent, int maxBiased)
        {
            ulong sign = w.Negative ? 1UL << (precision == 53 ? 63 : 31) : 0;
            int length = BitLength(w.High, w.Low);
            if (length == 0) return 0;   // an exact zero sum of nonzero terms is +0 when rounding to nearest
            // Keep at most `precision` bits, the last of weight 2^minExponent or more.
            int shift = Math.Max(length - precision, minExponent - w.Exponent);
            ulong significand;
            if (shift <= 0) significand = w.Low << -shift;   // exact: at most `precision` bits, all in Low
            else
            {
                // The dropped bits: the half bit, and whether any below it is set (the sum's sticky bit is odd, so a
                // value the alignment made inexact never sits exactly on a tie).
                bool half = shift <= 128 && BitAt(w, shift - 1) != 0;
                bool below = shift >= 2 && AnyBelow(w, Math.Min(shift - 1, 128));
                significand = Drop(w, shift);
                if (half && (below || (significand & 1) != 0)) significand++;
            }
            int exponent = w.Exponent + shift;   // the weight of the significand's last bit
            if (significand == 1UL << precision)
            {
                significand >>= 1;
                exponent++;
            }
            int fractionBits = precision - 1;
            if (significand < 1UL << fractionBits) return sign | significand;   // subnormal (exponent is minExponent)
            long biased = (long)exponent - minExponent + 1;
            if (biased >= maxBiased) return sign | ((ulong)maxBiased << fractionBits);   // overflow: infinity
            return sign | ((ulong)biased << fractionBits) | (significand & ((1UL << fractionBits) - 1));
        }

        private static ulong BitAt(Wide w, int bit) => bit >= 64 ? (w.High >> (bit - 64)) & 1 : (w.Low >> bit) & 1;

        private static bool AnyBelow(Wide w, int bit) =>
            bit >= 128 ? (w.High | w.Low) != 0
            : bit >= 64 ? w.Low != 0 || (w.High & ((1UL << (bit - 64)) - 1)) != 0
            : (w.Low & ((1UL << bit) - 1)) != 0;

        private static ulong Drop(Wide w, int shift) =>
            shift >= 128 ? 0 : shift >= 64 ? w.High >> (shift - 64) : (w.Low >> shift) | (shift == 0 ? 0 : w.High << (64 - shift));
    }
}

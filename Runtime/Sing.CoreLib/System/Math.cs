namespace System
{
    /// <summary>Integer and floating-point basics. Abs of the most negative signed value throws, as in .NET.</summary>
    public static class Math
    {
        public static int Min(int a, int b) => a <= b ? a : b;
        public static long Min(long a, long b) => a <= b ? a : b;
        public static uint Min(uint a, uint b) => a <= b ? a : b;
        public static ulong Min(ulong a, ulong b) => a <= b ? a : b;
        public static double Min(double a, double b) => a <= b ? a : b;

        public static int Max(int a, int b) => a >= b ? a : b;
        public static long Max(long a, long b) => a >= b ? a : b;
        public static uint Max(uint a, uint b) => a >= b ? a : b;
        public static ulong Max(ulong a, ulong b) => a >= b ? a : b;
        public static double Max(double a, double b) => a >= b ? a : b;

        public static int Abs(int value)
        {
            if (value == int.MinValue) throw new OverflowException();
            return value < 0 ? -value : value;
        }

        public static long Abs(long value)
        {
            if (value == long.MinValue) throw new OverflowException();
            return value < 0 ? -value : value;
        }

        public static double Abs(double value) => value < 0 ? -value : value;

        public static int Clamp(int value, int min, int max)
        {
            if (min > max) throw new ArgumentException("min must not exceed max.");
            return value < min ? min : value > max ? max : value;
        }

        public static long Clamp(long value, long min, long max)
        {
            if (min > max) throw new ArgumentException("min must not exceed max.");
            return value < min ? min : value > max ? max : value;
        }

        public static ulong Clamp(ulong value, ulong min, ulong max)
        {
            if (min > max) throw new ArgumentException("min must not exceed max.");
            return value < min ? min : value > max ? max : value;
        }

        public static int Sign(int value) => value > 0 ? 1 : value < 0 ? -1 : 0;

        public static int Sign(long value) => value > 0 ? 1 : value < 0 ? -1 : 0;

        public static int DivRem(int a, int b, out int remainder)
        {
            int quotient = a / b;
            remainder = a - quotient * b;
            return quotient;
        }

        public static long DivRem(long a, long b, out long remainder)
        {
            long quotient = a / b;
            remainder = a - quotient * b;
            return quotient;
        }

        // Checked floating-point to integer conversions; the compiler calls these by name for `checked((int)d)`.
        // The range tests are written so that NaN fails them.
        private static int ConvertToInt32Checked(double value)
        {
            if (!(value > -2147483649.0 && value < 2147483648.0)) throw new OverflowException();
            return (int)value;
        }

        private static uint ConvertToUInt32Checked(double value)
        {
            if (!(value > -1.0 && value < 4294967296.0)) throw new OverflowException();
            return (uint)(long)value;
        }

        private static long ConvertToInt64Checked(double value)
        {
            if (!(value >= -9223372036854775808.0 && value < 9223372036854775808.0)) throw new OverflowException();
            return (long)value;
        }

        private static ulong ConvertToUInt64Checked(double value)
        {
            if (!(value > -1.0 && value < 18446744073709551616.0)) throw new OverflowException();
            return Double.ConvertToUInt64(value);
        }
    }
}

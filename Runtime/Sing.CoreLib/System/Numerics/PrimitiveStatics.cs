namespace System
{
    // The static members .NET 7 gave the primitive types through generic math (int.Max, double.Clamp, long.IsPow2 ...),
    // which ordinary code calls directly. Each is the Math or BitOperations function of the same name.
    public partial struct Int32
    {
        public static int Abs(int value) => Math.Abs(value);
        public static int Clamp(int value, int min, int max) => Math.Clamp(value, min, max);
        public static int Max(int x, int y) => Math.Max(x, y);
        public static int Min(int x, int y) => Math.Min(x, y);
        public static int MaxMagnitude(int x, int y) { int ax = Math.Abs(x), ay = Math.Abs(y); return ax > ay || (ax == ay && x > y) ? x : y; }
        public static int MinMagnitude(int x, int y) { int ax = Math.Abs(x), ay = Math.Abs(y); return ax < ay || (ax == ay && x < y) ? x : y; }
        public static int Sign(int value) => Math.Sign(value);
        public static int CopySign(int value, int sign) => sign < 0 ? -Math.Abs(value) : Math.Abs(value);
        public static bool IsPow2(int value) => value > 0 && (value & (value - 1)) == 0;
        public static bool IsEvenInteger(int value) => (value & 1) == 0;
        public static bool IsOddInteger(int value) => (value & 1) != 0;
        public static bool IsNegative(int value) => value < 0;
        public static bool IsPositive(int value) => value >= 0;

        /// <summary>The floor of the base-2 logarithm (0 for 0); a negative value is an ArgumentOutOfRangeException.</summary>
        public static int Log2(int value) =>
            value < 0 ? throw new ArgumentOutOfRangeException(nameof(value), "value ('" + value.ToString() + "') must be a non-negative value.") : System.Numerics.BitOperations.Log2((uint)value);

        public static int PopCount(int value) => System.Numerics.BitOperations.PopCount((uint)value);
        public static int LeadingZeroCount(int value) => System.Numerics.BitOperations.LeadingZeroCount((uint)value);
        public static int TrailingZeroCount(int value) => value == 0 ? 32 : System.Numerics.BitOperations.TrailingZeroCount((uint)value);
        public static int RotateLeft(int value, int rotateAmount) => (int)(((uint)value << (rotateAmount & 31)) | ((uint)value >> ((32 - rotateAmount) & 31)));
        public static int RotateRight(int value, int rotateAmount) => (int)(((uint)value >> (rotateAmount & 31)) | ((uint)value << ((32 - rotateAmount) & 31)));
        public static (int Quotient, int Remainder) DivRem(int left, int right) { int q = left / right; return (q, left - q * right); }
    }
    public partial struct Int64
    {
        public static long Abs(long value) => Math.Abs(value);
        public static long Clamp(long value, long min, long max) => Math.Clamp(value, min, max);
        public static long Max(long x, long y) => Math.Max(x, y);
        public static long Min(long x, long y) => Math.Min(x, y);
        public static long MaxMagnitude(long x, long y) { long ax = Math.Abs(x), ay = Math.Abs(y); return ax > ay || (ax == ay && x > y) ? x : y; }
        public static long MinMagnitude(long x, long y) { long ax = Math.Abs(x), ay = Math.Abs(y); return ax < ay || (ax == ay && x < y) ? x : y; }
        public static int Sign(long value) => Math.Sign(value);
        public static long CopySign(long value, long sign) => sign < 0 ? -Math.Abs(value) : Math.Abs(value);
        public static bool IsPow2(long value) => value > 0 && (value & (value - 1)) == 0;
        public static bool IsEvenInteger(long value) => (value & 1) == 0;
        public static bool IsOddInteger(long value) => (value & 1) != 0;
        public static bool IsNegative(long value) => value < 0;
        public static bool IsPositive(long value) => value >= 0;

        /// <summary>The floor of the base-2 logarithm (0 for 0); a negative value is an ArgumentOutOfRangeException.</summary>
        public static long Log2(long value) =>
            value < 0 ? throw new ArgumentOutOfRangeException(nameof(value), "value ('" + value.ToString() + "') must be a non-negative value.") : System.Numerics.BitOperations.Log2((ulong)value);

        public static long PopCount(long value) => System.Numerics.BitOperations.PopCount((ulong)value);
        public static long LeadingZeroCount(long value) => System.Numerics.BitOperations.LeadingZeroCount((ulong)value);
        public static long TrailingZeroCount(long value) => value == 0 ? 64 : System.Numerics.BitOperations.TrailingZeroCount((ulong)value);
        public static long RotateLeft(long value, int rotateAmount) => (long)(((ulong)value << (rotateAmount & 63)) | ((ulong)value >> ((64 - rotateAmount) & 63)));
        public static long RotateRight(long value, int rotateAmount) => (long)(((ulong)value >> (rotateAmount & 63)) | ((ulong)value << ((64 - rotateAmount) & 63)));
        public static (long Quotient, long Remainder) DivRem(long left, long right) { long q = left / right; return (q, left - q * right); }
    }
    public partial struct Double
    {
        public static double Abs(double value) => Math.Abs(value);
        public static double Clamp(double value, double min, double max) => Math.Clamp(value, min, max);
        public static double Max(double x, double y) => Math.Max(x, y);
        public static double Min(double x, double y) => Math.Min(x, y);
        public static int Sign(double value) => Math.Sign(value);
        public static double CopySign(double value, double sign) => Math.CopySign(value, sign);
        public static bool IsInteger(double value) => IsFinite(value) && value == Math.Truncate(value);
        public static bool IsEvenInteger(double value) => IsInteger(value) && Math.Abs(value % 2) == 0;
        public static bool IsOddInteger(double value) => IsInteger(value) && Math.Abs(value % 2) == 1;
        public static bool IsPositive(double value) => !IsNegative(value);
        public static double Round(double x) => Math.Round(x);
        public static double Round(double x, int digits) => Math.Round(x, digits);
        public static double Round(double x, MidpointRounding mode) => Math.Round(x, mode);
        public static double Round(double x, int digits, MidpointRounding mode) => Math.Round(x, digits, mode);
        public static double Floor(double x) => Math.Floor(x);
        public static double Ceiling(double x) => Math.Ceiling(x);
        public static double Truncate(double x) => Math.Truncate(x);
        public static double Sqrt(double x) => Math.Sqrt(x);
        public static double Cbrt(double x) => Math.Cbrt(x);
        public static double Pow(double x, double y) => Math.Pow(x, y);
        public static double Exp(double x) => Math.Exp(x);
        public static double Log(double x) => Math.Log(x);
        public static double Log2(double x) => Math.Log2(x);
        public static double Log10(double x) => Math.Log10(x);
        public static double Sin(double x) => Math.Sin(x);
        public static double Cos(double x) => Math.Cos(x);
        public static double Tan(double x) => Math.Tan(x);
        public static double Atan2(double y, double x) => Math.Atan2(y, x);
        public static double Lerp(double value1, double value2, double amount) => (value1 * (1 - amount)) + (value2 * amount);
    }
    public partial struct Single
    {
        public static float Abs(float value) => Math.Abs(value);
        public static float Clamp(float value, float min, float max) => Math.Clamp(value, min, max);
        public static float Max(float x, float y) => Math.Max(x, y);
        public static float Min(float x, float y) => Math.Min(x, y);
        public static int Sign(float value) => Math.Sign(value);
        public static float CopySign(float value, float sign) => MathF.CopySign(value, sign);
        public static bool IsInteger(float value) => IsFinite(value) && value == MathF.Truncate(value);
        public static bool IsEvenInteger(float value) => IsInteger(value) && MathF.Abs(value % 2) == 0;
        public static bool IsOddInteger(float value) => IsInteger(value) && MathF.Abs(value % 2) == 1;
        public static bool IsPositive(float value) => !IsNegative(value);
        public static float Round(float x) => MathF.Round(x);
        public static float Round(float x, int digits) => MathF.Round(x, digits);
        public static float Round(float x, MidpointRounding mode) => MathF.Round(x, mode);
        public static float Round(float x, int digits, MidpointRounding mode) => MathF.Round(x, digits, mode);
        public static float Floor(float x) => MathF.Floor(x);
        public static float Ceiling(float x) => MathF.Ceiling(x);
        public static float Truncate(float x) => MathF.Truncate(x);
        public static float Sqrt(float x) => MathF.Sqrt(x);
        public static float Cbrt(float x) => MathF.Cbrt(x);
        public static float Pow(float x, float y) => MathF.Pow(x, y);
        public static float Exp(float x) => MathF.Exp(x);
        public static float Log(float x) => MathF.Log(x);
        public static float Log2(float x) => MathF.Log2(x);
        public static float Log10(float x) => MathF.Log10(x);
        public static float Sin(float x) => MathF.Sin(x);
        public static float Cos(float x) => MathF.Cos(x);
        public static float Tan(float x) => MathF.Tan(x);
        public static float Atan2(float y, float x) => MathF.Atan2(y, x);
        public static float Lerp(float value1, float value2, float amount) => (value1 * (1 - amount)) + (value2 * amount);
    }
}

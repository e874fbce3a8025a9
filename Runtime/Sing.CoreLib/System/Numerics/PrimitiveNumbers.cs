namespace System
{
    // The primitives as generic-math numbers (System/Numerics/NumberInterfaces.cs); decimal's is in Decimal.cs.

    public partial struct Int32 : System.Numerics.INumber<int>
    {
        static int System.Numerics.INumberBase<int>.Zero => 0;
        static int System.Numerics.INumberBase<int>.One => 1;
        static int System.Numerics.IAdditiveIdentity<int, int>.AdditiveIdentity => 0;
        static int System.Numerics.IMultiplicativeIdentity<int, int>.MultiplicativeIdentity => 1;
        static int System.Numerics.IAdditionOperators<int, int, int>.operator +(int left, int right) => (int)(left + right);
        static int System.Numerics.ISubtractionOperators<int, int, int>.operator -(int left, int right) => (int)(left - right);
        static int System.Numerics.IMultiplyOperators<int, int, int>.operator *(int left, int right) => (int)(left * right);
        static int System.Numerics.IDivisionOperators<int, int, int>.operator /(int left, int right) => (int)(left / right);
        static int System.Numerics.IModulusOperators<int, int, int>.operator %(int left, int right) => (int)(left % right);
        static int System.Numerics.IUnaryNegationOperators<int, int>.operator -(int value) => (int)(-value);
        static int System.Numerics.IUnaryPlusOperators<int, int>.operator +(int value) => value;
        static int System.Numerics.IIncrementOperators<int>.operator ++(int value) => (int)(value + 1);
        static int System.Numerics.IDecrementOperators<int>.operator --(int value) => (int)(value - 1);
        static bool System.Numerics.IEqualityOperators<int, int, bool>.operator ==(int left, int right) => left == right;
        static bool System.Numerics.IEqualityOperators<int, int, bool>.operator !=(int left, int right) => left != right;
        static bool System.Numerics.IComparisonOperators<int, int, bool>.operator <(int left, int right) => left < right;
        static bool System.Numerics.IComparisonOperators<int, int, bool>.operator <=(int left, int right) => left <= right;
        static bool System.Numerics.IComparisonOperators<int, int, bool>.operator >(int left, int right) => left > right;
        static bool System.Numerics.IComparisonOperators<int, int, bool>.operator >=(int left, int right) => left >= right;
    }

    public partial struct Int64 : System.Numerics.INumber<long>
    {
        static long System.Numerics.INumberBase<long>.Zero => 0;
        static long System.Numerics.INumberBase<long>.One => 1;
        static long System.Numerics.IAdditiveIdentity<long, long>.AdditiveIdentity => 0;
        static long System.Numerics.IMultiplicativeIdentity<long, long>.MultiplicativeIdentity => 1;
        static long System.Numerics.IAdditionOperators<long, long, long>.operator +(long left, long right) => (long)(left + right);
        static long System.Numerics.ISubtractionOperators<long, long, long>.operator -(long left, long right) => (long)(left - right);
        static long System.Numerics.IMultiplyOperators<long, long, long>.operator *(long left, long right) => (long)(left * right);
        static long System.Numerics.IDivisionOperators<long, long, long>.operator /(long left, long right) => (long)(left / right);
        static long System.Numerics.IModulusOperators<long, long, long>.operator %(long left, long right) => (long)(left % right);
        static long System.Numerics.IUnaryNegationOperators<long, long>.operator -(long value) => (long)(-value);
        static long System.Numerics.IUnaryPlusOperators<long, long>.operator +(long value) => value;
        static long System.Numerics.IIncrementOperators<long>.operator ++(long value) => (long)(value + 1);
        static long System.Numerics.IDecrementOperators<long>.operator --(long value) => (long)(value - 1);
        static bool System.Numerics.IEqualityOperators<long, long, bool>.operator ==(long left, long right) => left == right;
        static bool System.Numerics.IEqualityOperators<long, long, bool>.operator !=(long left, long right) => left != right;
        static bool System.Numerics.IComparisonOperators<long, long, bool>.operator <(long left, long right) => left < right;
        static bool System.Numerics.IComparisonOperators<long, long, bool>.operator <=(long left, long right) => left <= right;
        static bool System.Numerics.IComparisonOperators<long, long, bool>.operator >(long left, long right) => left > right;
        static bool System.Numerics.IComparisonOperators<long, long, bool>.operator >=(long left, long right) => left >= right;
    }

    public partial struct Double : System.Numerics.INumber<double>
    {
        static double System.Numerics.INumberBase<double>.Zero => 0;
        static double System.Numerics.INumberBase<double>.One => 1;
        static double System.Numerics.IAdditiveIdentity<double, double>.AdditiveIdentity => 0;
        static double System.Numerics.IMultiplicativeIdentity<double, double>.MultiplicativeIdentity => 1;
        static double System.Numerics.IAdditionOperators<double, double, double>.operator +(double left, double right) => (double)(left + right);
        static double System.Numerics.ISubtractionOperators<double, double, double>.operator -(double left, double right) => (double)(left - right);
        static double System.Numerics.IMultiplyOperators<double, double, double>.operator *(double left, double right) => (double)(left * right);
        static double System.Numerics.IDivisionOperators<double, double, double>.operator /(double left, double right) => (double)(left / right);
        static double System.Numerics.IModulusOperators<double, double, double>.operator %(double left, double right) => (double)(left % right);
        static double System.Numerics.IUnaryNegationOperators<double, double>.operator -(double value) => (double)(-value);
        static double System.Numerics.IUnaryPlusOperators<double, double>.operator +(double value) => value;
        static double System.Numerics.IIncrementOperators<double>.operator ++(double value) => (double)(value + 1);
        static double System.Numerics.IDecrementOperators<double>.operator --(double value) => (double)(value - 1);
        static bool System.Numerics.IEqualityOperators<double, double, bool>.operator ==(double left, double right) => left == right;
        static bool System.Numerics.IEqualityOperators<double, double, bool>.operator !=(double left, double right) => left != right;
        static bool System.Numerics.IComparisonOperators<double, double, bool>.operator <(double left, double right) => left < right;
        static bool System.Numerics.IComparisonOperators<double, double, bool>.operator <=(double left, double right) => left <= right;
        static bool System.Numerics.IComparisonOperators<double, double, bool>.operator >(double left, double right) => left > right;
        static bool System.Numerics.IComparisonOperators<double, double, bool>.operator >=(double left, double right) => left >= right;
    }

    public partial struct Single : System.Numerics.INumber<float>
    {
        static float System.Numerics.INumberBase<float>.Zero => 0;
        static float System.Numerics.INumberBase<float>.One => 1;
        static float System.Numerics.IAdditiveIdentity<float, float>.AdditiveIdentity => 0;
        static float System.Numerics.IMultiplicativeIdentity<float, float>.MultiplicativeIdentity => 1;
        static float System.Numerics.IAdditionOperators<float, float, float>.operator +(float left, float right) => (float)(left + right);
        static float System.Numerics.ISubtractionOperators<float, float, float>.operator -(float left, float right) => (float)(left - right);
        static float System.Numerics.IMultiplyOperators<float, float, float>.operator *(float left, float right) => (float)(left * right);
        static float System.Numerics.IDivisionOperators<float, float, float>.operator /(float left, float right) => (float)(left / right);
        static float System.Numerics.IModulusOperators<float, float, float>.operator %(float left, float right) => (float)(left % right);
        static float System.Numerics.IUnaryNegationOperators<float, float>.operator -(float value) => (float)(-value);
        static float System.Numerics.IUnaryPlusOperators<float, float>.operator +(float value) => value;
        static float System.Numerics.IIncrementOperators<float>.operator ++(float value) => (float)(value + 1);
        static float System.Numerics.IDecrementOperators<float>.operator --(float value) => (float)(value - 1);
        static bool System.Numerics.IEqualityOperators<float, float, bool>.operator ==(float left, float right) => left == right;
        static bool System.Numerics.IEqualityOperators<float, float, bool>.operator !=(float left, float right) => left != right;
        static bool System.Numerics.IComparisonOperators<float, float, bool>.operator <(float left, float right) => left < right;
        static bool System.Numerics.IComparisonOperators<float, float, bool>.operator <=(float left, float right) => left <= right;
        static bool System.Numerics.IComparisonOperators<float, float, bool>.operator >(float left, float right) => left > right;
        static bool System.Numerics.IComparisonOperators<float, float, bool>.operator >=(float left, float right) => left >= right;
    }

    public partial struct Int16 : System.Numerics.INumber<short>
    {
        static short System.Numerics.INumberBase<short>.Zero => 0;
        static short System.Numerics.INumberBase<short>.One => 1;
        static short System.Numerics.IAdditiveIdentity<short, short>.AdditiveIdentity => 0;
        static short System.Numerics.IMultiplicativeIdentity<short, short>.MultiplicativeIdentity => 1;
        static short System.Numerics.IAdditionOperators<short, short, short>.operator +(short left, short right) => (short)(left + right);
        static short System.Numerics.ISubtractionOperators<short, short, short>.operator -(short left, short right) => (short)(left - right);
        static short System.Numerics.IMultiplyOperators<short, short, short>.operator *(short left, short right) => (short)(left * right);
        static short System.Numerics.IDivisionOperators<short, short, short>.operator /(short left, short right) => (short)(left / right);
        static short System.Numerics.IModulusOperators<short, short, short>.operator %(short left, short right) => (short)(left % right);
        static short System.Numerics.IUnaryNegationOperators<short, short>.operator -(short value) => (short)(-value);
        static short System.Numerics.IUnaryPlusOperators<short, short>.operator +(short value) => value;
        static short System.Numerics.IIncrementOperators<short>.operator ++(short value) => (short)(value + 1);
        static short System.Numerics.IDecrementOperators<short>.operator --(short value) => (short)(value - 1);
        static bool System.Numerics.IEqualityOperators<short, short, bool>.operator ==(short left, short right) => left == right;
        static bool System.Numerics.IEqualityOperators<short, short, bool>.operator !=(short left, short right) => left != right;
        static bool System.Numerics.IComparisonOperators<short, short, bool>.operator <(short left, short right) => left < right;
        static bool System.Numerics.IComparisonOperators<short, short, bool>.operator <=(short left, short right) => left <= right;
        static bool System.Numerics.IComparisonOperators<short, short, bool>.operator >(short left, short right) => left > right;
        static bool System.Numerics.IComparisonOperators<short, short, bool>.operator >=(short left, short right) => left >= right;
    }

    public partial struct Byte : System.Numerics.INumber<byte>
    {
        static byte System.Numerics.INumberBase<byte>.Zero => 0;
        static byte System.Numerics.INumberBase<byte>.One => 1;
        static byte System.Numerics.IAdditiveIdentity<byte, byte>.AdditiveIdentity => 0;
        static byte System.Numerics.IMultiplicativeIdentity<byte, byte>.MultiplicativeIdentity => 1;
        static byte System.Numerics.IAdditionOperators<byte, byte, byte>.operator +(byte left, byte right) => (byte)(left + right);
        static byte System.Numerics.ISubtractionOperators<byte, byte, byte>.operator -(byte left, byte right) => (byte)(left - right);
        static byte System.Numerics.IMultiplyOperators<byte, byte, byte>.operator *(byte left, byte right) => (byte)(left * right);
        static byte System.Numerics.IDivisionOperators<byte, byte, byte>.operator /(byte left, byte right) => (byte)(left / right);
        static byte System.Numerics.IModulusOperators<byte, byte, byte>.operator %(byte left, byte right) => (byte)(left % right);
        static byte System.Numerics.IUnaryNegationOperators<byte, byte>.operator -(byte value) => unchecked((byte)(0 - value));
        static byte System.Numerics.IUnaryPlusOperators<byte, byte>.operator +(byte value) => value;
        static byte System.Numerics.IIncrementOperators<byte>.operator ++(byte value) => (byte)(value + 1);
        static byte System.Numerics.IDecrementOperators<byte>.operator --(byte value) => (byte)(value - 1);
        static bool System.Numerics.IEqualityOperators<byte, byte, bool>.operator ==(byte left, byte right) => left == right;
        static bool System.Numerics.IEqualityOperators<byte, byte, bool>.operator !=(byte left, byte right) => left != right;
        static bool System.Numerics.IComparisonOperators<byte, byte, bool>.operator <(byte left, byte right) => left < right;
        static bool System.Numerics.IComparisonOperators<byte, byte, bool>.operator <=(byte left, byte right) => left <= right;
        static bool System.Numerics.IComparisonOperators<byte, byte, bool>.operator >(byte left, byte right) => left > right;
        static bool System.Numerics.IComparisonOperators<byte, byte, bool>.operator >=(byte left, byte right) => left >= right;
    }

    public partial struct UInt32 : System.Numerics.INumber<uint>
    {
        static uint System.Numerics.INumberBase<uint>.Zero => 0;
        static uint System.Numerics.INumberBase<uint>.One => 1;
        static uint System.Numerics.IAdditiveIdentity<uint, uint>.AdditiveIdentity => 0;
        static uint System.Numerics.IMultiplicativeIdentity<uint, uint>.MultiplicativeIdentity => 1;
        static uint System.Numerics.IAdditionOperators<uint, uint, uint>.operator +(uint left, uint right) => (uint)(left + right);
        static uint System.Numerics.ISubtractionOperators<uint, uint, uint>.operator -(uint left, uint right) => (uint)(left - right);
        static uint System.Numerics.IMultiplyOperators<uint, uint, uint>.operator *(uint left, uint right) => (uint)(left * right);
        static uint System.Numerics.IDivisionOperators<uint, uint, uint>.operator /(uint left, uint right) => (uint)(left / right);
        static uint System.Numerics.IModulusOperators<uint, uint, uint>.operator %(uint left, uint right) => (uint)(left % right);
        static uint System.Numerics.IUnaryNegationOperators<uint, uint>.operator -(uint value) => unchecked((uint)(0 - value));
        static uint System.Numerics.IUnaryPlusOperators<uint, uint>.operator +(uint value) => value;
        static uint System.Numerics.IIncrementOperators<uint>.operator ++(uint value) => (uint)(value + 1);
        static uint System.Numerics.IDecrementOperators<uint>.operator --(uint value) => (uint)(value - 1);
        static bool System.Numerics.IEqualityOperators<uint, uint, bool>.operator ==(uint left, uint right) => left == right;
        static bool System.Numerics.IEqualityOperators<uint, uint, bool>.operator !=(uint left, uint right) => left != right;
        static bool System.Numerics.IComparisonOperators<uint, uint, bool>.operator <(uint left, uint right) => left < right;
        static bool System.Numerics.IComparisonOperators<uint, uint, bool>.operator <=(uint left, uint right) => left <= right;
        static bool System.Numerics.IComparisonOperators<uint, uint, bool>.operator >(uint left, uint right) => left > right;
        static bool System.Numerics.IComparisonOperators<uint, uint, bool>.operator >=(uint left, uint right) => left >= right;
    }

    public partial struct UInt64 : System.Numerics.INumber<ulong>
    {
        static ulong System.Numerics.INumberBase<ulong>.Zero => 0;
        static ulong System.Numerics.INumberBase<ulong>.One => 1;
        static ulong System.Numerics.IAdditiveIdentity<ulong, ulong>.AdditiveIdentity => 0;
        static ulong System.Numerics.IMultiplicativeIdentity<ulong, ulong>.MultiplicativeIdentity => 1;
        static ulong System.Numerics.IAdditionOperators<ulong, ulong, ulong>.operator +(ulong left, ulong right) => (ulong)(left + right);
        static ulong System.Numerics.ISubtractionOperators<ulong, ulong, ulong>.operator -(ulong left, ulong right) => (ulong)(left - right);
        static ulong System.Numerics.IMultiplyOperators<ulong, ulong, ulong>.operator *(ulong left, ulong right) => (ulong)(left * right);
        static ulong System.Numerics.IDivisionOperators<ulong, ulong, ulong>.operator /(ulong left, ulong right) => (ulong)(left / right);
        static ulong System.Numerics.IModulusOperators<ulong, ulong, ulong>.operator %(ulong left, ulong right) => (ulong)(left % right);
        static ulong System.Numerics.IUnaryNegationOperators<ulong, ulong>.operator -(ulong value) => unchecked((ulong)(0 - value));
        static ulong System.Numerics.IUnaryPlusOperators<ulong, ulong>.operator +(ulong value) => value;
        static ulong System.Numerics.IIncrementOperators<ulong>.operator ++(ulong value) => (ulong)(value + 1);
        static ulong System.Numerics.IDecrementOperators<ulong>.operator --(ulong value) => (ulong)(value - 1);
        static bool System.Numerics.IEqualityOperators<ulong, ulong, bool>.operator ==(ulong left, ulong right) => left == right;
        static bool System.Numerics.IEqualityOperators<ulong, ulong, bool>.operator !=(ulong left, ulong right) => left != right;
        static bool System.Numerics.IComparisonOperators<ulong, ulong, bool>.operator <(ulong left, ulong right) => left < right;
        static bool System.Numerics.IComparisonOperators<ulong, ulong, bool>.operator <=(ulong left, ulong right) => left <= right;
        static bool System.Numerics.IComparisonOperators<ulong, ulong, bool>.operator >(ulong left, ulong right) => left > right;
        static bool System.Numerics.IComparisonOperators<ulong, ulong, bool>.operator >=(ulong left, ulong right) => left >= right;
    }
}

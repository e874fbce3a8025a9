using System.Globalization;

namespace System
{
    // The primitives as IParsable<T>/ISpanParsable<T> (System/IParsable.cs): the provider forms of Parse and TryParse
    // .NET has, over the style forms in Primitives.cs (integers NumberStyles.Integer, floating point Float | AllowThousands,
    // decimal Number); sbyte, ushort, char and decimal as IMinMaxValue<T> as well.

    public partial struct SByte : ISpanParsable<sbyte>, System.Numerics.IMinMaxValue<sbyte>
    {
        static sbyte System.Numerics.IMinMaxValue<sbyte>.MinValue => MinValue;
        static sbyte System.Numerics.IMinMaxValue<sbyte>.MaxValue => MaxValue;
        public static bool TryParse(string s, IFormatProvider provider, out sbyte result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static sbyte Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out sbyte result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct Byte : ISpanParsable<byte>
    {
        public static bool TryParse(string s, IFormatProvider provider, out byte result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static byte Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out byte result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct Int16 : ISpanParsable<short>
    {
        public static bool TryParse(string s, IFormatProvider provider, out short result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static short Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out short result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct UInt16 : ISpanParsable<ushort>, System.Numerics.IMinMaxValue<ushort>
    {
        static ushort System.Numerics.IMinMaxValue<ushort>.MinValue => MinValue;
        static ushort System.Numerics.IMinMaxValue<ushort>.MaxValue => MaxValue;
        public static bool TryParse(string s, IFormatProvider provider, out ushort result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static ushort Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out ushort result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct Int32 : ISpanParsable<int>
    {
        public static bool TryParse(string s, IFormatProvider provider, out int result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static int Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out int result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct UInt32 : ISpanParsable<uint>
    {
        public static bool TryParse(string s, IFormatProvider provider, out uint result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static uint Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out uint result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct Int64 : ISpanParsable<long>
    {
        public static bool TryParse(string s, IFormatProvider provider, out long result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static long Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out long result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct UInt64 : ISpanParsable<ulong>
    {
        public static bool TryParse(string s, IFormatProvider provider, out ulong result) => TryParse(s, NumberStyles.Integer, provider, out result);
        public static ulong Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Integer, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out ulong result) => TryParse(s, NumberStyles.Integer, provider, out result);
    }

    public partial struct Double : ISpanParsable<double>
    {
        public static bool TryParse(string s, IFormatProvider provider, out double result) => TryParse(s, NumberStyles.Float | NumberStyles.AllowThousands, provider, out result);
        public static double Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s, NumberStyles.Float | NumberStyles.AllowThousands, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out double result) => TryParse(s, NumberStyles.Float | NumberStyles.AllowThousands, provider, out result);
    }

    public partial struct Single : ISpanParsable<float>
    {
        public static bool TryParse(string s, IFormatProvider provider, out float result) => TryParse(s, out result);
        public static float Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s.ToString(), provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out float result) => TryParse(s, out result);
    }

    public readonly partial struct Decimal : ISpanParsable<decimal>, System.Numerics.IMinMaxValue<decimal>
    {
        static decimal System.Numerics.IMinMaxValue<decimal>.MinValue => MinValue;
        static decimal System.Numerics.IMinMaxValue<decimal>.MaxValue => MaxValue;
        public static bool TryParse(string s, IFormatProvider provider, out decimal result) => TryParse(s, NumberStyles.Number, provider, out result);
        public static decimal Parse(ReadOnlySpan<char> s, IFormatProvider provider) => Parse(s.ToString(), NumberStyles.Number, provider);
        public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out decimal result) => TryParse(s.ToString(), NumberStyles.Number, provider, out result);
    }

    public readonly partial struct Char : System.Numerics.IMinMaxValue<char>
    {
        static char System.Numerics.IMinMaxValue<char>.MinValue => MinValue;
        static char System.Numerics.IMinMaxValue<char>.MaxValue => MaxValue;
    }
}

using System;
using System.Collections.Generic;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal interface IShape
    {
        double Area { get; }
        string Describe() => GetType().Name + " with area " + Area.ToString("F1");
    }

    internal sealed class Square : IShape
    {
        public double Side { get; set; } = 1;
        public double Area => Side * Side;
    }

    internal sealed class Box<T> where T : IComparable<T>
    {
        private readonly List<T> _items = new();
        public void Add(T item) => _items.Add(item);
        public T Max()
        {
            T best = _items[0];
            foreach (T item in _items) if (item.CompareTo(best) > 0) best = item;
            return best;
        }
    }

    internal sealed class Pair<TFirst, TSecond>
    {
        public Pair(TFirst first, TSecond second) { First = first; Second = second; }
        public TFirst First { get; }
        public TSecond Second { get; }
        public Pair<TSecond, TFirst> Swap() => new(Second, First);
        public override string ToString() => $"({First}, {Second})";
    }

    internal static class GenericChecks
    {
        public static void Run()
        {
            Line("generic-statics-int", Statics(-7, 3));
            Line("generic-statics-long", Statics(5L, 40L));
            Line("generic-statics-short", Statics((short)-300, (short)20));
            Line("generic-statics-byte", Statics((byte)9, (byte)4));
            Line("generic-statics-uint", Statics(0u, 12u));
            Line("generic-statics-ulong", Statics(17UL, 2UL));
            Line("generic-statics-double", Statics(-2.5, 1.25));
            Line("generic-statics-float", Statics(-0.5f, 2f));
            Line("generic-clamp-bad", Throws(() => ClampBad(1, 5, 3)));
            Line("parsable-int", ParseAll<int>("42", "-7", "x", "99999999999"));
            Line("parsable-long", ParseAll<long>("9223372036854775807", " 12 ", "1.5", ""));
            Line("parsable-byte", ParseAll<byte>("255", "256", "-1", "0"));
            Line("parsable-sbyte", ParseAll<sbyte>("-128", "127", "128", "+5"));
            Line("parsable-ushort", ParseAll<ushort>("65535", "65536", "7", "a"));
            Line("parsable-uint", ParseAll<uint>("4294967295", "-1", "10", "0x10"));
            Line("parsable-ulong", ParseAll<ulong>("18446744073709551615", "1e3", "3", " "));
            Line("parsable-short", ParseAll<short>("-32768", "32768", "1,000", "12"));
            Line("parsable-double", ParseAll<double>("1.5", "-2e3", "1,234.5", "abc"));
            Line("parsable-float", ParseAll<float>("0.25", "3.4e38", "NaN", "--1"));
            Line("parsable-decimal", ParseAll<decimal>("12.50", "-0.001", "1,000.5", "1e3"));
            Line("parsable-span", SpanParse<int>("123456".AsSpan(1, 3)) + " " + SpanParse<double>("x2.5x".AsSpan(1, 3)));
            Line("parsable-throws", ParseThrows<int>("12x") + " | " + ParseThrows<byte>("300") + " | " + ParseThrows<sbyte>("-129") + " | " + ParseThrows<ushort>("70000") + " | " + ParseThrows<long>(null));
            Line("parsable-provider", int.TryParse("77", System.Globalization.CultureInfo.InvariantCulture, out int parsed) + " " + parsed + " " + double.Parse("2.5".AsSpan(), null));
            Line("minmax-more", MinMax<sbyte>() + " " + MinMax<ushort>() + " " + (int)MinMaxChar<char>().Min + "/" + (int)MinMaxChar<char>().Max + " " + MinMax<decimal>());
            Line("create-int", Creates<int, long>(5_000_000_000L) + " | " + Creates<int, long>(-42) + " | " + Creates<int, double>(-3.99) + " | " + Creates<int, double>(1e20) + " | " + Creates<int, double>(double.NaN));
            Line("create-byte", Creates<byte, int>(300) + " | " + Creates<byte, int>(-1) + " | " + Creates<byte, double>(255.9) + " | " + Creates<byte, decimal>(-0.5m) + " | " + Creates<byte, uint>(256));
            Line("create-uint", Creates<uint, int>(-1) + " | " + Creates<uint, double>(-1.5) + " | " + Creates<uint, ulong>(ulong.MaxValue) + " | " + Creates<uint, float>(4294967296f));
            Line("create-long", Creates<long, ulong>(ulong.MaxValue) + " | " + Creates<long, double>(9.3e18) + " | " + Creates<long, decimal>(-12.75m) + " | " + Creates<long, float>(float.NegativeInfinity));
            Line("create-ulong", Creates<ulong, long>(-2) + " | " + Creates<ulong, double>(1.8e19) + " | " + Creates<ulong, double>(2e19) + " | " + Creates<ulong, short>(short.MinValue));
            Line("create-short", Creates<short, int>(40000) + " | " + Creates<short, uint>(65535) + " | " + Creates<short, decimal>(123456m) + " | " + Creates<byte, decimal>(256m) + " | " + Creates<uint, decimal>(-1m) + " | " + Creates<int, decimal>(3000000000.5m) + " | " + Creates<ulong, decimal>(-1m));
            Line("create-double", Creates<double, long>(long.MaxValue) + " | " + Creates<double, decimal>(0.1m) + " | " + Creates<double, float>(0.1f) + " | " + Creates<double, byte>(200));
            Line("create-float", Creates<float, double>(1e300) + " | " + Creates<float, long>(16777217) + " | " + Creates<float, ulong>(ulong.MaxValue) + " | " + Creates<float, decimal>(2.5m));
            Line("create-decimal", Creates<decimal, double>(1e30) + " | " + Creates<decimal, double>(-1e40) + " | " + Creates<decimal, long>(long.MinValue) + " | " + Creates<decimal, float>(0.5f));
            Line("generic-statics-direct", short.Max(3, 9) + " " + byte.Clamp(200, 10, 100) + " " + uint.Sign(0) + " " + short.Abs(-4) + " " + short.IsNegative(-1));
            var box = new Box<string>();
            box.Add("pear");
            box.Add("apple");
            box.Add("zucchini");
            Line("constraint-max", box.Max());
            var numbers = new Box<double>();
            numbers.Add(2.5);
            numbers.Add(-1);
            Line("constraint-max-double", numbers.Max());
            Line("pair-swap", new Pair<int, string>(1, "one").Swap());
            Line("new-t", Create<Square>().Area);
            Line("new-t-list", Create<List<int>>().Count);
            Line("default-t", Default<int>() + "," + (Default<string>() ?? "null"));
            Line("generic-method-infer", Largest(3, 9, 4));
            Line("generic-method-string", Largest("b", "c", "a"));
            Line("generic-math-sum", Sum(new[] { 1, 2, 3 }) + " " + Sum(new[] { 1.5, 2.25 }) + " " + Sum(new[] { 0.1m, 0.2m }) + " " + Sum(new long[] { long.MaxValue / 2, 1 }));
            Line("generic-math-max", MaxOf(new[] { 3, 9, -2 }) + " " + MaxOf(new[] { 2.5f, -1f }));
            Line("generic-math-ops", Ops(7, 2) + " | " + Ops(7.0, 2.0) + " | " + Ops(7m, 2m));
            Line("default-interface-method", ((IShape)new Square { Side = 3 }).Describe());
            Line("swap", SwapDemo());
            Line("nullable", Nullable());
            Line("generic-type-name", typeof(Pair<int, string>).Name);
            Line("comparer-default", Comparer<string>.Default.Compare("a", "B") < 0);
            Line("equalitycomparer", EqualityComparer<string>.Default.Equals("x", new string('x', 1)));
            Line("is-generic", new List<int>() is IEnumerable<int>);
            Line("covariance", Covariant());
        }

        private static string ParseAll<T>(params string[] inputs) where T : IParsable<T>
        {
            var parts = new List<string>();
            foreach (string input in inputs) parts.Add(T.TryParse(input, null, out T value) ? "ok " + value : "fail " + value);
            return string.Join(", ", parts);
        }

        private static string SpanParse<T>(ReadOnlySpan<char> s) where T : ISpanParsable<T> =>
            T.Parse(s, System.Globalization.CultureInfo.InvariantCulture) + "/" + T.TryParse(s, null, out T value) + value;

        private static string ParseThrows<T>(string s) where T : IParsable<T>
        {
            try
            {
                return "parsed " + T.Parse(s, null);
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }

        private static string MinMax<T>() where T : System.Numerics.IMinMaxValue<T> => T.MinValue + "/" + T.MaxValue;

        private static (T Min, T Max) MinMaxChar<T>() where T : System.Numerics.IMinMaxValue<T> => (T.MinValue, T.MaxValue);

        private static string Creates<T, TFrom>(TFrom value) where T : System.Numerics.INumberBase<T> where TFrom : System.Numerics.INumberBase<TFrom>
        {
            string check;
            try
            {
                check = T.CreateChecked(value).ToString();
            }
            catch (Exception e)
            {
                check = e.GetType().Name + ": " + e.Message;
            }
            return check + " / " + T.CreateSaturating(value) + " / " + T.CreateTruncating(value);
        }

        private static T Create<T>() where T : new() => new T();

        private static T Default<T>() => default;

        private static T Largest<T>(params T[] items) where T : IComparable<T>
        {
            T best = items[0];
            foreach (T item in items) if (item.CompareTo(best) > 0) best = item;
            return best;
        }

        // The generic-math statics through a type parameter: T.Max, T.Clamp, T.Sign, T.Abs, T.IsZero, T.MinValue.
        private static string Statics<T>(T a, T b) where T : System.Numerics.INumber<T>, System.Numerics.IMinMaxValue<T> =>
            T.Max(a, b) + " " + T.Min(a, b) + " " + T.Clamp(a, T.Zero, b) + " " + T.Sign(a) + " " + T.Abs(a) + " " + T.IsZero(a)
            + " " + T.IsNegative(a) + " " + T.IsPositive(b) + " " + T.MinValue + " " + T.MaxValue;

        private static T ClampBad<T>(T value, T min, T max) where T : System.Numerics.INumber<T> => T.Clamp(value, min, max);

        private static T Sum<T>(T[] items) where T : System.Numerics.INumber<T>
        {
            T total = T.Zero;
            foreach (T item in items) total += item;
            return total;
        }

        private static T MaxOf<T>(T[] items) where T : System.Numerics.INumber<T>
        {
            T best = items[0];
            foreach (T item in items) if (item > best) best = item;
            return best;
        }

        private static string Ops<T>(T a, T b) where T : System.Numerics.INumber<T>
        {
            T c = a;
            c++;
            return (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b) + " " + (-a) + " " + c + " " + (a == b) + " " + (a >= b) + " " + (T.One + T.One);
        }

        private static void Swap<T>(ref T a, ref T b) => (a, b) = (b, a);

        private static string SwapDemo()
        {
            int a = 1, b = 2;
            Swap(ref a, ref b);
            return a + "," + b;
        }

        private static string Nullable()
        {
            int? none = null;
            int? some = 5;
            return (none ?? -1) + " " + some.HasValue + " " + (some + 1) + " " + none.GetValueOrDefault() + " " + (none == null);
        }

        private static string Covariant()
        {
            IEnumerable<object> objects = new List<string> { "a", "b" };
            int n = 0;
            foreach (object o in objects) n += o.ToString().Length;
            return n.ToString();
        }
    }
}

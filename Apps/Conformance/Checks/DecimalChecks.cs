using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class DecimalChecks
    {
        public static void Run()
        {
            decimal price = 19.99m;
            decimal quantity = 3;
            Line("multiply", price * quantity);
            Line("add", 0.1m + 0.2m);
            Line("subtract", 10m - 0.01m);
            Line("divide", 10m / 4m);
            Line("divide-third", 1m / 3m);
            Line("divide-two-thirds", 2m / 3m);
            Line("divide-big", 100000m / 3m);
            Line("divide-exact-scale", 4.0m / 2m);
            Line("remainder", 10.5m % 3m);
            Line("negative", -price);
            Line("scale-kept", 1.50m);
            Line("scale-multiply", 1.5m * 2);
            Line("scale-add", 1.10m + 2.2m);
            Line("compare", (1.0m == 1.00m) + " " + (2.5m > 2.49m));
            Line("round", Math.Round(2.345m, 2));
            Line("round-even", Math.Round(2.5m) + " " + Math.Round(3.5m));
            Line("round-away", Math.Round(2.345m, 2, MidpointRounding.AwayFromZero));
            Line("floor-ceiling", Math.Floor(-2.5m) + " " + Math.Ceiling(-2.5m));
            Line("truncate", decimal.Truncate(9.99m));
            Line("abs-max-min", Math.Abs(-4.2m) + " " + Math.Max(1m, 2m) + " " + Math.Min(1m, 2m));
            Line("sign", Math.Sign(-0.5m));
            Line("tostring-f2", 1234.5m.ToString("F2"));
            Line("tostring-n2", 1234567.891m.ToString("N2"));
            Line("tostring-f0", 2.5m.ToString("F0"));
            Line("interpolation", $"{price:F1} {price}");
            Line("parse", decimal.Parse("123.4500"));
            Line("parse-invariant", decimal.Parse("-1,234.5", CultureInfo.InvariantCulture));
            Line("tryparse-bad", decimal.TryParse("abc", out decimal _));
            Line("from-double", (decimal)0.1);
            Line("from-double-third", (decimal)(1.0 / 3));
            Line("to-double", (double)1.1m);
            Line("to-int", (int)9.99m + " " + (int)-9.99m);
            Line("from-int", (decimal)int.MaxValue + 1);
            Line("max-value", decimal.MaxValue);
            Line("min-value", decimal.MinValue);
            Line("overflow", Throws(() => { decimal big = decimal.MaxValue; Console.Write(big + 1); }));
            Line("divide-zero", Throws(() => { decimal zero = 0; Console.Write(1m / zero); }));
            Line("sum", new[] { 1.1m, 2.2m, 3.3m }.Sum());
            Line("average", new[] { 1m, 2m, 4m }.Average());
            Line("sort", new List<decimal> { 3.5m, -1m, 2.25m }.OrderBy(d => d));
            Line("hash-equal", 1.0m.GetHashCode() == 1.00m.GetHashCode());
            Line("dictionary-key", new Dictionary<decimal, string> { [2.50m] = "x" }.ContainsKey(2.5m));
            Line("tax", Math.Round(price * quantity * 1.0825m, 2));
            Line("increment", Increment(0.99m));
            Line("getbits", string.Join(",", decimal.GetBits(-1.5m)));
            Line("precision-28", 1m / 7m * 7m);
            Line("large-multiply", 123456789012345678m * 1000m);
            Line("small", 0.0000000000000000000000000001m);
        }

        private static decimal Increment(decimal d)
        {
            d++;
            return d;
        }
    }
}

using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Numerics;
using System.Text;
using static Sing.Conformance.EachLine;

namespace Sing.Conformance
{
    internal readonly struct Temperature5 : IFormattable
    {
        private readonly double _c;
        public Temperature5(double c) { _c = c; }
        public string ToString(string format, IFormatProvider provider) => format switch { "F" => $"{_c * 9 / 5 + 32:0.0}°F", _ => $"{_c:0.0}°C" };
        public override string ToString() => ToString("C", null);
    }
    internal record Order5(int Id, string Customer, decimal[] Lines);

    /// <summary>Text and data chores: LINQ set operators (By forms, ranges, indexed TakeWhile), the exceptions of
    /// empty and overflowing aggregates, IFormattable in interpolation, more Math, parsing, Version, reading lines with
    /// StringReader, StringWriter, Path strings, Split/Pad/case, StringBuilder. Each line runs on its own.</summary>
    internal static class TextProgram
    {

        public static void Run()
        {
            var a = new[] { 1, 2, 3, 4, 5 }; var b = new[] { 4, 5, 6 };
            P(() => string.Join(",", a.Except(b)) + " " + string.Join(",", a.Intersect(b)) + " " + string.Join(",", a.Union(b)) + " " + string.Join(",", a.ExceptBy(new[] { 2 }, x => x % 3)) + " " + string.Join(",", a.Take(1..3)) + " " + string.Join(",", a.TakeWhile((x, i) => i < 2)) + " " + string.Join(",", a.Skip(10)));
            P(() => new[] { "a", "a" }.ToDictionary(x => x));
            P(() => new object[] { 1, "x" }.Cast<int>().Sum());
            P(() => new List<int?>().Min() ?? -1);
            P(() => new List<int>().Average());
            P(() => new[] { int.MaxValue, 1 }.Sum());
            P(() => new[] { 1.5, double.NaN }.Max() + " " + new[] { 1.5, double.NaN }.Min() + " " + new double[0].DefaultIfEmpty().Max());
            P(() => new Order5(1, "ann", new[] { 1.5m }) + " " + new Temperature5(21.5) + $" {new Temperature5(100):F} {new Temperature5(0):C}" + string.Format(" {0:F}", new Temperature5(37)));
            P(() => Math.ScaleB(1.5, 4) + " " + Math.BitIncrement(1.0) + " " + Math.ILogB(1000) + " " + Math.CopySign(3, -0.0) + " " + Math.Asin(1) + " " + Math.Tanh(0.5) + " " + Math.Log(8, 2));
            P(() => double.Parse("1,234.5") + " " + decimal.Parse("1.5") + " " + Convert.ToDecimal("2.25") + " " + Guid.Parse("{12345678-1234-1234-1234-123456789abc}") + " " + (BigInteger.One << 70) + " " + BigInteger.GreatestCommonDivisor(48, 18));
            P(() => decimal.Parse("1e3"));
            P(() => int.Parse("1_000"));
            P(() => { var v = new Version(1, 2, 3); return v + " " + (v < new Version(1, 10)) + " " + Version.Parse("4.5.6.7").Revision + " " + v.Major + v.Minor + v.Build; });
            P(() => TimeZoneInfo.Utc.Id + " " + DateTime.UtcNow.Kind + " " + DateTime.SpecifyKind(new DateTime(2024, 1, 1), DateTimeKind.Utc).ToString("o"));
            P(() => { var sr = new StringReader("line one\nline two\n\nlast"); var lines = new List<string>(); string line; while ((line = sr.ReadLine()) != null) lines.Add("[" + line + "]"); return string.Join("", lines); });
            P(() => { var sw = new StringWriter(); sw.Write("a"); sw.WriteLine(1); sw.Write("{0}-{1}", 2, 3); return sw.ToString().Replace("\n", "|"); });
            P(() => Path.Combine("logs", "2024", "app.log") + " " + Path.GetFileName("/var/log/app.log") + " " + Path.GetExtension("a/b.tar.gz") + " " + Path.GetFileNameWithoutExtension("x/y.txt") + " " + Path.GetDirectoryName("/var/log/app.log") + " " + Path.ChangeExtension("a.txt", ".md") + " " + Path.IsPathRooted("/x"));
            P(() => "a;b;;c".Split(';', StringSplitOptions.RemoveEmptyEntries).Length + " " + "  x  y ".Split(' ', 3).Length + " " + string.Join("|", "a1b2c3".Split(new[] { '1', '2' })) + " " + "Hello".PadRight(8, '.') + "|" + "abc".ToUpperInvariant().ToLower() + " " + "Hello World".Replace(" ", "") + " " + "tEST".Substring(0, 1).ToUpper() + "tEST".Substring(1).ToLower());
            P(() => { var sb = new StringBuilder(); for (int i = 0; i < 3; i++) sb.AppendFormat("{0}:{1:00};", i, i * 7); sb.Remove(0, 2); return sb.ToString() + sb.Capacity.GetType().Name + sb.EnsureCapacity(100) + " " + sb.Equals(new StringBuilder(sb.ToString())); });
            P(() => string.Join(",", Enumerable.Range(1, 10).Where(n => n % 2 == 0).Select(n => n * n).Reverse()) + " " + Enumerable.Range(1, 5).Aggregate("", (s, n) => s + n) + " " + string.Join("", Enumerable.Range('a', 5).Select(c => (char)c)));
        }
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using static Sing.Conformance.EachLine;

namespace Sing.Conformance
{
    internal record Person2(string Name, List<string> Tags);
    internal enum Color2 { Red = 1, Green = 2, Blue = 4 }
    [Flags] internal enum Bits2 { A = 1, B = 2 }
    internal struct Money2 : IEquatable<Money2>
    {
        public decimal Amount; public string Cur;
        public bool Equals(Money2 o) => Amount == o.Amount && Cur == o.Cur;
        public static implicit operator Money2(decimal d) => new Money2 { Amount = d, Cur = "EUR" };
        public static explicit operator decimal(Money2 m) => m.Amount;
    }
    internal sealed class Counter2 { public event EventHandler<int> Changed; int _n; public void Inc() { _n++; Changed?.Invoke(this, _n); } }
    internal sealed class Matrix2 { private readonly int[,] _m = new int[2, 2]; public int this[int r, int c] { get => _m[r, c]; set => _m[r, c] = value; } }

    /// <summary>The everyday toolbox: numeric, currency and TimeSpan formats, console overloads, LINQ corners, the
    /// messages of the exceptions ordinary code meets, enum and parsing rules, Dictionary/HashSet order after removals,
    /// List.Sort's order for equal keys (.NET's introsort), seeded Random beyond Next, patterns, events, closures and
    /// tasks. Each line runs on its own, so one divergence shows as one line.</summary>
    internal static class ToolboxProgram
    {
        static async Task<int> Faulty() { await Task.Yield(); throw new InvalidOperationException("bad state"); }
        static int Sum(params int[] xs) => xs.Sum();
        static string Opt(int a, string b = "x", bool c = false) => $"{a}{b}{c}";

        public static void Run()
        {
            P(() => $"{42:F2} {5:P0} {1234:N0} {-7:C} {12345:E2} {3.5m:C} {-1234.567:C} {0.256:P}");
            P(() => string.Format("{0,10:N2}|{1,-6}|{2:X8}|{{x}}", 1234.5, "ab", 255));
            P(() => TimeSpan.FromMinutes(1500).ToString(@"d\.hh\:mm") + " " + TimeSpan.FromSeconds(75).ToString("mm':'ss") + " " + TimeSpan.FromDays(3).ToString("%d") + " " + TimeSpan.FromMilliseconds(1234).ToString(@"ss\.fff") + " " + TimeSpan.FromMilliseconds(1200).ToString(@"s\.FFF"));
            Console.WriteLine("{0} {1} {2}", 1, "two", 3.0);
            // (The boot test's reading of the serial log keeps no empty line: each line here prints something.)
            Console.WriteLine("[{0}]", (object)null);
            Console.WriteLine(true); Console.WriteLine('c'); Console.WriteLine(new[] { 'a', 'b' }); Console.WriteLine(1.5f); Console.Write("end"); Console.WriteLine();
            P(() => new StringBuilder().AppendJoin(", ", new[] { 1, 2 }).Append('!', 2).ToString());
            var nums = new[] { 5, 3, 8, 1, 9, 2 };
            P(() => string.Join(",", nums.Zip(nums.Skip(1)).Select(t => t.First + t.Second)));
            P(() => string.Join(",", nums.ToDictionary(n => n, n => n * n).Select(kv => kv.ToString())));
            P(() => nums.ToHashSet().Count + " " + nums.SequenceEqual(nums.Reverse().Reverse()) + " " + string.Join("", nums.SkipWhile(n => n > 2).TakeLast(2)) + string.Join("", nums.Append(0).Prepend(7)));
            P(() => string.Join(",", new object[] { 1, "a", 2.5 }.OfType<int>()) + new List<int>().DefaultIfEmpty(-1).First() + nums.ElementAtOrDefault(99) + nums.LastOrDefault(n => n > 100));
            P(() => new[] { 1.5m, 2.25m }.Sum() + " " + nums.Average() + " " + new[] { 1, 2 }.Average(x => x * 1.5));
            P(() => new List<int>().Max());
            P(() => new List<int>().First());
            P(() => nums.Single(n => n > 4));
            P(() => new ArgumentException("msg", "param").Message);
            P(() => new ArgumentNullException("p").Message + " | " + new ArgumentOutOfRangeException("p", 5, "too big").Message);
            P(() => new Dictionary<string, int>()["missing"]);
            P(() => { var a = new int[2]; return a[int.Parse("5")]; });
            P(() => ((string)null).Length);
            P(() => (string)(object)5);
            P(() => { int z = 0; return 5 / z; });
            P(() => int.Parse("abc"));
            P(() => double.Parse("1.2.3"));
            A(() => { var l = new List<int> { 1, 2 }; foreach (var x in l) l.Add(x); });
            P(() => new InvalidOperationException("boom", new Exception("inner")).ToString().Split('\n')[0]);
            P(() => Math.Abs(int.MinValue));
            P(() => checked(int.MaxValue + int.Parse("1")));
            P(() => unchecked(int.MaxValue + int.Parse("1")));
            P(() => Color2.Green.ToString("D") + Enum.IsDefined(typeof(Color2), 3) + Enum.TryParse<Color2>("blue", true, out var c2) + c2 + (Color2)3 + (Bits2)3 + (Bits2)7);
            P(() => 3.14159.ToString("0.00") + " " + 1234567.891.ToString("#,##0.00") + " " + 2.5.ToString("0.###") + " " + 0.1234.ToString("00.0%") + " " + 42.ToString("000") + " " + (-5).ToString("+0;-0;zero") + " " + 0.ToString("+0;-0;zero"));
            P(() => Math.Round(-2.5) + " " + Math.Truncate(-2.7) + " " + Math.Sign(-3) + " " + Math.Pow(2, 10) + " " + Math.Sqrt(2) + " " + Math.Floor(-1.5) + " " + Math.Ceiling(1.1) + " " + Math.Exp(1) + " " + Math.Log(Math.E) + " " + Math.Sin(Math.PI / 6));
            P(() => (0.1f + 0.2f) + " " + (1f / 3) + " " + (1.0 / 3) + " " + 100.0 + " " + 1e-7 + " " + 123456789012345.0 + " " + 1.0e15 + " " + 1.0e16 + " " + float.Epsilon + " " + (double)float.MaxValue + " " + -0.0);
            P(() => decimal.Round(2.345m, 2) + " " + Math.Round(2.345m, 2, MidpointRounding.AwayFromZero) + " " + 1.10m + " " + (1.10m * 2) + " " + 10m / 4 + " " + decimal.Parse("1,234.5", NumberStyles.Number, CultureInfo.InvariantCulture) + " " + (0.1m + 0.2m) + " " + decimal.MaxValue);
            P(() => int.TryParse(" 42 ", out int v) + " " + v + " " + int.TryParse("4 2", out _) + " " + long.Parse("-9223372036854775808") + " " + uint.MaxValue + " " + byte.Parse("255") + " " + short.MinValue + " " + sbyte.MinValue);
            P(() => (int)'A' + " " + (char)66 + " " + char.IsUpper('a') + " " + new string("hello".Reverse().ToArray()) + " " + string.Compare("abc", "ABD", StringComparison.OrdinalIgnoreCase) + " " + "Hello".Equals("hello", StringComparison.OrdinalIgnoreCase) + " " + "abcabc".LastIndexOf("bc") + " " + "Hello".IndexOf("L", StringComparison.OrdinalIgnoreCase));
            P(() => "xxhixx".Trim('x') + " " + "hello".Remove(1, 2) + " " + "hello".Insert(1, "zz") + " " + "Hello World".Count(char.IsUpper) + " " + string.Join("", "banana".Distinct()) + " " + "a-b-c-d".Split('-', 2)[1] + " " + char.GetNumericValue('7') + " " + "ß".ToUpperInvariant() + " " + "İ".ToLowerInvariant().Length);
            P(() => new Person2("Ann", new List<string> { "x" }));
            P(() => new Person2("Ann", null) == new Person2("Ann", null));
            P(() => { var d = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2, ["c"] = 3 }; d.Remove("b"); d["d"] = 4; d["e"] = 5; return string.Join(",", d.Keys); });
            P(() => { var h = new HashSet<int> { 10, 20, 30 }; h.Remove(20); h.Add(40); h.Add(5); return string.Join(",", h); });
            P(() => { var people = Enumerable.Range(0, 40).Select(i => (Name: "p" + i, Age: i % 4)).ToList(); people.Sort((x, y) => x.Age.CompareTo(y.Age)); return string.Join(" ", people.Select(p => p.Name)); });
            P(() => { var arr = Enumerable.Range(0, 30).Select(i => (i * 7919) % 31).ToArray(); Array.Sort(arr, (x, y) => (x % 5).CompareTo(y % 5)); return string.Join(" ", arr); });
            P(() => { var r = new Random(7); var l = Enumerable.Range(1, 10).ToList(); var shuffled = l.OrderBy(_ => r.Next()).ToList(); var arr = l.ToArray(); r.Shuffle(arr); return string.Join(",", shuffled) + " " + string.Join(",", arr) + " " + r.Next(1, 7) + " " + r.NextInt64(100) + " " + r.NextSingle().ToString("F3"); });
            P(() => { int[] xs = [1, 2, 3]; List<int> ys = [.. xs, 4]; return ys switch { [1, .., var last] => "ends " + last, _ => "?" }; });
            P(() => { object o = "hello"; return o switch { string { Length: > 3 } s => "long " + s, string s => "short " + s, _ => "other" }; });
            P(() => { int t = -5; return t switch { < 0 => "neg", 0 => "zero", > 0 and < 10 => "small", _ => "big" }; });
            P(() => { string cmd = "stop"; switch (cmd) { case "go": return "going"; case "stop": goto case "halt"; case "halt": return "halted"; default: return "?"; } });
            P(() => { int? n = null; return n.HasValue + " " + n.GetValueOrDefault() + " " + n.GetValueOrDefault(3) + " " + (n ?? 9) + " " + (n + 1 == null); });
            P(() => Sum() + Sum(1, 2, 3) + " " + Opt(1) + Opt(2, c: true) + Opt(3, "y"));
            P(() => { Money2 m = 5.5m; return (decimal)m + " " + m.Equals((Money2)5.5m); });
            A(() => { var c = new Counter2(); c.Changed += (s, n) => Console.WriteLine("changed " + n); c.Inc(); c.Inc(); });
            P(() => { var m = new Matrix2(); m[1, 1] = 4; return m[1, 1] + m[0, 0]; });
            P(() => { var fs = new List<Func<int>>(); for (int i = 0; i < 3; i++) fs.Add(() => i); var gs = new List<Func<int>>(); foreach (var i in new[] { 0, 1, 2 }) gs.Add(() => i); return string.Join("", fs.Select(f => f())) + string.Join("", gs.Select(g => g())); });
            P(() => Tuple.Create(1, 2) + " " + new KeyValuePair<string, int>("a", 1) + " " + (1, "x") + " " + new { A = 1, B = "b" });
            P(() => Array.Empty<int>().Length + " " + typeof(int).Name + " " + new List<string>().GetType().Name + " " + typeof(int[]).Name + " " + typeof(Dictionary<,>).Name + " " + 5.GetType() + " " + typeof(Color2).FullName + " " + typeof(Person2).Namespace);
            P(() => { ReadOnlySpan<char> s = "hello world"; return s.Slice(6).ToString() + s.IndexOf('o') + s.SequenceEqual("hello world") + s.StartsWith("hel") + s.Trim().Length; });
            P(() => Convert.ToString(255, 16) + Convert.ToInt64("123") + Convert.ToChar(65) + Convert.ToInt32(2.5) + Convert.ToInt32(3.5) + Convert.ToString(5, 2).PadLeft(8, '0') + 0b1010 + 1_000_000);
            P(() => default(DateTime).ToString("o") + " " + DateTime.MinValue + " " + new DateTime(2024, 3, 15, 14, 30, 0).ToString("yyyy-MM-ddTHH:mm:ss") + " " + new DateTime(2024, 3, 15).ToString("D") + " " + new DateTime(2024, 12, 25) .ToString("MMM dd, yyyy") + " " + (new DateTime(2024, 3, 1) - new DateTime(2024, 2, 1)).Days + " " + TimeSpan.FromHours(1.5).TotalMinutes);
            P(() => new DateOnly(2024, 2, 29).AddYears(1) + " " + new DateOnly(2024, 1, 31).AddMonths(1).ToString("yyyy-MM-dd") + " " + DateOnly.Parse("2024-05-06").DayOfWeek + " " + new TimeOnly(23, 30).AddHours(2) + " " + new TimeOnly(9, 5, 7).ToString("HH:mm:ss") + " " + TimeOnly.Parse("14:30") + " " + new DateOnly(2024, 1, 1).ToDateTime(new TimeOnly(6, 0)) + " " + (new TimeOnly(1, 0) - new TimeOnly(23, 0)) + " " + new TimeOnly(10, 0).IsBetween(new TimeOnly(22, 0), new TimeOnly(11, 0)));
            A(() => { try { Faulty().GetAwaiter().GetResult(); } catch (InvalidOperationException e) { Console.WriteLine("caught " + e.Message); } });
            A(() => { var t = Task.WhenAny(Task.Delay(50).ContinueWith(_ => 1), Task.FromResult(2)).Result; Console.WriteLine("any " + t.Result); });
            A(() => { int total = 0; var gate = new object(); Parallel.For(0, 100, i => { lock (gate) total += i; }); Console.WriteLine("parallel " + total); int n = 0; for (int i = 0; i < 10; i++) Interlocked.Increment(ref n); Console.WriteLine(n); });
            A(() => { var ae = new AggregateException(new Exception("a"), new Exception("b")); Console.WriteLine(ae.Message); Console.WriteLine(ae.InnerExceptions.Count); });
            A(() => { try { throw new NotImplementedException(); } catch (Exception e) when (e is NotImplementedException) { Console.WriteLine(e.Message); } finally { Console.WriteLine("finally"); } });
            A(() => { try { try { throw new KeyNotFoundException(); } catch { throw; } } catch (Exception e) { Console.WriteLine(e.GetType().FullName + ": " + e.Message); } });
            A(() => { Console.WriteLine(new NotSupportedException().Message); Console.WriteLine(new TimeoutException().Message); Console.WriteLine(new OperationCanceledException().Message); Console.WriteLine(new ObjectDisposedException("thing").Message); Console.WriteLine(new FileNotFoundExceptionProbe().Message); });
        }
        private sealed class FileNotFoundExceptionProbe : Exception { public FileNotFoundExceptionProbe() : base(null) { } }
    }
}

using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Numerics;
using System.Text;
using static Sing.Conformance.EachLine;

namespace Sing.Conformance
{
    internal sealed class InsufficientFundsException4 : Exception
    {
        public decimal Shortfall { get; }
        public InsufficientFundsException4(decimal shortfall) : base($"Short by {shortfall:F2}") { Shortfall = shortfall; }
    }
    internal sealed class Bag4<T> : IEnumerable<T>
    {
        private readonly List<T> _items = new();
        public static int Instances;
        public Bag4() { Instances++; }
        public void Add(T item) => _items.Add(item);
        public IEnumerator<T> GetEnumerator() { foreach (var i in _items) yield return i; }
        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }
    internal interface IGreeter4 { string Greet(); }
    internal sealed class Polite4 : IGreeter4 { string IGreeter4.Greet() => "Good day"; public string Greet() => "Hi"; }
    internal sealed class Tracked4 : IDisposable { private readonly string _n; public Tracked4(string n) { _n = n; Console.WriteLine("open " + n); } public void Dispose() => Console.WriteLine("close " + _n); }
    internal record Shape4(string Kind, double Size);
    internal sealed class Publisher4
    {
        private Action<string> _handlers;
        public event Action<string> Published { add { Console.WriteLine("subscribe"); _handlers += value; } remove { Console.WriteLine("unsubscribe"); _handlers -= value; } }
        public void Publish(string m) => _handlers?.Invoke(m);
        public int Count => _handlers?.GetInvocationList().Length ?? 0;
    }

    /// <summary>The language's and the library's rules as a program meets them: ref/out and tuples, verbatim and raw
    /// strings, shifts and conversions (saturating float-to-int), exception filters and finally order, using order,
    /// explicit interface members, custom event accessors, currying, every pattern form (ITuple positional patterns
    /// too), floating-point printing, invariant-culture string ordering, and the messages of the exceptions that
    /// collections, parsing and casts throw; Dictionary allows Remove and value updates while enumerating. Each line
    /// runs on its own.</summary>
    internal static class RulesProgram
    {
        static (int Min, int Max) Range(int[] xs) => (xs.Min(), xs.Max());
        static void Swap(ref int a, ref int b) => (a, b) = (b, a);
        static bool TryHalf(int n, out int half) { half = n / 2; return n % 2 == 0; }
        static long Fib(int n, Dictionary<int, long> memo) => n < 2 ? n : memo.TryGetValue(n, out long v) ? v : memo[n] = Fib(n - 1, memo) + Fib(n - 2, memo);

        public static void Run()
        {
            P(() => { var r = Range(new[] { 3, 9, 1 }); int a = 1, b = 2; Swap(ref a, ref b); return $"{r.Min}-{r.Max} {a}{b} {TryHalf(7, out var h)}{h} {Fib(80, new Dictionary<int, long>())}"; });
            P(() => { string name = "x"; int n = 3; return $@"C:\{name}\{n}" + (char)('a' + 2) + 255.ToString("X") + Convert.ToString(64, 8); });
            P(() => { string name = "x"; int n = 3; return $$"""{"{{name}}": {{n}} }"""; });
            P(() => (-16 >>> 28) + " " + (-16 >> 28) + " " + unchecked((byte)300) + " " + (int)3.99 + " " + (int)-3.99 + " " + Convert.ToInt32(-3.5));
            P(() => { double nan = double.NaN, big = 1e20; float fmax = float.MaxValue; return (int)nan + " " + (int)big + " " + (long)fmax; });
            A(() => { try { throw new InsufficientFundsException4(12.5m); } catch (InsufficientFundsException4 e) when (e.Shortfall > 10) { Console.WriteLine(e.Message + " " + e.Shortfall); } });
            A(() => { string s = null; try { var x = s ?? throw new InvalidOperationException("no value"); } catch (Exception e) { Console.WriteLine(e.Message); } });
            A(() => { try { try { Console.WriteLine("try"); throw new Exception("inner"); } finally { Console.WriteLine("finally 1"); } } catch (Exception e) { Console.WriteLine("caught " + e.Message); } finally { Console.WriteLine("finally 2"); } });
            A(() => { using (var a = new Tracked4("a")) using (var b = new Tracked4("b")) Console.WriteLine("body"); });
            A(() => { var bag = new Bag4<int> { 3, 1, 2 }; var bag2 = new Bag4<string>(); Console.WriteLine(bag.OrderBy(x => x).First() + " " + bag.Sum() + " " + Bag4<int>.Instances + Bag4<string>.Instances); });
            P(() => { var p = new Polite4(); IGreeter4 g = p; return p.Greet() + " / " + g.Greet(); });
            P(() => { var byLen = Comparer<string>.Create((x, y) => x.Length.CompareTo(y.Length)); var l = new List<string> { "ccc", "a", "bb" }; l.Sort(byLen); var d = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) { ["Key"] = 1 }; return string.Join(",", l) + d["KEY"] + d.ContainsKey("kEy"); });
            A(() => { var pub = new Publisher4(); Action<string> h1 = m => Console.WriteLine("h1 " + m); Action<string> h2 = m => Console.WriteLine("h2 " + m); pub.Published += h1; pub.Published += h2; pub.Publish("x"); Console.WriteLine(pub.Count); pub.Published -= h1; pub.Publish("y"); var combined = (Action<string>)Delegate.Combine(h1, h2); combined("z"); });
            P(() => { Func<int, Func<int, int>> add = x => y => x + y; Func<int, int> inc = add(1); Func<int, int> twice = x => inc(inc(x)); return twice(5); });
            P(() => { object[] things = { 3, "four", 5.0, null, new Shape4("sq", 2), (1, 2) }; return string.Join(" ", things.Select(t => t switch { int i when i > 2 => "big int", string { Length: 4 } => "four-letter", double d => $"double {d}", null => "null", Shape4 { Kind: "sq", Size: var sz } => $"square {sz}", (int a, int b) => $"pair {a + b}", _ => "?" })); });
            P(() => { object big = (1, 2, 3, 4, 5, 6, 7, 8, 9); var t = (System.Runtime.CompilerServices.ITuple)big; return t.Length + " " + t[7] + " " + t[8] + " " + (big is (int, int, int, int, int, int, int, int, int q) ? q : -1); });
            P(() => { int x = 3, y = 0; return (x, y) switch { (0, 0) => "origin", (_, 0) => "x-axis", (0, _) => "y-axis", _ => "plane" }; });
            P(() => { string s = null; object o = s; return (s?.Length ?? -1) + " " + (o is not null) + " " + (s is { } ? "some" : "none"); });
            P(() => Math.Round(1.005, 2) + " " + (0.1 + 0.2).ToString("R") + " " + (double)0.1m + " " + (0.1f).ToString("R") + " " + 1.0 + " " + 100000000.0 + " " + 1e16 + " " + 123.456e-10 + " " + (1.0f / 3).ToString() + " " + (float)(1.0 / 3) + " " + 2.5e-5f);
            P(() => Math.Round(2.5, MidpointRounding.ToEven) + " " + Math.Round(2.7, MidpointRounding.ToZero) + " " + Math.Round(-2.2, MidpointRounding.ToNegativeInfinity) + " " + Math.Round(2.2, MidpointRounding.ToPositiveInfinity) + " " + BigInteger.Pow(2, 100) + " " + BigInteger.Parse("123456789012345678901234567890") % 97);
            P(() => int.Parse("-0") + " " + int.Parse("+5") + " " + int.Parse("ff", NumberStyles.HexNumber) + " " + "a,,b".Split(',').Length + " " + "  42 ".Trim() + "|" + long.MaxValue + 1 + " " + unchecked(long.MaxValue + 1) + " " + (ulong)long.MaxValue * 2);
            P(() => string.Join(",", new List<string> { "b", "A", "a", "B", "item10", "item2", "Item1", "_x", "-y", "ab", "a b", "Zeta", "éclair", "eclair", "10", "9", "" }.OrderBy(s => s)));
            P(() => string.Compare("a", "B") + " " + "a".CompareTo("B") + " " + string.Compare("a", "B", StringComparison.Ordinal) + " " + string.Equals("ǅ", "ǆ", StringComparison.InvariantCultureIgnoreCase) + " " + "i".ToUpper() + " " + "straße".ToUpper() + " " + char.ToUpperInvariant('ß') + " " + StringComparer.InvariantCultureIgnoreCase.Equals("ABC", "abc") + " " + string.Compare("résumé", "resume", CultureInfo.InvariantCulture, CompareOptions.IgnoreNonSpace));
            P(() => string.Format("{0,-10}|{1,5}|{2,8:F2}|{3,-6:X}|", "left", 42, Math.PI, 255) + $"{7,4}{"r",-3}|");
            A(() => { Console.WriteLine(1.0); Console.WriteLine(1.0f / 3); Console.WriteLine(0.1m + 0.2m); Console.WriteLine(-0.0f); Console.WriteLine(float.NaN); Console.WriteLine((object)'x'); Console.WriteLine(12345678901L); });
            P(() => { var d = new Dictionary<string, int> { ["x"] = 1 }; d.Add("x", 2); return 0; });
            P(() => new List<int> { 1 }[5]);
            P(() => new Stack<int>().Pop());
            P(() => new Queue<int>().Dequeue());
            P(() => "abc".Substring(5));
            P(() => int.Parse(null));
            P(() => new[] { 1, 2 }.First(x => x > 5));
            P(() => (string)null + "x");
            P(() => { int n = -1; return new int[n].Length; });
            P(() => { int? n = null; return n.Value; });
            P(() => Convert.ToInt32("abc"));
            P(() => (long)(object)5);
            P(() => "abc"[5]);
            P(() => { var l = new List<int>(); l.RemoveAt(10); return 0; });
            P(() => { var d = new Dictionary<int, int> { [1] = 1, [2] = 2 }; foreach (var k in d.Keys) d.Remove(k); return d.Count; });
            P(() => { var d = new Dictionary<int, int> { [1] = 1, [2] = 2 }; foreach (var k in d.Keys) d[k] = 5; return d.Values.Sum(); });
            P(() => { var l = new List<int> { 1, 2 }; foreach (var x in l) l[0] = 9; return l[0]; });
            P(() => string.Join(",", (string[])null));
            P(() => new ArgumentException().Message + " | " + new InvalidOperationException().Message + " | " + new FormatException().Message + " | " + new IndexOutOfRangeException().Message + " | " + new KeyNotFoundException().Message + " | " + new Exception().Message + " | " + new ApplicationException().Message);
            P(() => new NullReferenceException().Message + " | " + new InvalidCastException().Message + " | " + new OutOfMemoryException().Message + " | " + new StackOverflowException().Message + " | " + new DivideByZeroException().Message + " | " + new OverflowException().Message + " | " + new ArithmeticException().Message + " | " + new NotImplementedException("todo").Message + " | " + new ArgumentOutOfRangeException().Message);
        }
    }
}

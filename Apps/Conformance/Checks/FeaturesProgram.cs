using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using static Sing.Conformance.EachLine;

namespace Sing.Conformance
{
    internal abstract class Animal6 { public abstract Animal6 Clone(); public virtual T Convert<T>(Func<Animal6, T> f) => f(this); public override string ToString() => GetType().Name; }
    internal sealed class Cat6 : Animal6 { public override Cat6 Clone() => new Cat6(); public override T Convert<T>(Func<Animal6, T> f) => f(new Cat6()); }
    internal interface ILogger6 { void Log(string m) => Write("[" + Level + "] " + m); string Level => "info"; void Write(string s); }
    internal sealed class ConsoleLogger6 : ILogger6 { public void Write(string s) => Console.WriteLine(s); }
    [Flags] internal enum Access6 { None = 0, Read = 1, Write = 2, Admin = 4 }
    internal struct Counter6 { public int Count = 10; public Counter6() { } public Counter6(int c) { Count = c; } }
    internal readonly record struct Money6(decimal Amount, string Currency) { public static Money6 operator checked +(Money6 a, Money6 b) => new(checked(a.Amount + b.Amount), a.Currency); public static Money6 operator +(Money6 a, Money6 b) => new(a.Amount + b.Amount, a.Currency); }

    /// <summary>Language features a compiler and runtime must carry through: covariant returns and generic virtual
    /// methods, default interface members, ref returns and `in`, struct field initializers, enum flags formatting,
    /// collection expressions, checked operators, nullable unboxing, query syntax (let, join into, group into, two
    /// froms), async lambdas in LINQ, static local functions, exception filters with side effects, long tuples.</summary>
    internal static class FeaturesProgram
    {
        static ref int Largest(int[] xs) { int at = 0; for (int i = 1; i < xs.Length; i++) if (xs[i] > xs[at]) at = i; return ref xs[at]; }
        static int SumIn(in Counter6 c) => c.Count;
        static string Names<T>() where T : struct, Enum => string.Join("|", Enum.GetValues<T>());
        static string Kind(Type t) => t switch { _ when t == typeof(int) => "int", _ when t.IsArray => "array", _ => t.Name };
        static async Task<int> Square(int x) { await Task.Yield(); return x * x; }

        public static void Run()
        {
            P(() => new Cat6().Clone() + " " + new Cat6().Convert(a => a.ToString().Length) + " " + ((Animal6)new Cat6()).Convert(a => "via " + a));
            P(() => { ILogger6 l = new ConsoleLogger6(); l.Log("started"); return l.Level; });
            P(() => { var xs = new[] { 3, 9, 4 }; ref int big = ref Largest(xs); big = 0; ref readonly int first = ref xs[0]; return string.Join(",", xs) + " " + first + " " + SumIn(new Counter6()) + " " + new Counter6().Count + " " + default(Counter6).Count + " " + new Counter6(3).Count; });
            P(() => Names<Access6>() + " " + (Access6.Read | Access6.Admin).HasFlag(Access6.Admin) + " " + (Access6.Read | Access6.Write).ToString("F") + " " + Access6.Admin.ToString("X") + " " + ((Access6)3).ToString("D") + " " + Enum.IsDefined(Access6.Read | Access6.Write));
            P(() => { var m = new Money6(1.5m, "EUR") + new Money6(2m, "EUR"); return m + " " + checked(m + m).Amount + " " + (m with { Currency = "USD" }); });
            P(() => { object o = 5; int? n = (int?)o; object none = null; int? m = (int?)none; long? l = 7; object bl = l; return n + " " + m.HasValue + " " + bl.GetType().Name + " " + (o is int?); });
            P(() => { int[] s = [1, 2, 3]; int[] t = [4, 5]; int[] u = [.. s, .. t]; List<int> v = []; HashSet<string> h = ["a", "b", "a"]; return s.Length + t[1] + u.Sum() + v.Count + h.Count; });
            P(() => Kind(typeof(int)) + Kind(typeof(string[])) + Kind(typeof(List<int>)) + " " + nameof(List<int>.Count));
            var people = new[] { (Name: "Ann", Dept: 1, Age: 30), (Name: "Bob", Dept: 2, Age: 25), (Name: "Cy", Dept: 1, Age: 41) };
            var depts = new[] { (Id: 1, Title: "Eng"), (Id: 2, Title: "Ops"), (Id: 3, Title: "HR") };
            P(() => string.Join("; ", from p in people let decade = p.Age / 10 * 10 where decade >= 20 orderby p.Age descending select $"{p.Name}:{decade}"));
            P(() => string.Join("; ", from d in depts join p in people on d.Id equals p.Dept into staff select $"{d.Title}={staff.Count()}"));
            P(() => string.Join("; ", from p in people group p.Name by p.Dept into g orderby g.Key select $"{g.Key}:{string.Join("+", g)}"));
            P(() => string.Join("; ", from d in depts from p in people where p.Dept == d.Id select d.Title + "/" + p.Name));
            P(() => string.Join(",", Task.WhenAll(new[] { 1, 2, 3 }.Select(async x => await Square(x))).Result));
            P(() => "Hello World".Contains("WORLD", StringComparison.OrdinalIgnoreCase) + " " + string.Create(3, 'z', (span, c) => span.Fill(c)) + " " + "a-b".Replace('-', '+') + " " + "x".Equals(null) + " " + string.CompareOrdinal("a", "b"));
            P(() => { static int Fact(int n) => n <= 1 ? 1 : n * Fact(n - 1); return Fact(10); });
            P(() => { int calls = 0; bool Log(Exception e) { calls++; return false; } try { try { throw new InvalidOperationException("x"); } catch (Exception e) when (Log(e)) { } } catch (InvalidOperationException) { } return calls; });
            P(() => { var t = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10); var list = new List<(int, string)> { (2, "b"), (1, "a") }; list.Sort(); return t.Item10 + " " + t + " " + list[0]; });
            P(() => { var groups = Enumerable.Range(1, 6).GroupBy(x => x % 3).ToDictionary(g => g.Key, g => g.ToList()); return string.Join(" ", groups.Select(kv => kv.Key + "=" + string.Join(",", kv.Value))); });
        }
    }
}

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
    internal record Animal3(string Name);
    internal record Dog3(string Name, string Breed) : Animal3(Name);
    internal record struct PointR3(int X, int Y);
    internal sealed class Version3 : IComparable<Version3> { public int Major; public int CompareTo(Version3 o) => Major.CompareTo(o.Major); public override string ToString() => "v" + Major; }
    internal static class Order3 { static Order3() { Console.WriteLine("static ctor ran"); } public static int Value = 5; }
    internal sealed class Widget3 { public int Id { get; set; } public Widget3() { Id = 7; } }

    /// <summary>What tutorials teach in their first chapters: List/Dictionary/SortedList/Stack/Queue/PriorityQueue
    /// members, StringBuilder, arrays (paired sort, copies, 2-D), the generic-math statics on int and double,
    /// encodings, grouping and joining, records with inheritance, type questions, static constructor order, lazy
    /// evaluation, the ThrowIf guards, enum and TimeSpan/DateTime parsing and formatting. Each line runs on its own.</summary>
    internal static class BasicsProgram
    {
        static T Make<T>() where T : class, new() => new T();
        static IEnumerable<int> Counted() { try { for (int i = 0; ; i++) { Console.WriteLine("yield " + i); yield return i; } } finally { Console.WriteLine("iterator finally"); } }
        static string Describe<T>(T value) => $"{typeof(T).Name} {typeof(T).IsValueType} {value?.GetType().Name ?? "null"} {default(T)?.ToString() ?? "null"}";

        public static void Run()
        {
            P(() => string.Format("{0:yyyy-MM-dd} {1:hh\\:mm} {2:D3} {3:0.0#} [{4,-8:C}] {5:dddd}", new DateTime(2024, 5, 6), TimeSpan.FromMinutes(75), 7, 1.5, 2.5m, new DateTime(2024, 5, 6)));
            var list = new List<int> { 4, 8, 15, 16, 23, 42 };
            P(() => list.Find(x => x > 10) + " " + list.FindLast(x => x < 20) + " " + list.TrueForAll(x => x > 0) + " " + list.Exists(x => x == 23) + " " + list.IndexOf(15, 1) + " " + list.LastIndexOf(42) + " " + list.BinarySearch(16) + " " + list.GetRange(1, 2).Sum() + " " + list.Capacity);
            P(() => { var l2 = new List<int>(list); l2.Reverse(); var arr = new int[8]; l2.CopyTo(arr, 1); l2.InsertRange(0, new[] { 1, 2 }); l2.RemoveRange(0, 1); return string.Join(",", arr) + " " + string.Join(",", l2); });
            var dict = new Dictionary<string, int> { ["pear"] = 3, ["apple"] = 5, ["fig"] = 1 };
            A(() => { foreach (var (k, v) in dict.OrderBy(kv => kv.Value)) Console.Write($"{k}={v};"); Console.WriteLine(); });
            P(() => string.Join(",", dict.Keys.ToList()) + " " + string.Join(",", dict.Values.OrderDescending()) + " " + dict.ContainsValue(5) + " " + dict.Count(kv => kv.Key.Length > 3));
            P(() => { var sl = new SortedList<string, int> { ["b"] = 2, ["a"] = 1, ["c"] = 3 }; return string.Join(",", sl.Keys) + sl.IndexOfKey("c") + sl.Values[0]; });
            P(() => { var st = new Stack<int>(new[] { 1, 2, 3 }); var q = new Queue<string>(new[] { "a", "b" }); st.TryPop(out int top); q.TryDequeue(out string first); return top + " " + st.Peek() + " " + first + " " + q.Count + " " + string.Join("", st); });
            P(() => { var pq = new PriorityQueue<string, int>(); pq.Enqueue("low", 5); pq.Enqueue("high", 1); var r = pq.EnqueueDequeue("mid", 3); return r + " " + pq.Dequeue() + " " + pq.Count; });
            P(() => string.Join(", ", list.Select((x, i) => $"{i}:{x}")));
            P(() => { var sb = new StringBuilder("hello!"); sb.Length--; sb[0] = 'H'; return sb.ToString(0, 3) + sb + sb.Length + sb.ToString().IndexOf('l'); });
            P(() => char.IsLetterOrDigit('_') + " " + char.ToUpper('ä') + " " + char.IsAsciiLetter('z') + " " + char.IsControl('\n') + " " + char.IsSymbol('+') + " " + char.IsSeparator(' '));
            P(() => { int[] keys = { 3, 1, 2 }; string[] items = { "c", "a", "b" }; Array.Sort(keys, items); var copy = new int[5]; Array.Copy(keys, 0, copy, 2, 3); Array.Clear(copy, 0, 1); var cl = (int[])keys.Clone(); return string.Join("", items) + Array.BinarySearch(keys, 2) + string.Join(",", copy) + cl.Length; });
            P(() => { var grid = new int[2, 3] { { 1, 2, 3 }, { 4, 5, 6 } }; int s = 0; foreach (var x in grid) s += x; return s + " " + grid.GetUpperBound(1) + " " + grid[1, 2]; });
            P(() => Math.Max(1.5m, 2.5m) + " " + Math.Min(3L, 4L) + " " + int.MaxValue.ToString("N0") + " " + Math.DivRem(17, 5, out int rem) + rem + " " + Math.BigMul(int.MaxValue, 2) + " " + int.Max(3, 9) + " " + double.Clamp(5.5, 0, 2) + " " + int.IsPow2(64) + " " + int.Log2(1000) + " " + int.Abs(-4));
            P(() => long.Parse("1e3"));
            P(() => double.TryParse("NaN", NumberStyles.Float, CultureInfo.InvariantCulture, out double n) + " " + n + " " + double.PositiveInfinity + " " + double.NegativeInfinity + " " + double.MaxValue + " " + (0.1 * 3) + " " + 1e300 * 1e10);
            P(() => BitConverter.ToString(new byte[] { 1, 255, 16 }) + " " + Encoding.ASCII.GetBytes("hi")[1] + " " + Encoding.UTF8.GetString(new byte[] { 0xC3, 0xA9 }) + " " + Encoding.UTF8.GetByteCount("é€") + " " + Encoding.Unicode.GetBytes("a").Length);
            P(() => Enumerable.Range(1, 4).Aggregate(10, (acc, x) => acc + x, acc => acc * 2) + " " + Enumerable.Empty<int>().Count() + " " + string.Join("", Enumerable.Repeat('x', 3)));
            P(() => Enumerable.Range(0, -1));
            var people = new[] { (Name: "Ann", Dept: "IT", Pay: 100), (Name: "Bob", Dept: "HR", Pay: 80), (Name: "Cid", Dept: "IT", Pay: 120), (Name: "Dee", Dept: "HR", Pay: 80) };
            P(() => string.Join("; ", people.GroupBy(p => p.Dept, p => p.Pay, (d, pays) => $"{d}: {pays.Sum()} ({pays.Count()})")));
            P(() => string.Join(",", people.OrderByDescending(p => p.Pay).ThenByDescending(p => p.Name).Select(p => p.Name)));
            P(() => string.Join(",", people.Join(people, a => new { a.Dept, a.Pay }, b => new { b.Dept, b.Pay }, (a, b) => a.Name + b.Name).Where(s => s[0] != s[3])));
            P(() => string.Join(",", new[] { "ab", "cd" }.SelectMany((s, i) => s.Select(c => $"{c}{i}"))) + " " + people.Max(p => p.Name) + " " + new[] { new Version3 { Major = 2 }, new Version3 { Major = 9 } }.Max() + " " + people.MinBy(p => p.Pay).Name + " " + people.DistinctBy(p => p.Dept).Count() + " " + people.Sum(p => (long)p.Pay));
            P(() => { var l = people.ToLookup(p => p.Pay); return l[80].Count() + " " + l.Count + " " + l.Contains(99); });
            P(() => new Dog3("Rex", "Lab") + " " + (new Animal3("Rex") == new Dog3("Rex", "Lab")) + " " + new Dog3("Rex", "Lab").Equals(new Dog3("Rex", "Lab")) + " " + (new Dog3("a", "b") with { Breed = "c" }));
            P(() => { var p = new PointR3(1, 2); p.X = 5; var (x, y) = p; return p + " " + x + y + " " + (p == new PointR3(5, 2)); });
            P(() => { IEnumerable<object> objs = new List<string> { "a" }; return objs.First() + " " + Make<Widget3>().Id + " " + Activator.CreateInstance<Widget3>().Id; });
            P(() => Describe(5) + " | " + Describe("s") + " | " + Describe<int?>(null) + " | " + Describe(new List<int>()));
            P(() => typeof(int).IsValueType + " " + typeof(string).IsClass + " " + typeof(DayOfWeek).IsEnum + " " + typeof(List<int>).IsGenericType + " " + typeof(List<int>).GetGenericArguments()[0].Name + " " + typeof(Dog3).BaseType.Name + " " + typeof(Animal3).IsAssignableFrom(typeof(Dog3)) + " " + typeof(IComparable<Version3>).IsAssignableFrom(typeof(Version3)));
            P(() => (5.GetType() == typeof(int)) + " " + ((object)"x" is string) + " " + ((1, 2) == (1, 2)) + " " + (default(int?) == null));
            A(() => { Console.WriteLine("before static"); Console.WriteLine(Order3.Value); });
            A(() => { foreach (int i in Counted()) if (i == 1) break; });
            A(() => { var lz = new Lazy<string>(() => { Console.WriteLine("computing"); return "v"; }); Console.WriteLine(lz.IsValueCreated); Console.WriteLine(lz.Value + lz.Value + lz.IsValueCreated); });
            A(() => { var q = new[] { 1, 2, 3 }.Select(x => { Console.Write("s" + x); return x * 2; }).Where(x => { Console.Write("w" + x); return x > 2; }); Console.WriteLine(); Console.WriteLine(string.Join(",", q)); });
            P(() => { ArgumentException.ThrowIfNullOrEmpty(""); return 0; });
            P(() => { ArgumentOutOfRangeException.ThrowIfNegative(-1); return 0; });
            P(() => { ArgumentNullException.ThrowIfNull((object)null); return 0; });
            P(() => { ArgumentOutOfRangeException.ThrowIfGreaterThan(5, 3); return 0; });
            P(() => { ObjectDisposedException.ThrowIf(true, "x"); return 0; });
            P(() => string.Concat(new List<string> { "a", "b" }) + string.Join('-', new[] { 1, 2 }) + new string("abc".AsSpan().ToArray().Reverse().ToArray()));
            P(() => Enum.GetValues<DayOfWeek>().Length + " " + Enum.GetName(DayOfWeek.Friday) + " " + Enum.GetName(typeof(DayOfWeek), 2) + " " + (DayOfWeek)10);
            P(() => Enum.Parse<DayOfWeek>("Funday"));
            P(() => TimeSpan.Parse("01:30") + " " + TimeSpan.FromMinutes(-90) + " " + TimeSpan.FromMinutes(-90).ToString("c") + " " + new TimeSpan(1, 2, 3, 4, 5) + " " + TimeSpan.FromSeconds(90).TotalMinutes + " " + TimeSpan.Zero + " " + TimeSpan.MaxValue);
            P(() => DateTime.Parse("2024-01-15 10:30") + " " + DateTime.ParseExact("15/01/2024", "dd/MM/yyyy", CultureInfo.InvariantCulture).AddDays(-1).ToShortDateString() + " " + DateTime.DaysInMonth(2024, 2) + DateTime.IsLeapYear(2023) + " " + new DateTime(2024, 12, 31).DayOfYear + " " + (new DateTime(2024, 3, 1) - new DateTime(2023, 3, 1)).TotalDays + " " + new DateTime(2024, 7, 4).ToString("yyyyMMdd") + " " + DateTime.Compare(new DateTime(1), new DateTime(2)));
            P(() => new DateTime(2024, 1, 2, 3, 4, 5).Date + " " + new DateTime(2024, 1, 2, 3, 4, 5).TimeOfDay + " " + DateTimeOffset.FromUnixTimeSeconds(0) + " " + new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero).ToUnixTimeMilliseconds() + " " + new DateTime(2024, 1, 1).ToString("MMMM yyyy, ddd") + " " + new DateTime(2024, 1, 1, 15, 0, 0).ToString("h tt"));
            P(() => CultureInfo.CurrentCulture.Name + "|" + CultureInfo.InvariantCulture.NumberFormat.CurrencySymbol + "|" + CultureInfo.InvariantCulture.DateTimeFormat.ShortDatePattern);
            P(() => { int[] a = { 5, 6, 7 }; Span<int> s = a; s.Reverse(); a.AsSpan(1).Fill(0); return string.Join(",", a) + " " + a.AsSpan().Contains(5) + " " + a.AsSpan().IndexOfAny(0, 7); });
        }
    }
}

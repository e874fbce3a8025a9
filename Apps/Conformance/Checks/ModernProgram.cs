using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using System.Numerics;
using System.Diagnostics;
using System.IO;
using System.Runtime.CompilerServices;
using static Sing.Conformance.EachLine;

namespace Sing.Conformance
{
    [Flags] internal enum Perm { None = 0, Read = 1, Write = 2, Exec = 4, All = Read | Write | Exec }
    internal sealed class Book
    {
        public required string Title { get; init; }
        public required string Author { get; init; }
        public int Year { get; init; }
        public DateOnly Added { get; init; }
    }
    internal interface IShapeX { double Area { get; } string Describe() => $"{GetType().Name} with area {Area:F2}"; }
    internal abstract class ShapeX : IShapeX, IComparable<ShapeX> { public abstract double Area { get; } public int CompareTo(ShapeX o) => Area.CompareTo(o.Area); public override string ToString() => $"{GetType().Name}({Area:0.##})"; }
    internal sealed class CircleX(double r) : ShapeX { public override double Area => Math.PI * r * r; }
    internal readonly record struct Vec(double X, double Y) { public static Vec operator +(Vec a, Vec b) => new(a.X + b.X, a.Y + b.Y); }
    internal sealed class Res : IAsyncDisposable, IDisposable { public ValueTask DisposeAsync() { Console.WriteLine("async disposed"); return default; } public void Dispose() => Console.WriteLine("disposed"); }

    /// <summary>What a developer fresh from modern C# writes without thinking: required/init members, records with
    /// `with`, primary constructors, default interface methods, generic math, async streams (`await foreach`,
    /// `await using`, [EnumeratorCancellation]), DateOnly/TimeOnly, seeded Random, formats and collections. Each line
    /// runs on its own, so one divergence shows as one line ("!! Exception: message" when it throws).</summary>
    internal static class ModernProgram
    {
        static T Sum<T>(IEnumerable<T> xs) where T : INumber<T> { T s = T.Zero; foreach (var x in xs) s += x; return s; }
        static async IAsyncEnumerable<int> Numbers([EnumeratorCancellation] CancellationToken ct = default) { for (int i = 0; i < 3; i++) { await Task.Delay(1, ct); yield return i; } }

        public static async Task Run()
        {
            var books = new List<Book> { new() { Title = "A", Author = "X", Year = 1999, Added = new DateOnly(2020, 1, 2) } };
            var lookup = books.ToLookup(b => b.Author);
            var joined = books.Join(books, a => a.Author, b => b.Author, (a, b) => a.Title + b.Title);
            var gj = books.GroupJoin(books, a => a.Author, b => b.Author, (a, bs) => bs.Count());
            P(() => lookup["X"].Count() + " " + string.Join(",", joined) + " " + gj.Sum() + " " + books[0].Added);
            P(() => $"{Perm.Read | Perm.Write} {Perm.All} {(Perm)8} {Enum.Parse<Perm>("Read, Exec")}");
            foreach (var p in Enum.GetValues<Perm>()) Console.Write(p);
            P(() => string.Join(",", Enum.GetNames(typeof(Perm))));
            int[,] m = new int[3, 3]; m[1, 2] = 5; P(() => m.GetLength(0) + m.Rank + m.Length);
            int[][] jag = new int[2][]; jag[0] = new[] { 1 };
            P(() => $"{Math.PI:F3} {1234.5678:E2} {0.1 + 0.2} {1e21} {double.Epsilon}"); P(() => $"{123456789.0:N0}"); P(() => $"{0.5:P1}"); P(() => $"{42:D5} {255:x4}"); P(() => $"{-3.5:C}");
            try { checked { int x = int.MaxValue; x++; } } catch (OverflowException e) { Console.WriteLine(e.Message); }
            await foreach (int n in Numbers()) Console.Write(n);
            await using (var r = new Res()) { }
            using var r2 = new Res();
            var lazy = new Lazy<int>(() => 42); P(() => lazy.Value);
            P(() => Sum(new[] { 1.5, 2.5 }) + Sum(new[] { 1, 2 }));
            IShapeX c = new CircleX(1); P(() => c.Describe());
            var shapes = new List<ShapeX> { new CircleX(2), new CircleX(1) }; shapes.Sort(); P(() => string.Join(" ", shapes));
            var v = new Vec(1, 2) + new Vec(3, 4); P(() => v); Console.WriteLine(v with { X = 0 });
            var rnd = new Random(42); P(() => $"{rnd.Next()} {rnd.Next(100)} {rnd.NextDouble():F6} {rnd.Next(5, 10)}");
            var sd = new SortedDictionary<string, int> { ["b"] = 1, ["a"] = 2 }; var ss = new SortedSet<int> { 3, 1, 2 }; var ll = new LinkedList<int>(new[] { 1, 2 });
            ll.AddFirst(0); P(() => string.Join(",", ll) + ss.Min + ss.Max + sd.First().Key);
            var ro = new ReadOnlyCollection<int>(new List<int> { 1 }); var od = new ReadOnlyDictionary<int, int>(new Dictionary<int, int>());
            var list = new List<int> { 5, 3, 1 }; list.RemoveAll(x => x > 4); P(() => list.ConvertAll(x => x * 2).FindIndex(x => x == 2));
            P(() => Convert.ToBase64String(Encoding.UTF8.GetBytes("héllo")) + Convert.ToHexString(new byte[] { 1, 255 }) + BitOperations.PopCount(255u));
            P(() => TimeSpan.FromMinutes(90.5).ToString(@"hh\:mm\:ss") + " " + TimeSpan.FromSeconds(3661));
            P(() => new DateTime(2024, 2, 29, 13, 5, 0).ToString("dddd, MMMM d, yyyy h:mm tt") + new DateTime(2024, 1, 1).AddMonths(1).DayOfWeek + new TimeOnly(13, 30));
            P(() => int.Parse("1,234", NumberStyles.AllowThousands) + double.Parse("1.5e3", CultureInfo.InvariantCulture));
            var sw = Stopwatch.StartNew(); sw.Stop(); P(() => sw.ElapsedMilliseconds >= 0);
            var sb = new StringBuilder(); sb.AppendLine("a").AppendFormat("{0:0.0}", 1.25).Insert(0, "z").Replace("a", "b"); P(() => sb);
            Span<int> st = stackalloc int[4]; st.Fill(1); int stSum = st.ToArray().Sum(); P(() => stSum);
            var tuple = (Name: "a", Age: 3); var (nm, ag) = tuple; P(() => tuple + nm);
            object o = 3; if (o is int i and > 2) P(() => o switch { int k when k > 2 => "big", _ => "small" });
            var chunks = Enumerable.Range(1, 10).Chunk(3).Select(ch => ch.Sum()); P(() => string.Join(",", chunks));
            P(() => Enumerable.Range(1, 5).Aggregate((a, b) => a * b) + new[] { "a", "bb" }.MaxBy(s => s.Length) + new[] { 3, 1 }.Order().First());
            P(() => string.Join(",", new[] { "a", "b", "a" }.CountBy(s => s).Select(kv => kv.Key + kv.Value)));
            P(() => string.Join(",", new[] { "a", "b" }.Index().Select(x => x.Index + x.Item)));
            P(() => Environment.NewLine.Length + " " + Environment.TickCount64.GetType().Name);
            var dict = new Dictionary<string, int>(); dict.TryAdd("a", 1); P(() => dict.GetValueOrDefault("b", 7));
            P(() => string.Format(CultureInfo.InvariantCulture, "{0,8:F2}|{1,-5}|", 3.14159, "ab"));
            P(() => Guid.Empty + " " + new Guid("12345678-1234-1234-1234-123456789abc").ToString("N"));
            P(() => Math.Round(2.5) + Math.Round(3.5) + Math.Round(2.345, 2, MidpointRounding.AwayFromZero) + Math.Clamp(5, 1, 3) + Math.Cbrt(27) + Math.Atan2(1, 1) + Math.Log10(1000) + Math.Log2(8));
            P(() => char.GetUnicodeCategory('a') + " " + char.IsPunctuation('!') + char.IsWhiteSpace('\t') + char.IsSurrogate('\ud800'));
            P(() => "Hello World".Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Length + "abc".Replace("b", "", StringComparison.Ordinal) + "abc".Contains('b') + "a,b;c".Split(new[] { ',', ';' }).Length);
            string raw = """
                {"a": 1}
                """; P(() => raw);
            P(() => nameof(ModernProgram) + typeof(List<int>).Name + typeof(Dictionary<string, int>).Name + new List<int>().GetType());
            var q = from b in books where b.Year > 1900 orderby b.Title descending select new { b.Title, b.Year }; P(() => q.First());
            var arr = new[] { 3, 1, 2 }; Array.Sort(arr, (a, b) => b.CompareTo(a)); Array.Reverse(arr); Array.Resize(ref arr, 5); P(() => string.Join(",", arr) + Array.IndexOf(arr, 2) + Array.Exists(arr, x => x == 3) + Array.ConvertAll(arr, x => x.ToString()).Length);
            var hs = new HashSet<int> { 1, 2 }; hs.IntersectWith(new[] { 2, 3 }); hs.UnionWith(new[] { 9 }); P(() => hs.SetEquals(new[] { 2, 9 }) + " " + hs.IsSubsetOf(new[] { 2, 9, 10 }));
            P(() => Task.WhenAll(Task.FromResult(1), Task.FromResult(2)).Result.Sum());
            P(() => Convert.ToInt32("ff", 16) + Convert.ToString(10, 2) + Convert.ToDouble("2.5") + Convert.ToBoolean("true"));
            P(() => double.IsNaN(0.0 / 0.0) + " " + (1.0 / 0) + " " + float.MaxValue + " " + (decimal)1.1f + " " + 10m / 3m + " " + Math.Round(10m / 3m, 2));
            P(() => string.Concat(Enumerable.Repeat("ab", 3)) + new string('-', 3) + "x".PadLeft(3, '.') + "abc"[^1] + "abcdef"[1..3] + "ABC".ToLower() + string.IsNullOrWhiteSpace(" "));
            int? ni = null; ni ??= 5; P(() => ni + (ni?.ToString() ?? "null"));
            IEnumerable<int> Gen() { yield return 1; yield break; }
            P(() => Gen().Single());
            P(() => new StringWriter().ToString() + (Console.Out is TextWriter));
        }
    }
}

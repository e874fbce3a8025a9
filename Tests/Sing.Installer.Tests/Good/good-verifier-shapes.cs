// Everyday safe C# in many shapes that the IL verifier (ECMA-335 III.1.8) must accept: generics with constraints
// and variance, closures and static lambdas, delegates of every kind, iterators, try/catch/filter/finally,
// structs (readonly, with `in` and `ref` parameters and ref returns into arrays), ref structs over spans, string
// interpolation, switch expressions, nullable values, enums, boxing, casts, multi-dimensional arrays.
// manifest: ../Corpus/Shared/app.xml
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Shapes.Run(3);
    }

    internal enum Color : byte { Red, Green, Blue }

    internal interface IShape { int Area(); }

    internal readonly struct Square : IShape, IEquatable<Square>
    {
        private readonly int _side;
        public Square(int side) { _side = side; }
        public int Area() => _side * _side;
        public bool Equals(Square other) => other._side == _side;
        public int Side => _side;
    }

    internal struct Counter
    {
        public int Value;
        public void Bump() => Value++;
        public readonly int Peek() => Value;
    }

    internal sealed class Box<T> where T : IShape
    {
        private readonly List<T> _items = new();
        public void Add(T item) => _items.Add(item);
        public int Total()
        {
            int sum = 0;
            foreach (T item in _items) sum += item.Area();
            return sum;
        }
        public TOut Fold<TOut>(TOut seed, Func<TOut, T, TOut> f)
        {
            TOut acc = seed;
            for (int i = 0; i < _items.Count; i++) acc = f(acc, _items[i]);
            return acc;
        }
    }

    internal abstract class Animal
    {
        public abstract string Name { get; }
        public virtual int Legs => 4;
    }

    internal sealed class Bird : Animal
    {
        public override string Name => "bird";
        public override int Legs => base.Legs - 2;
    }

    internal ref struct Cursor
    {
        private ReadOnlySpan<char> _rest;
        public Cursor(ReadOnlySpan<char> text) { _rest = text; }
        public bool Next(out char c)
        {
            if (_rest.Length == 0) { c = '\0'; return false; }
            c = _rest[0];
            _rest = _rest.Slice(1);
            return true;
        }
    }

    internal static class Shapes
    {
        private static readonly int[] s_table = { 3, 1, 4, 1, 5, 9, 2, 6 };
        private static int s_calls;

        public static int Run(int n)
        {
            var box = new Box<Square>();
            for (int i = 1; i <= n; i++) box.Add(new Square(i));
            int total = box.Total() + box.Fold(0, (acc, s) => acc + s.Side);
            int offset = n * 2;
            Func<int, int> add = x => x + offset;
            Func<int, int> twice = static x => 2 * x;
            Action bump = () => s_calls++;
            bump();
            Func<Animal, string> name = a => a.Name;
            Func<Bird, object> covariant = name;
            Predicate<int> even = IsEven;
            Comparison<string> cmp = string.CompareOrdinal;
            total += add(twice(n)) + (even(total) ? 1 : 0) + (covariant(new Bird()) is string ? 1 : 0) + cmp("a", "b");

            foreach (int v in Evens(10)) total += v;
            total += Sum(s_table) + Sum(new ReadOnlySpan<int>(s_table, 1, 3));
            ref int slot = ref Find(s_table, 9);
            slot = 10;

            var c = new Counter();
            c.Bump();
            Bump(ref c);
            total += Read(in c) + c.Peek();

            Color color = (Color)(total % 3);
            total += color switch { Color.Red => 1, Color.Green => 2, _ => 3 };
            object boxed = color;
            if (boxed is Color back && back == color) total++;
            int? maybe = total > 5 ? total : null;
            total += maybe ?? 0;
            total += maybe.HasValue ? maybe.Value : 0;
            IShape shape = new Square(2);
            total += shape.Area();
            if (shape is Square sq) total += sq.Side;
            IEnumerable<object> objects = new List<string> { "x", "y" };
            foreach (object o in objects) total += o.ToString()!.Length;

            int[,] grid = new int[2, 3];
            grid[1, 2] = 7;
            total += grid[1, 2] + grid.Length;

            var cursor = new Cursor("abc".AsSpan());
            while (cursor.Next(out char ch)) total += ch;
            Span<int> span = new int[4];
            span[0] = total;
            span.Slice(1).Fill(1);
            total += span[0] + span[3];

            total += Guarded(total) + Filtered(0) + Nested(n);
            string text = $"total {total} calls {s_calls}";
            Animal animal = new Bird();
            return text.Length + animal.Legs + Max(3, 4) + Max("a", "b").Length;
        }

        private static bool IsEven(int x) => (x & 1) == 0;

        private static IEnumerable<int> Evens(int limit)
        {
            for (int i = 0; i < limit; i += 2)
            {
                try { yield return i; }
                finally { s_calls++; }
            }
        }

        private static int Sum(ReadOnlySpan<int> values)
        {
            int s = 0;
            foreach (int v in values) s += v;
            return s;
        }

        private static ref int Find(int[] a, int value)
        {
            for (int i = 0; i < a.Length; i++)
                if (a[i] == value) return ref a[i];
            return ref a[0];
        }

        private static void Bump(ref Counter c) => c.Bump();

        private static int Read(in Counter c) => c.Peek() + c.Value;

        private static T Max<T>(T a, T b) where T : IComparable<T> => a.CompareTo(b) >= 0 ? a : b;

        private static int Guarded(int x)
        {
            try
            {
                if (x > 1000) throw new InvalidOperationException("big");
                return x / (x - x + 1);
            }
            catch (DivideByZeroException) { return -1; }
            catch (InvalidOperationException e) when (e.Message.Length > 1) { return -2; }
            finally { s_calls++; }
        }

        private static int Filtered(int x)
        {
            int r = 0;
            try { r = 10 / x; }
            catch (Exception e) when (e is DivideByZeroException) { r = -1; }
            return r;
        }

        private static int Nested(int n)
        {
            int r = 0;
            for (int i = 0; i < n; i++)
            {
                try
                {
                    try { if (i == 1) continue; r += i; }
                    finally { r++; }
                    if (i == 2) break;
                }
                catch (Exception) { throw; }
            }
            return r;
        }
    }
}

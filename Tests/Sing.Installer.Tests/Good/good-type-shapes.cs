// The compiler's shapes for constructors and type metadata that the verifier's constructor rule (ECMA-335
// III.1.8.1.4: `this` uninitialised until a base or this constructor is called) and its type rules (TypeRules:
// variance II.9.7, delegates, enums, II.22) must accept: field initialisers and primary-constructor parameters
// stored before the base call, a conditional and a throwing base argument, `: this(...)` chains, records and their
// copy constructors, struct constructors that assign `this`, nested generic classes, static abstract interface
// members, variant interfaces and delegates whose type parameters sit in the positions II.9.7 allows (through
// nested generic arguments, arrays and base interfaces), enums of every width, constants, and concrete classes whose
// abstract bases' methods are overridden in a generic base, by a covariant return, or in a trusted base (Stream).
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

    public class Base
    {
        public readonly int Value;
        public Base(int value) { Value = value; }
        protected Base() : this(7) { }
    }

    public class Derived : Base
    {
        private readonly List<int> _items = new List<int> { 1, 2 };
        private int _scale = 2;
        public static int Made;
        public Derived(int x) : base(x > 0 ? x : -x) { Made++; _scale += x; }
        public Derived(string s) : base(s?.Length ?? throw new ArgumentNullException(nameof(s))) { }
        public Derived() : this(1) { _items.Add(_scale); }
        public int Sum => Value + _items.Count + _scale;
    }

    public class Primary(int start, string name) : Base(start)
    {
        public int Start => start;
        public string Name { get; } = name + "!";
    }

    public class Captured(int p) : Base(p)
    {
        private readonly Func<int> _early = () => p + 1;
        public int P => p;
        public int Early() => _early();
    }

    public record Point(int X, int Y);

    public record Point3(int X, int Y, int Z) : Point(X, Y);

    public sealed class Outer<T>
    {
        public sealed class Inner
        {
            public T? Item;
            public Inner(T item) { Item = item; }
        }
    }

    public struct Cell
    {
        public int V;
        public Cell(int v) { this = default; V = v; }
        public Cell(Cell other) : this(other.V + 1) { }
    }

    public interface IZero<TSelf> where TSelf : IZero<TSelf> { static abstract TSelf Zero { get; } }

    public readonly struct Meters : IZero<Meters> { public static Meters Zero => default; }

    public interface ISource<out T> { T Next(); IEnumerable<T> All(); Func<T> Later(); T[] Many(); }
    public interface ISink<in T> { void Put(T item); void PutAll(Action<Action<T>> actions); Action<T> AsAction(); }
    public interface IPipe<in TIn, out TOut> : ISource<TOut>, ISink<TIn> { TOut Map(TIn item); void Use<U>() where U : TIn; }
    public interface IStatic<out T> { static T? Default() => default; static void Take(T item) { } }
    public delegate TOut Converter<in TIn, out TOut>(TIn item);
    public delegate void Handler<in T>(T item, ref int count);

    public sealed class Pipe : IPipe<object, string>
    {
        public string Next() => "n";
        public IEnumerable<string> All() => new[] { "a" };
        public Func<string> Later() => () => "l";
        public string[] Many() => new[] { "m" };
        public void Put(object item) { }
        public void PutAll(Action<Action<object>> actions) { }
        public Action<object> AsAction() => _ => { };
        public string Map(object item) => item.ToString() ?? "";
        void IPipe<object, string>.Use<U>() { }
    }

    public abstract class Maker<T> { public abstract T Make<U>(U u, T t); public abstract Maker<T> Clone(); }
    public abstract class MidMaker : Maker<int> { public override int Make<U>(U u, int t) => t + 1; }
    public sealed class IntMaker : MidMaker { public override IntMaker Clone() => new IntMaker(); }
    public sealed class NumberStream : System.IO.Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => 0;
        public override long Position { get => 0; set { } }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => 0;
        public override long Seek(long offset, System.IO.SeekOrigin origin) => 0;
        public override void SetLength(long value) { }
        public override void Write(byte[] buffer, int offset, int count) { }
    }

    public enum Small : byte { A, B }
    public enum Wide : long { A = 1L << 40 }
    [Flags] public enum Bits : ushort { None = 0, One = 1, Two = 2 }

    public static class Shapes
    {
        public const int Limit = 10;
        public const string Label = "shapes";

        public static int Run(int n)
        {
            var d = new Derived(n);
            var e = new Derived();
            var f = new Derived("abc");
            var p = new Primary(n, "p");
            Point q = new Point3(1, 2, 3);
            var r = q with { X = 5 };
            var inner = new Outer<string>.Inner("x");
            var c = new Cell(new Cell(2));
            ISource<object> source = new Pipe();
            ISink<string> sink = new Pipe();
            sink.Put("s");
            Converter<object, string> conv = o => o.ToString() ?? "";
            Converter<string, object> wider = conv;
            Handler<object> h = (object o, ref int k) => k++;
            int count = 0;
            h("x", ref count);
            Maker<int> maker = new IntMaker().Clone();
            int made = new Captured(4).Early() + new Captured(5).P + maker.Make("u", 2) + new NumberStream().Read(new byte[1], 0, 1);
            return made + d.Sum + e.Sum + f.Value + p.Start + p.Name.Length + r.X + (inner.Item?.Length ?? 0) + c.V + source.Next().GetHashCode() % 2
                + wider("w").GetHashCode() % 2 + count + (int)Small.B + (int)((long)Wide.A >> 40) + (int)Bits.Two + Limit + Label.Length
                + (Meters.Zero.Equals(default(Meters)) ? 1 : 0) + (IStatic<string>.Default() is null ? 1 : 0) + Derived.Made;
        }
    }
}

using System;
using System.Collections.Generic;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal record Point(int X, int Y)
    {
        public double Length => Math.Sqrt(X * X + Y * Y);
    }

    internal record Point3(int X, int Y, int Z) : Point(X, Y);

    internal readonly record struct Money(decimal Amount, string Currency);

    internal sealed record Employee
    {
        public required string Name { get; init; }
        public List<string> Skills { get; init; } = new();
    }

    internal abstract record Shape;
    internal sealed record Circle(double Radius) : Shape;
    internal sealed record Rectangle(double Width, double Height) : Shape;
    internal sealed record Triangle(double A, double B, double C) : Shape;

    internal static class RecordChecks
    {
        public static void Run()
        {
            var p = new Point(3, 4);
            Line("record-tostring", p);
            Line("record-equals", p == new Point(3, 4));
            Line("record-with", p with { Y = 10 });
            Line("record-length", p.Length);
            Line("record-hash-equal", p.GetHashCode() == new Point(3, 4).GetHashCode());
            var (x, y) = p;
            Line("record-deconstruct", x + y);
            Line("record-inheritance", new Point3(1, 2, 3));
            Line("record-derived-not-equal-base", new Point3(1, 2, 3).Equals(new Point(1, 2)));
            var m = new Money(12.50m, "EUR");
            Line("record-struct", m);
            Line("record-struct-equals", m == new Money(12.5m, "EUR"));
            var e = new Employee { Name = "Kim" };
            e.Skills.Add("C#");
            Line("record-required-init", e.Name + " " + e.Skills.Count);
            Shape[] shapes = { new Circle(1), new Rectangle(2, 3), new Triangle(3, 4, 5) };
            foreach (Shape shape in shapes) Line("pattern-switch " + shape.GetType().Name, Area(shape));
            Line("property-pattern", Describe(new Point(0, 5)));
            Line("relational-pattern", Classify(42));
            Line("relational-pattern2", Classify(-3));
            Line("list-pattern", ListPattern(new[] { 1, 2, 3, 4 }));
            Line("list-pattern2", ListPattern(new[] { 7 }));
            Line("list-pattern3", ListPattern(new int[0]));
            Line("tuple-pattern", RockPaperScissors("rock", "scissors"));
            Line("type-pattern", TypeOf(3.5));
            Line("type-pattern2", TypeOf("str"));
            Line("is-not-null", p is not null);
            Line("tuple", (1, "two", 3.0));
            Line("tuple-named", (Count: 2, Label: "x").Label);
            Line("tuple-equality", (1, 2) == (1, 2));
            Line("tuple4", (1, 2, 3, 4));
            Line("tuple-compare", (1, "b").CompareTo((1, "a")) > 0);
            Line("init-only", new Init { Value = 5 }.Value);
        }

        private sealed class Init
        {
            public int Value { get; init; }
        }

        private static double Area(Shape shape) => shape switch
        {
            Circle { Radius: var r } => Math.Round(Math.PI * r * r, 3),
            Rectangle(var w, var h) => w * h,
            Triangle t => Heron(t),
            _ => throw new ArgumentException("unknown shape"),
        };

        private static double Heron(Triangle t)
        {
            double s = (t.A + t.B + t.C) / 2;
            return Math.Sqrt(s * (s - t.A) * (s - t.B) * (s - t.C));
        }

        private static string Describe(Point p) => p switch
        {
            { X: 0, Y: 0 } => "origin",
            { X: 0 } => "on y axis",
            { Y: 0 } => "on x axis",
            _ => "elsewhere",
        };

        private static string Classify(int n) => n switch
        {
            < 0 => "negative",
            0 => "zero",
            > 0 and < 10 => "small",
            _ => "large",
        };

        private static string ListPattern(int[] values) => values switch
        {
            [] => "empty",
            [var only] => "one:" + only,
            [var first, .. var middle, var last] => first + ".." + last + " (" + middle.Length + " between)",
        };

        private static string RockPaperScissors(string a, string b) => (a, b) switch
        {
            ("rock", "scissors") or ("scissors", "paper") or ("paper", "rock") => "first wins",
            var (l, r) when l == r => "tie",
            _ => "second wins",
        };

        private static string TypeOf(object o) => o switch
        {
            int i => "int " + i,
            double d when d > 1 => "double>1 " + d,
            string s => "string of " + s.Length,
            _ => "other",
        };
    }
}

using System;

namespace Sing.Kernel.Tests
{
    internal static class DispatchTests
    {
        private interface IShape
        {
            int Area();
            string Kind => "shape";   // default interface method
        }

        private interface INamed
        {
            string Name { get; }
        }

        private sealed class Rect : IShape, INamed
        {
            public int W, H;
            public int Area() => W * H;
            public string Name => "rect";
        }

        private sealed class Square : IShape
        {
            public int S;
            public int Area() => S * S;
            public string Kind => "square";
        }

        private class Tri : IShape
        {
            public int B, H;
            public virtual int Area() => B * H / 2;
        }

        private sealed class RightTri : Tri
        {
            public override int Area() => base.Area() + 1;
        }

        private sealed class Circle : IShape
        {
            public int R;
            public int Area() => 3 * R * R;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static int AreaOf(IShape s) => s.Area();

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static string KindOf(IShape s) => s.Kind;

        public static void InterfaceDispatch(TestContext t)
        {
            IShape[] shapes = { new Rect { W = 2, H = 3 }, new Square { S = 4 }, new Tri { B = 4, H = 5 }, new RightTri { B = 2, H = 2 }, new Circle { R = 1 } };
            int total = 0;
            // Twice: the first round resolves and caches, the second takes the cached path (and misses it for
            // every type but the first, exercising re-resolution).
            for (int round = 0; round < 2; round++)
                for (int i = 0; i < shapes.Length; i++) total += AreaOf(shapes[i]);
            t.Equal(2 * (6 + 16 + 10 + 3 + 3), (ulong)total, "interface calls reach each implementation");
            t.Equal("shape", KindOf(shapes[0]), "default interface method");
            t.Equal("square", KindOf(shapes[1]), "default interface method overridden");
            object o = shapes[0];
            t.True(o is INamed named && named.Name == "rect", "second interface on the same type");
            t.True(!(shapes[1] is INamed), "a type without the interface fails the cast");
            IShape missing = null;
            bool threw = false;
            try { AreaOf(missing); }
            catch (NullReferenceException) { threw = true; }
            t.True(threw, "an interface call on null throws NullReferenceException");
        }

        private static int Twice(int x) => x * 2;

        public static void DelegatesAndLambdas(TestContext t)
        {
            int captured = 10;
            Func<int, int> add = x => x + captured;
            captured = 20;
            t.Equal(21, (ulong)add(1), "a lambda sees its captured variable's latest value");
            Func<int, int> twice = Twice;
            t.Equal(14, (ulong)twice(7), "delegate to a static method");
            var rect = new Rect { W = 3, H = 3 };
            Func<int> area = rect.Area;
            t.Equal(9, (ulong)area(), "delegate to an instance method");
            Func<Func<int, int>, int, int> apply = (f, v) => f(v);
            t.Equal(8, (ulong)apply(Twice, 4), "delegates passed as arguments");
            int counter = 0;
            Action increment = () => counter++;
            for (int i = 0; i < 5; i++) increment();
            t.Equal(5, (ulong)counter, "a closure mutates its captured local");
            t.True(area.Target == rect, "Target is the bound instance");
            IShape shape = new Square { S = 5 };
            Func<int> viaInterface = shape.Area;
            t.Equal(25, (ulong)viaInterface(), "delegate bound to an interface method");
        }
    }
}

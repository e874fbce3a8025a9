using Internal.Runtime;

namespace Sing.Kernel.Tests
{
    /// <summary>Smoke tests that the corelib and runtime helpers work in the kernel's object space. The full
    /// language-feature suite belongs to the managed-runtime work.</summary>
    internal static unsafe class RuntimeTests
    {
        private class Shape
        {
            public virtual int Corners => 0;
            public virtual string Name => "shape";
        }

        private sealed class Square : Shape
        {
            public int Side;
            public override int Corners => 4;
            public override string Name => "square";
        }

        private sealed class Circle : Shape
        {
        }

        private sealed class Node
        {
            public int Value;
            public Node Next;
        }

        private static readonly int[] s_primes = { 2, 3, 5, 7, 11 };
        private static string s_greeting = "hello";
        private static int s_lazyValue;

        private static class Lazy
        {
            public static readonly int Value = Compute();

            private static int Compute()
            {
                s_lazyValue++;
                return 42;
            }
        }

        public static void ObjectsAndArrays(TestContext t)
        {
            ulong before = ObjectAllocator.ObjectsAllocated;
            Node head = null;
            for (int i = 0; i < 1000; i++) head = new Node { Value = i, Next = head };
            int sum = 0, count = 0;
            for (Node n = head; n != null; n = n.Next) { sum += n.Value; count++; }
            t.Equal(1000, (ulong)count, "list length");
            t.Equal(499500, (ulong)sum, "list sum");
            t.True(ObjectAllocator.ObjectsAllocated >= before + 1000, "allocations are counted");

            int[] numbers = new int[100];
            for (int i = 0; i < numbers.Length; i++) numbers[i] = i * i;
            t.Equal(100, (ulong)numbers.Length, "array length");
            t.Equal(99 * 99, (ulong)numbers[99], "last element");

            int[][] jagged = new int[3][];
            for (int i = 0; i < 3; i++) jagged[i] = new int[i + 1];
            jagged[2][2] = 7;
            t.Equal(7, (ulong)jagged[2][2], "jagged array element");

            object[] objects = new object[4];
            objects[0] = "text";
            objects[1] = new Square();
            t.True(objects[0] is string && objects[1] is Square, "object array holds mixed references");
        }

        public static void Strings(TestContext t)
        {
            string a = "Singu", b = "larity";
            string joined = a + b;
            t.Equal(11, (ulong)joined.Length, "concatenated length");
            t.Equal("Singularity", joined, "concatenated text");
            t.True(joined == "Singularity", "string equality by value");
            t.True(joined != "singularity", "equality is case-sensitive");
            t.Equal("12345", 12345.ToString(), "int formatting");
            t.Equal("-42", (-42).ToString(), "negative formatting");
            t.Equal("18446744073709551615", ulong.MaxValue.ToString(), "ulong formatting");
            t.Equal("lar", joined.Substring(5, 3), "substring");
            t.Equal(5, (ulong)joined.IndexOf('l'), "index of a character");
            t.True(joined.GetHashCode() == "Singularity".GetHashCode(), "equal strings hash alike");
        }

        public static void Statics(TestContext t)
        {
            t.Equal(5, (ulong)s_primes.Length, "preinitialized static array");
            t.Equal(11, (ulong)s_primes[4], "its contents");
            t.Equal("hello", s_greeting, "static string field");
            s_greeting = "changed";
            t.Equal("changed", s_greeting, "static field is writable");
            t.Equal(42, (ulong)Lazy.Value, "static constructor result");
            t.True(s_lazyValue <= 1, "static constructor ran at most once");
        }

        public static void VirtualCallsAndCasts(TestContext t)
        {
            Shape[] shapes = { new Square { Side = 3 }, new Circle(), new Shape() };
            int corners = 0;
            for (int i = 0; i < shapes.Length; i++) corners += shapes[i].Corners;
            t.Equal(4, (ulong)corners, "virtual dispatch sums corners");
            t.Equal("square", shapes[0].Name, "overridden virtual property");
            t.Equal("shape", shapes[1].Name, "inherited virtual property");
            object o = shapes[0];
            t.True(o is Shape, "is base class");
            t.True(o is Square, "is exact class");
            t.True(!(o is Circle), "is not a sibling class");
            t.True((o as Circle) == null, "as returns null for a mismatch");
            t.Equal(3, (ulong)((Square)o).Side, "castclass to the exact type");
            object text = "abc";
            t.True(text is string && !(text is Shape), "string type checks");
            object[] covariant = new string[2];
            t.True(covariant is string[], "array covariance: object[] holding string[]");
            t.True(!(covariant is Shape[]), "string[] is not Shape[]");
            object[] holder = new object[2];
            holder[0] = new int[3];
            holder[1] = covariant;
            t.True(holder[0] is System.Array && holder[1] is object[], "arrays are objects and Arrays");
        }

        public static void Boxing(TestContext t)
        {
            object boxed = 1234;
            t.True(boxed is int, "boxed int is int");
            t.Equal(1234, (ulong)(int)boxed, "unboxed value");
            object boxedLong = 5000000000L;
            t.Equal(5000000000UL, (ulong)(long)boxedLong, "boxed long round trip");
            t.Equal("1234", boxed.ToString(), "virtual ToString on a boxed value");
        }
    }
}

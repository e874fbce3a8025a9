using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>C# language features that need corelib or runtime support.</summary>
    internal static class LanguageTests
    {
        private interface IBox<T>
        {
            T Get();
            void Set(T value);
        }

        private sealed class Box<T> : IBox<T>
        {
            private T _value;
            public T Get() => _value;
            public void Set(T value) => _value = value;
        }

        private struct Pair<TFirst, TSecond>
        {
            public TFirst First;
            public TSecond Second;
        }

        [Flags]
        private enum Access : byte { None = 0, Read = 1, Write = 2, Execute = 4, All = Read | Write | Execute }

        private enum Big : long { Small = 1, Huge = 0x100000000 }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static T RoundTrip<T>(IBox<T> box, T value)
        {
            box.Set(value);
            return box.Get();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static T Largest<T>(T[] items) where T : IComparable<T>
        {
            T best = items[0];
            for (int i = 1; i < items.Length; i++)
                if (items[i].CompareTo(best) > 0) best = items[i];
            return best;
        }

        public static void Generics(TestContext t)
        {
            t.Equal(7, (ulong)RoundTrip(new Box<int>(), 7), "generic interface over a value type");
            t.Equal("s", RoundTrip(new Box<string>(), "s"), "generic interface over a reference type (shared code)");
            t.Equal(9000000000UL, (ulong)RoundTrip<long>(new Box<long>(), 9000000000L), "over long");
            var pair = new Pair<byte, string> { First = 3, Second = "three" };
            t.True(pair.First == 3 && pair.Second == "three", "generic struct with mixed arguments");
            t.Equal(9, (ulong)Largest(new[] { 3, 9, 2 }), "constrained generic method over int");
            t.Equal("pear", Largest(new[] { "apple", "pear", "fig" }), "constrained generic method over string");
            var nested = new List<List<int>> { new List<int> { 1 }, new List<int> { 2, 3 } };
            t.Equal(3, (ulong)nested[1][1], "nested generic instantiations");
        }

        public static void MultiDimensionalArrays(TestContext t)
        {
            var grid = new int[3, 4];
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 4; c++) grid[r, c] = r * 10 + c;
            t.Equal(23, (ulong)grid[2, 3], "element access");
            t.Equal(12, (ulong)grid.Length, "total length");
            t.Equal(3, (ulong)grid.GetLength(0), "length of dimension 0");
            t.Equal(4, (ulong)grid.GetLength(1), "length of dimension 1");
            t.Equal(2, (ulong)grid.Rank, "rank");
            var cube = new string[2, 2, 2];
            cube[1, 0, 1] = "x";
            t.Equal("x", cube[1, 0, 1], "3-D array of references");
            t.True(cube[0, 0, 0] == null, "elements start null");
            ref int cell = ref grid[1, 1];
            cell = 99;
            t.Equal(99, (ulong)grid[1, 1], "element address");
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Add(int a, int b) => checked(a + b);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Multiply(int a, int b) => checked(a * b);

        public static void CheckedArithmetic(TestContext t)
        {
            t.Equal(2000000000UL, (ulong)Add(1000000000, 1000000000), "checked add in range");
            t.Equal(unchecked((ulong)-2000000000L), (ulong)(long)Multiply(-40000, 50000), "checked multiply in range");
            long wide = 3000000000;
            t.Equal(3000000000UL, checked((ulong)wide), "checked conversion in range");
            int wrapped = unchecked(int.MaxValue + Environment_One());
            t.True(wrapped == int.MinValue, "unchecked add wraps");
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Environment_One() => 1;

        public static void Enums(TestContext t)
        {
            Access a = Access.Read | Access.Write;
            t.True(a.HasFlag(Access.Read) && a.HasFlag(Access.Write) && !a.HasFlag(Access.Execute), "HasFlag");
            t.True(Access.All.HasFlag(a), "HasFlag with a combined flag");
            t.True(a < Access.Execute && Access.Execute > Access.Read, "enum comparisons");
            object boxed = a;
            t.True(boxed.Equals(Access.Read | Access.Write) && !boxed.Equals(Access.Read), "boxed enum Equals");
            t.True(((Enum)boxed).HasFlag(Access.Write), "HasFlag through a boxed Enum (runtime fallback)");
            t.Equal("Read, Write", a.ToString(), "[Flags] combination prints its members");
            t.Equal("All", (a | Access.Execute).ToString(), "a combination equal to a member prints that member");
            t.Equal("9", ((Access)9).ToString(), "[Flags] value with a bit no member covers prints its number");
            t.Equal("Huge", Big.Huge.ToString(), "long-based enum ToString");
            t.True(Big.Huge.CompareTo(Big.Small) > 0, "Enum.CompareTo");
            t.True(boxed.GetHashCode() == ((object)(Access.Read | Access.Write)).GetHashCode(), "equal enums hash alike");
            switch (a)
            {
                case Access.Read | Access.Write: break;
                default: t.Fail("switch over an enum"); break;
            }
        }

        public static void Nullables(TestContext t)
        {
            int? some = 5, none = null;
            t.True(some.HasValue && !none.HasValue, "HasValue");
            t.Equal(5, (ulong)some.Value, "Value");
            t.Equal(8, (ulong)(none ?? 8), "?? on null");
            int? sum = some + 1;
            t.Equal(6, (ulong)sum.GetValueOrDefault(), "lifted arithmetic");
            t.True((some + none) == null, "lifted arithmetic with null is null");
            object boxedSome = some;
            object boxedNone = none;
            t.True(boxedSome is int && (int)boxedSome == 5, "boxing a Nullable with a value boxes the T");
            t.True(boxedNone == null, "boxing an empty Nullable gives null");
            int? back = (int?)boxedSome;
            t.True(back.HasValue && back.Value == 5, "unboxing to Nullable");
            int? fromNull = (int?)boxedNone;
            t.True(!fromNull.HasValue, "unboxing null to Nullable");
            long? wide = 1L << 40;
            object boxedWide = wide;
            t.True(boxedWide is long && (long)boxedWide == 1L << 40, "Nullable<long> boxing (8-byte aligned value)");
            byte? small = 200;
            object boxedSmall = small;
            t.Equal(200, (ulong)(byte)boxedSmall, "Nullable<byte> boxing");
            t.True(some.Equals(5) && !none.Equals(5) && none.Equals(null), "Nullable.Equals");
        }

        public static void TuplesAndMath(TestContext t)
        {
            (int count, string name) pair = (3, "three");
            t.True(pair.count == 3 && pair.name == "three", "named tuple elements");
            var (c, n) = pair;
            t.True(c == 3 && n == "three", "deconstruction");
            t.True((1, "a").Equals((1, "a")) && !(1, "a").Equals((1, "b")), "tuple equality");
            var swapped = Swap((1, 2));
            t.True(swapped.Item1 == 2 && swapped.Item2 == 1, "tuple as argument and result");
            var map = new Dictionary<(int, int), string> { [(1, 2)] = "a" };
            t.True(map.ContainsKey((1, 2)) && !map.ContainsKey((2, 1)), "tuple dictionary keys");

            t.Equal(3, (ulong)Math.Min(3, 7), "Min");
            t.Equal(7, (ulong)Math.Max(3, 7), "Max");
            t.Equal(5, (ulong)Math.Abs(-5), "Abs");
            t.Equal(10, (ulong)Math.Clamp(12, 0, 10), "Clamp high");
            t.Equal(0, (ulong)Math.Clamp(-3, 0, 10), "Clamp low");
            t.Equal(ulong.MaxValue, Math.Max(1UL, ulong.MaxValue), "ulong Max");
            t.Equal(3, (ulong)Math.DivRem(17, 5, out int rem), "DivRem quotient");
            t.Equal(2, (ulong)rem, "DivRem remainder");
        }

        private static (int, int) Swap((int, int) p) => (p.Item2, p.Item1);
    }
}

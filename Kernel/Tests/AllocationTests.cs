using System.Collections.Generic;
using System.Text;
using Internal.Runtime;

namespace Sing.Kernel.Tests
{
    /// <summary>Hot library paths that must not allocate: struct enumerators, default comparers, number formatting
    /// into a builder, and interpolation holes for numbers (no boxing).</summary>
    internal static class AllocationTests
    {
        private enum Level { Low = 1, High = 2 }

        public static void HotPathsDoNotAllocate(TestContext t)
        {
            var list = new List<int> { 1, 2, 3, 4 };
            var map = new Dictionary<int, int> { [1] = 10, [2] = 20 };
            var set = new HashSet<int> { 5, 6 };
            var builder = new StringBuilder(256);
            int x = 1234;
            long y = -98765;
            // Warm up: statics (comparers) and the dictionary's key view (made once per dictionary, as in .NET) are
            // created on first use.
            Level level = Level.High;
            bool warm = EqualityComparer<int>.Default.Equals(1, 1) && EqualityComparer<Level>.Default.Equals(level, Level.High)
                && map.ContainsKey(1) && set.Contains(5) && map.Keys.Count == 2;
            string warmText = $"{x}{y}";

            ulong before = ObjectAllocator.ObjectsAllocated;
            int sum = 0;
            foreach (int v in list) sum += v;
            foreach (KeyValuePair<int, int> pair in map) sum += pair.Value;
            foreach (int k in map.Keys) sum += k;
            foreach (int s in set) sum += s;
            t.Equal(0, ObjectAllocator.ObjectsAllocated - before, "foreach over List/Dictionary/HashSet allocates nothing");

            before = ObjectAllocator.ObjectsAllocated;
            bool same = EqualityComparer<int>.Default.Equals(x, 1234) && EqualityComparer<Level>.Default.Equals(level, Level.High)
                && Comparer<long>.Default.Compare(y, 0) < 0;
            t.Equal(0, ObjectAllocator.ObjectsAllocated - before, "default comparers on ints and enums do not box");

            before = ObjectAllocator.ObjectsAllocated;
            builder.Append(x).Append(y).Append(uint.MaxValue).Append(ulong.MaxValue);
            t.Equal(0, ObjectAllocator.ObjectsAllocated - before, "StringBuilder.Append(number) formats in place");

            before = ObjectAllocator.ObjectsAllocated;
            builder.Append(0.1 + 0.2).Append(-1e-7f).Append(double.MaxValue);
            bool parsed = double.TryParse("2.2250738585072011e-308", out double parsedValue) && double.TryParse("0.1", out double tenth);
            t.Equal(0, ObjectAllocator.ObjectsAllocated - before, "formatting and parsing doubles allocates nothing");
            t.True(parsed && parsedValue > 0, "the doubles parsed");

            before = ObjectAllocator.ObjectsAllocated;
            string text = $"a={x} b={y:x} c={x,8}";
            t.Equal(2, ObjectAllocator.ObjectsAllocated - before, "interpolating numbers allocates only the buffer and the result");

            t.True(warm && same && warmText.Length > 0 && sum == 10 + 30 + 3 + 11, "the measured code ran");
            t.Equal("a=1234 b=fffffffffffe7e33 c=    1234", text, "interpolated text");
        }
    }
}

using Internal.Runtime;

namespace Sing.Kernel.Tests
{
    /// <summary>Enum member names read from the metadata ILC embeds: several underlying types, negative values,
    /// undefined values (printed as numbers), interpolation, and the per-type name cache.</summary>
    internal static class EnumNameTests
    {
        private enum Weekday { Monday = 1, Tuesday, Wednesday }

        private enum Signed : int { Minus = -1, Zero = 0, MinValue = int.MinValue, MaxValue = int.MaxValue }

        private enum Small : byte { First = 1, Last = 255 }

        private enum Tiny : sbyte { Down = -128, Up = 127 }

        private enum Wide : long { Far = 0x7000000000000000, Below = -5_000_000_000 }

        private enum Unsigned : ulong { Top = ulong.MaxValue }

        private enum Alias { One = 1, Uno = 1 }

        public static void Names(TestContext t)
        {
            t.Equal("Tuesday", Weekday.Tuesday.ToString(), "int-based enum");
            t.Equal("Minus", Signed.Minus.ToString(), "negative value");
            t.Equal("MinValue", Signed.MinValue.ToString(), "int.MinValue");
            t.Equal("MaxValue", Signed.MaxValue.ToString(), "int.MaxValue");
            t.Equal("Zero", default(Signed).ToString(), "default value");
            t.Equal("Last", Small.Last.ToString(), "byte-based enum, high bit set");
            t.Equal("Down", Tiny.Down.ToString(), "sbyte-based enum, negative");
            t.Equal("Far", Wide.Far.ToString(), "long-based enum, 64-bit value");
            t.Equal("Below", Wide.Below.ToString(), "long-based enum, negative beyond 32 bits");
            t.Equal("Top", Unsigned.Top.ToString(), "ulong-based enum, all bits set");
            t.Equal("One", Alias.Uno.ToString(), "aliases print the first declared name");
        }

        public static void UndefinedAndFormats(TestContext t)
        {
            t.Equal("7", ((Weekday)7).ToString(), "undefined value prints its number");
            t.Equal("-3", ((Signed)(-3)).ToString(), "undefined negative value");
            t.Equal("200", ((Small)200).ToString(), "undefined byte value");
            t.Equal("2", Weekday.Tuesday.ToString("D"), "D prints the number");
            t.Equal("ff", Small.Last.ToString("x"), "x prints hex");
            t.Equal("Wednesday", Weekday.Wednesday.ToString("G"), "G prints the name");
        }

        public static void Interpolation(TestContext t)
        {
            Weekday day = Weekday.Monday;
            Wide wide = Wide.Below;
            t.Equal("Monday/Below/9", $"{day}/{wide}/{(Weekday)9}", "interpolation holes");
            t.Equal("[  Monday]", $"[{day,8}]", "aligned hole");
            t.Equal("01", $"{day:x2}", "formatted hole");

            object boxed = Weekday.Wednesday;
            string first = boxed.ToString();
            ulong before = ObjectAllocator.ObjectsAllocated;
            string again = boxed.ToString();
            t.Equal(0, ObjectAllocator.ObjectsAllocated - before, "names are cached per type: no allocation after the first");
            t.True((object)first == again, "the same name string each time");
        }

        /// <summary>A SIP reads its own image's metadata (the probe exits with a bit per failed check).</summary>
        public static void InSip(TestContext t) =>
            t.Equal(0, (ulong)ProcessTests.Run(t, "probe", "enums"), "a SIP prints enum names and undefined values as numbers");
    }
}

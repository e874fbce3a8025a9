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
            t.Equal("FF", Small.Last.ToString("x"), "x prints hex, two upper-case digits per byte (as .NET)");
            t.Equal("00000002", Weekday.Tuesday.ToString("X"), "X pads to the underlying width");
            t.Equal("Wednesday", Weekday.Wednesday.ToString("G"), "G prints the name");
        }

        /// <summary>GetNames/GetValues in .NET's order (by value as unsigned), GetName, IsDefined, Parse and TryParse
        /// (names, case, numbers in range, comma lists, white space) and their errors.</summary>
        public static void ParseAndList(TestContext t)
        {
            string[] names = System.Enum.GetNames<Signed>();
            t.Equal("Zero,MaxValue,MinValue,Minus", string.Join(",", names), "names ordered by unsigned value, as .NET lists them");
            Signed[] values = System.Enum.GetValues<Signed>();
            t.True(values.Length == 4 && values[0] == Signed.Zero && values[3] == Signed.Minus, "values in the same order");
            t.Equal("Monday,Tuesday,Wednesday", string.Join(",", System.Enum.GetNames<Weekday>()), "declaration order when values ascend");
            t.Equal("Down", System.Enum.GetName(Tiny.Down), "GetName of a negative sbyte member");
            t.True(System.Enum.GetName((Weekday)9) is null, "GetName of an undefined value is null");
            t.True(System.Enum.IsDefined(Small.Last) && !System.Enum.IsDefined((Small)7), "IsDefined");

            t.True(System.Enum.Parse<Weekday>("Wednesday") == Weekday.Wednesday, "Parse a name");
            t.True(System.Enum.Parse<Weekday>("  tuesday ", ignoreCase: true) == Weekday.Tuesday, "Parse ignoring case and white space");
            t.True(System.Enum.Parse<Signed>("-1") == Signed.Minus, "Parse a negative number");
            t.True(System.Enum.Parse<Wide>("Below") == Wide.Below, "Parse a 64-bit member");
            t.True(System.Enum.Parse<Unsigned>("18446744073709551615") == Unsigned.Top, "Parse ulong.MaxValue");
            t.True(System.Enum.Parse<Weekday>("Monday, Tuesday") == (Weekday)3, "a comma list ORs its members");
            t.True(System.Enum.Parse<Weekday>("42") == (Weekday)42, "a number no member has still parses");
            t.True(System.Enum.TryParse("Tuesday", out Weekday parsed) && parsed == Weekday.Tuesday, "TryParse a name");
            t.True(!System.Enum.TryParse("tuesday", out Weekday _), "TryParse is case-sensitive by default");
            t.True(!System.Enum.TryParse("Someday", out Weekday _) && !System.Enum.TryParse("", out Weekday _) && !System.Enum.TryParse("Monday,", out Weekday _), "TryParse refuses unknown names, empty text and empty list items");
            t.True(!System.Enum.TryParse("256", out Small _) && !System.Enum.TryParse("-1", out Small _), "numbers outside a byte enum's range");
            t.True(!System.Enum.TryParse("128", out Tiny _) && System.Enum.TryParse("-128", out Tiny down) && down == Tiny.Down, "sbyte range");

            bool notFound = false, overflow = false, nullText = false;
            try { System.Enum.Parse<Weekday>("Funday"); } catch (System.ArgumentException e) { notFound = e.Message.Contains("Funday"); }
            try { System.Enum.Parse<Small>("300"); } catch (System.OverflowException) { overflow = true; }
            try { System.Enum.Parse<Small>(null); } catch (System.ArgumentNullException) { nullText = true; }
            t.True(notFound, "Parse of an unknown name throws ArgumentException naming it");
            t.True(overflow, "Parse of an out-of-range number throws OverflowException");
            t.True(nullText, "Parse of null throws ArgumentNullException");
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

using System;
using System.Text;

namespace Sing.Kernel.Tests
{
    /// <summary>String APIs, StringBuilder, composite formatting, interpolation, number formatting and parsing.</summary>
    internal static class StringLibraryTests
    {
        private enum Mode { Off = 0, On = 7 }

        public static void StringSearchAndCompare(TestContext t)
        {
            string s = "the quick brown fox";
            t.True(s.Contains("quick") && !s.Contains("slow"), "Contains(string)");
            t.Equal(10, (ulong)s.IndexOf("brown"), "IndexOf(string)");
            t.Equal(16, (ulong)s.LastIndexOf('f'), "LastIndexOf(char)");
            t.True(s.EndsWith("fox") && s.StartsWith("the"), "StartsWith/EndsWith");
            t.True(string.CompareOrdinal("abc", "abd") < 0 && string.CompareOrdinal("b", "a") > 0, "CompareOrdinal");
            t.True("ab".CompareTo("abc") < 0 && string.CompareOrdinal("x", "x") == 0, "CompareTo by length");
            t.True(string.IsNullOrEmpty("") && string.IsNullOrWhiteSpace(" \t") && !string.IsNullOrEmpty("a"), "IsNullOr*");
        }

        public static void StringManipulation(TestContext t)
        {
            t.Equal("hi", "  hi \t\n".Trim(), "Trim");
            t.Equal("hi  ", "  hi  ".TrimStart(), "TrimStart");
            t.Equal("ABC-1", "aBc-1".ToUpperInvariant(), "ToUpperInvariant");
            t.Equal("abc-1", "AbC-1".ToLowerInvariant(), "ToLowerInvariant");
            t.Equal("a+b+c", "a-b-c".Replace('-', '+'), "Replace(char)");
            t.Equal("one 2 three 2", "one two three two".Replace("two", "2"), "Replace(string)");
            t.Equal("   7", "7".PadLeft(4), "PadLeft");
            t.Equal("7...", "7".PadRight(4, '.'), "PadRight");
            string[] parts = "a,b,,c".Split(',');
            t.Equal(4, (ulong)parts.Length, "Split keeps empty entries");
            t.Equal("c", parts[3], "Split last part");
            string[] nonEmpty = "a,b,,c".Split(',', StringSplitOptions.RemoveEmptyEntries);
            t.Equal(3, (ulong)nonEmpty.Length, "Split removing empty entries");
            t.Equal("a|b|c", string.Join("|", nonEmpty), "Join");
            t.Equal("x::y", string.Join("::", "x", "y"), "Join params");
            t.Equal("ab1True", string.Concat("a", "b", 1.ToString(), true.ToString()), "Concat");
            t.Equal("abc", string.Concat((object)"a", (object)'b', (object)"c"), "Concat(object)");
        }

        public static void NumberFormatting(TestContext t)
        {
            t.Equal("ff", 255.ToString("x"), "x");
            t.Equal("000000FF", 255.ToString("X8"), "X8");
            t.Equal("ffffffff", (-1).ToString("x"), "negative int in hex uses 32 bits");
            t.Equal("ffff", ((short)-1).ToString("x"), "negative short in hex uses 16 bits");
            t.Equal("00042", 42.ToString("D5"), "D5");
            t.Equal("-00042", (-42).ToString("D5"), "negative D5");
            t.Equal("1,234,567", 1234567.ToString("N0"), "N0");
            t.Equal("-1,000.00", (-1000).ToString("N"), "N");
            t.Equal("9223372036854775807", long.MaxValue.ToString(), "long.MaxValue");
            t.Equal("-9223372036854775808", long.MinValue.ToString(), "long.MinValue");
            t.Equal("ffffffffffffffff", ulong.MaxValue.ToString("x"), "ulong hex");
            t.Equal("4294967295", uint.MaxValue.ToString(), "uint");
            t.Equal("True", true.ToString(), "bool");
            t.Equal("Z", 'Z'.ToString(), "char");
            t.Equal("On", Mode.On.ToString(), "enum ToString prints the member's name");
        }

        public static void NumberParsing(TestContext t)
        {
            t.Equal(12345, (ulong)int.Parse("12345"), "Parse");
            t.Equal(unchecked((ulong)-42L), (ulong)(long)int.Parse(" -42 "), "Parse negative with spaces");
            t.True(int.TryParse("2147483647", out int max) && max == int.MaxValue, "TryParse int.MaxValue");
            t.True(int.TryParse("-2147483648", out int min) && min == int.MinValue, "TryParse int.MinValue");
            t.True(!int.TryParse("2147483648", out _), "TryParse overflow fails");
            t.True(!int.TryParse("12a", out _) && !int.TryParse("", out _) && !int.TryParse("-", out _), "TryParse rejects junk");
            t.True(byte.TryParse("255", out byte b) && b == 255 && !byte.TryParse("256", out _), "byte range");
            t.True(ulong.TryParse("18446744073709551615", out ulong u) && u == ulong.MaxValue, "ulong.MaxValue");
            t.True(!uint.TryParse("-1", out _), "unsigned rejects a sign");
            t.True(bool.TryParse("true", out bool flag) && flag, "bool.TryParse");
        }

        public static void BuilderAndFormat(TestContext t)
        {
            var sb = new StringBuilder();
            sb.Append("n=").Append(42).Append(' ').Append(-7L).Append(',').Append(true);
            t.Equal("n=42 -7,True", sb.ToString(), "Append overloads");
            for (int i = 0; i < 100; i++) sb.Append('x');
            t.Equal(112, (ulong)sb.Length, "grows past its capacity");
            sb.Clear().Append("world").Insert(0, "hello ").Remove(5, 1).Replace('o', '0');
            t.Equal("hell0w0rld", sb.ToString(), "Insert/Remove/Replace");
            sb.Clear().AppendLine("a").AppendFormat("{0}-{1}", 1, "b");
            t.Equal("a\n1-b", sb.ToString(), "AppendLine/AppendFormat");

            t.Equal("x=5, y=abc", string.Format("x={0}, y={1}", 5, "abc"), "Format");
            t.Equal("0x00ff", string.Format("0x{0:x4}", 255), "Format with a format string");
            t.Equal("[   42|ab   ]", string.Format("[{0,5}|{1,-5}]", 42, "ab"), "Format alignment");
            t.Equal("{7}", string.Format("{{{0}}}", 7), "Format escapes");
        }

        public static void Interpolation(TestContext t)
        {
            int x = 42;
            long big = -5000000000;
            uint u = 0xDEADBEEF;
            ulong ul = 18446744073709551615;
            bool flag = true;
            char c = 'q';
            string name = "kernel";
            t.Equal("x=42 y=deadbeef", $"x={x} y={u:x8}", "ints and hex");
            t.Equal("-5000000000 18446744073709551615", $"{big} {ul}", "longs");
            t.Equal("True q kernel", $"{flag} {c} {name}", "bool, char, string");
            t.Equal("[   42][42   ]", $"[{x,5}][{x,-5}]", "alignment");
            t.Equal("mode On", $"mode {Mode.On}", "enums print their member name");
            t.Equal("mode 07", $"mode {Mode.On:x2}", "enum holes take integer formats");
            t.Equal("0x0000002A", $"0x{x:X8}", "X8");
            object boxed = 3;
            t.Equal("boxed 3", $"boxed {boxed}", "object holes");
        }
    }
}

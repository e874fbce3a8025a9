using System;
using System.Globalization;
using System.IO;
using System.Text;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class TextChecks
    {
        public static void Run()
        {
            var sb = new StringBuilder();
            sb.Append("abc").Append(42).Append('!').AppendLine().Append(1.5);
            sb.Insert(0, ">> ");
            sb.Replace("abc", "xyz");
            Line("stringbuilder", sb.ToString().Replace("\n", "|"));
            Line("stringbuilder-length", sb.Length);
            sb.Clear().AppendFormat("{0}-{1}", "a", 7).Append(' ', 2).Append("end");
            Line("stringbuilder-format", sb.ToString());
            Line("stringbuilder-remove", new StringBuilder("hello world").Remove(5, 6).ToString());
            Line("stringbuilder-indexer", new StringBuilder("abc")[1]);
            Line("stringbuilder-join", new StringBuilder().AppendJoin(", ", new[] { 1, 2, 3 }).ToString());
            byte[] utf8 = Encoding.UTF8.GetBytes("héllo €");
            Line("utf8-bytes", BitConverter.ToString(utf8));
            Line("utf8-count", Encoding.UTF8.GetByteCount("😀"));
            Line("utf8-roundtrip", Encoding.UTF8.GetString(utf8));
            Line("utf8-invalid", Encoding.UTF8.GetString(new byte[] { 0x61, 0xFF, 0x62 }).Length);
            Line("int-format-n0", 1234567.ToString("N0"));
            Line("int-format-d5", 42.ToString("D5"));
            Line("int-format-x", 255.ToString("x") + " " + (-1).ToString("X"));
            Line("double-format-f3", 3.14159.ToString("F3"));
            Line("double-format-n", 1234567.891.ToString("N1"));
            Line("double-format-e", 12345.678.ToString("E2"));
            Line("double-format-p", 0.256.ToString("P1"));
            Line("double-tostring", 1.0 / 3);
            Line("double-large", 1e21);
            Line("invariant-parse", double.Parse("1,234.5", NumberStyles.Number, CultureInfo.InvariantCulture));
            Line("hex-parse", int.Parse("FF", NumberStyles.HexNumber));
            Line("tryparse", int.TryParse("  77 ", out int parsed) + " " + parsed);
            Line("tryparse-bad", int.TryParse("7.5", out _));
            Line("bool-parse", bool.Parse("TRUE"));
            Line("culture-name", "[" + CultureInfo.InvariantCulture.Name + "]");
            Line("tostring-invariant", 1.5.ToString(CultureInfo.InvariantCulture));
            Line("convert-toint32", Convert.ToInt32("42") + Convert.ToInt32(3.6));
            Line("convert-base2", Convert.ToString(10, 2));
            Line("convert-from-base16", Convert.ToInt32("ff", 16));
            Line("convert-base64", Convert.ToBase64String(Encoding.UTF8.GetBytes("Hello!?")));
            Line("convert-from-base64", Encoding.UTF8.GetString(Convert.FromBase64String("SGk=")));
            Line("convert-hex", Convert.ToHexString(new byte[] { 1, 171, 255 }));
            Line("convert-toboolean", Convert.ToBoolean("true"));
            Line("convert-todouble", Convert.ToDouble("2.5"));
            Line("convert-round", Convert.ToInt32(2.5) + " " + Convert.ToInt32(3.5));
            var writer = new StringWriter();
            writer.Write("a{0}", 1);
            writer.WriteLine(true);
            writer.Write(2.5);
            Line("stringwriter", writer.ToString().Replace("\n", "|"));
            Line("enum-tostring", DayOfWeekLike.Friday);
            Line("enum-parse", Enum.Parse<DayOfWeekLike>("Monday"));
            Line("enum-values", string.Join(",", Enum.GetValues<DayOfWeekLike>()));
            Line("enum-format", DayOfWeekLike.Friday.ToString("D"));
            Line("flags-combined", Access.Read | Access.Write);
            Line("flags-all", Access.Read | Access.Write | Access.Execute);
            Line("flags-single", Access.Execute);
            Line("flags-none", Access.None);
            Line("flags-undefined-bit", (Access)9);
            Line("flags-unknown-only", (Access)16);
            Line("flags-interpolated", $"{Access.Write | Access.Execute}");
            Line("flags-format-d", (Access.Read | Access.Write).ToString("D"));
            Line("flags-format-x", (Access.Read | Access.Write).ToString("X"));
            Line("flags-format-f-on-plain-enum", ((DayOfWeekLike)3).ToString("F") + " " + ((Color)3).ToString("F"));
            Line("flags-hasflag", (Access.Read | Access.Write).HasFlag(Access.Write) + " " + (Access.Read | Access.Write).HasFlag(Access.Execute));
            Line("flags-parse", Enum.Parse<Access>("Read, Execute"));
            Line("flags-parse-number", Enum.Parse<Access>("6"));
            Line("flags-tryparse-bad", Enum.TryParse<Access>("Read, Delete", out Access bad) + " " + bad);
            Line("flags-names", string.Join(",", Enum.GetNames<Access>()));
            Line("flags-values", string.Join(",", Enum.GetValues<Access>()));
            Line("flags-composite-member", Permissions.ReadWrite + " " + (Permissions.Read | Permissions.Write | Permissions.Delete));
            Line("flags-plain-enum-combination", (Color)3);
            Line("flags-long", LongFlags.High | LongFlags.Low);
            EnumTypeForms();
            TextInfo title = CultureInfo.InvariantCulture.TextInfo;
            Line("titlecase", title.ToTitleCase("the QUICK brown fox's tale of o'neil, ÉLAN and élan 42nd"));
            Line("textinfo-upper", title.ToUpper("straße ﬁ"));
            Line("console-unicode", "naïve café — 日本 😀");
        }

        /// <summary>Enum's forms that take a Type (older code's Enum.GetValues(typeof(X))).</summary>
        private static void EnumTypeForms()
        {
            Line("enum-type-names", string.Join(",", Enum.GetNames(typeof(DayOfWeekLike))));
            var days = new System.Text.StringBuilder();
            foreach (DayOfWeekLike d in Enum.GetValues(typeof(DayOfWeekLike))) days.Append(d).Append(' ');
            Line("enum-type-values-foreach", days.ToString());
            var printed = new System.Text.StringBuilder();
            foreach (var v in Enum.GetValues(typeof(Access))) printed.Append(v).Append('|');
            Line("enum-type-values-boxed", printed.ToString());
            Array values = Enum.GetValues(typeof(Access));
            Line("enum-type-values-array", values.Length + " " + values.GetValue(2) + " " + values.GetValue(2).GetType().Name);
            Line("enum-type-values-linq", string.Join(",", System.Linq.Enumerable.Cast<Permissions>(Enum.GetValues(typeof(Permissions)))));
            Line("enum-type-underlying-values", string.Join(",", (int[])Enum.GetValuesAsUnderlyingType(typeof(Access))));
            Line("enum-type-underlying-ulong", string.Join(",", (ulong[])Enum.GetValuesAsUnderlyingType(typeof(LongFlags))));
            Line("enum-underlying-type", Enum.GetUnderlyingType(typeof(LongFlags)).Name + " " + Enum.GetUnderlyingType(typeof(Access)).Name);
            Line("enum-type-getname", Enum.GetName(typeof(DayOfWeekLike), 3) + " " + Enum.GetName(typeof(DayOfWeekLike), DayOfWeekLike.Monday)
                + " " + (Enum.GetName(typeof(DayOfWeekLike), 42) ?? "null") + " " + Enum.GetName(typeof(DayOfWeekLike), 3L) + " " + Enum.GetName(typeof(Access), DayOfWeekLike.Tuesday));
            Line("enum-type-isdefined", Enum.IsDefined(typeof(Access), 4) + " " + Enum.IsDefined(typeof(Access), "Write") + " "
                + Enum.IsDefined(typeof(Access), "write") + " " + Enum.IsDefined(typeof(Access), Access.Read | Access.Write) + " " + Enum.IsDefined(typeof(Access), 8));
            object parsed = Enum.Parse(typeof(Access), "read, write", true);
            Line("enum-type-parse", parsed + " " + parsed.GetType().Name + " " + (parsed is Access));
            Line("enum-type-parse-number", Enum.Parse(typeof(DayOfWeekLike), "3"));
            Line("enum-type-tryparse", Enum.TryParse(typeof(DayOfWeekLike), "Sunday", out object missing) + " " + (missing ?? "null") + " "
                + Enum.TryParse(typeof(DayOfWeekLike), "friday", true, out object found) + " " + found);
            Line("enum-toobject", Enum.ToObject(typeof(Access), 6) + " " + Enum.ToObject(typeof(DayOfWeekLike), 4L) + " " + Enum.ToObject(typeof(LongFlags), 1));
            Line("enum-type-not-enum", Caught(() => Enum.GetNames(typeof(int))));
            Line("enum-type-null", Caught(() => Enum.GetValues(null)));
            Line("enum-type-parse-missing", Caught(() => Enum.Parse(typeof(DayOfWeekLike), "Sunday")));
            Line("enum-type-isdefined-wrong-enum", Caught(() => Enum.IsDefined(typeof(Access), DayOfWeekLike.Monday)));
            Line("enum-type-isdefined-wrong-width", Caught(() => Enum.IsDefined(typeof(Access), 4L)));
        }

        private static string Caught(Func<object> action)
        {
            try
            {
                return "no exception: " + action();
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }

        private enum DayOfWeekLike { Monday, Tuesday, Wednesday, Thursday, Friday }

        [Flags]
        private enum Access { None = 0, Read = 1, Write = 2, Execute = 4 }

        [Flags]
        private enum Permissions { Read = 1, Write = 2, ReadWrite = 3, Delete = 8 }

        private enum Color { Red = 1, Green = 2 }

        [Flags]
        private enum LongFlags : ulong { Low = 1, High = 0x8000000000000000 }
    }
}

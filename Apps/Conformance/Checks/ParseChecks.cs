using System;
using System.Globalization;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>Reading text with a format provider (issue 34): Convert's string overloads, TimeSpan.ParseExact and
    /// DateTime.Parse with DateTimeStyles. Failures print the exception's type and message.</summary>
    internal static class ParseChecks
    {
        private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

        private static string Try(Func<object> action)
        {
            try
            {
                object value = action();
                return value is DateTime d ? d.ToString("o") + " " + d.Kind : Show(value);
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }

        // Each Convert.ToX(string, IFormatProvider): a value, null (the type's zero), and the failures.
        private static void ConvertStrings()
        {
            Line("convert-provider-int16", Try(() => Convert.ToInt16(" -32768 ", Invariant)) + " | " + Try(() => Convert.ToInt16(null, Invariant)) + " | " + Try(() => Convert.ToInt16("32768", Invariant)));
            Line("convert-provider-int32", Try(() => Convert.ToInt32("+2147483647", Invariant)) + " | " + Try(() => Convert.ToInt32(null, Invariant)) + " | " + Try(() => Convert.ToInt32("1.0", Invariant)));
            Line("convert-provider-int64", Try(() => Convert.ToInt64("-9223372036854775808", Invariant)) + " | " + Try(() => Convert.ToInt64(null, Invariant)) + " | " + Try(() => Convert.ToInt64("9223372036854775808", Invariant)));
            Line("convert-provider-uint16", Try(() => Convert.ToUInt16("65535", Invariant)) + " | " + Try(() => Convert.ToUInt16(null, Invariant)) + " | " + Try(() => Convert.ToUInt16("65536", Invariant)) + " | " + Try(() => Convert.ToUInt16("", Invariant)));
            Line("convert-provider-uint32", Try(() => Convert.ToUInt32("4294967295", Invariant)) + " | " + Try(() => Convert.ToUInt32(null, Invariant)) + " | " + Try(() => Convert.ToUInt32("-1", Invariant)));
            Line("convert-provider-uint64", Try(() => Convert.ToUInt64("18446744073709551615", Invariant)) + " | " + Try(() => Convert.ToUInt64(null, Invariant)) + " | " + Try(() => Convert.ToUInt64("-0", Invariant)) + " | " + Try(() => Convert.ToUInt64("x", Invariant)));
            Line("convert-provider-byte", Try(() => Convert.ToByte("255", Invariant)) + " | " + Try(() => Convert.ToByte(null, Invariant)) + " | " + Try(() => Convert.ToByte("256", Invariant)));
            Line("convert-provider-sbyte", Try(() => Convert.ToSByte("-128", Invariant)) + " | " + Try(() => Convert.ToSByte(null, Invariant)) + " | " + Try(() => Convert.ToSByte("200", Invariant)) + " | " + Try(() => Convert.ToSByte("x", Invariant)));
            Line("convert-provider-double", Try(() => Convert.ToDouble("1,234.5e2", Invariant)) + " | " + Try(() => Convert.ToDouble(null, Invariant)) + " | " + Try(() => Convert.ToDouble("1..2", Invariant)));
            Line("convert-provider-single", Try(() => Convert.ToSingle("3.25", Invariant)) + " | " + Try(() => Convert.ToSingle(null, Invariant)) + " | " + Try(() => Convert.ToSingle("-Infinity", Invariant)) + " | " + Try(() => Convert.ToSingle("abc", Invariant)));
            Line("convert-provider-decimal", Try(() => Convert.ToDecimal("-1,234.500", Invariant)) + " | " + Try(() => Convert.ToDecimal(null, Invariant)) + " | " + Try(() => Convert.ToDecimal("1e3", Invariant)));
            Line("convert-provider-boolean", Try(() => Convert.ToBoolean(" true ", Invariant)) + " | " + Try(() => Convert.ToBoolean("FALSE", Invariant)) + " | " + Try(() => Convert.ToBoolean(null, Invariant)) + " | " + Try(() => Convert.ToBoolean("yes", Invariant)));
            Line("convert-provider-datetime", Try(() => Convert.ToDateTime("2024-02-29T10:11:12", Invariant)) + " | " + Try(() => Convert.ToDateTime("02/29/2024 23:59:59", Invariant)) + " | " + Try(() => Convert.ToDateTime(null, Invariant)));
            Line("convert-provider-datetime-bad", Throws(() => Convert.ToDateTime("2023-02-29", Invariant)).Split(':')[0]);
            Line("convert-string-uint16-sbyte", Try(() => Convert.ToUInt16("7")) + " " + Try(() => Convert.ToSByte("-7")) + " " + Try(() => Convert.ToDateTime("2020-01-01")));
        }

        public static void Run()
        {
            ConvertStrings();
        }
    }
}

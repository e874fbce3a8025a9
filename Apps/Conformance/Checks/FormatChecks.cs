using System;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>Custom numeric format strings on integers, doubles and decimals.</summary>
    internal static class FormatChecks
    {
        public static void Run()
        {
            string[] formats = { "0.00", "#,##0.00", "0.##", "#.#", "000", "#,##0", "0.0%", "#,##0,K", "0.00;(0.00)", "0;-0;zero", "'$'#,##0.00", "00.000", "#", "0", "[0]" };
            double[] doubles = { 0, 1, -1, 0.5, 1.005, 2.675, 1234567.891, -0.004, 0.125, 99.995, 1e-5, 123.456 };
            foreach (string f in formats)
                foreach (double d in doubles)
                    Line("double " + d + " " + f, d.ToString(f));
            int[] ints = { 0, 7, -42, 1234567, int.MinValue };
            foreach (string f in formats)
                foreach (int i in ints)
                    Line("int " + i + " " + f, i.ToString(f));
            decimal[] decimals = { 0m, 1.005m, -2.5m, 1234.5678m, 0.0001m };
            foreach (string f in formats)
                foreach (decimal m in decimals)
                    Line("decimal " + m + " " + f, m.ToString(f));
            Line("interpolation", $"{3.14159:0.00} {1234567:#,##0} {0.256:0.0%} {-5:+0;-0}");
            Line("format-item", string.Format("{0:0.000} {1:00}", Math.PI, 7));
        }
    }
}

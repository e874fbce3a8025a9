using Singularity.V1;

namespace Sing.Apps.Probe
{
    /// <summary>"floats": double and float formatting and parsing inside a SIP (the SIP's own corelib copy). Exits with
    /// a bit per failed check (0: everything printed and parsed as .NET 10 does in the invariant culture).</summary>
    internal static unsafe class FloatProbe
    {
        public static int Run()
        {
            int failures = 0;
            if ((0.1 + 0.2).ToString() != "0.30000000000000004") failures |= 1;
            if ($"{1e21}|{1e-7}|{-0.0}|{double.NegativeInfinity}" != "1E+21|1E-07|-0|-Infinity") failures |= 2;
            if ($"{0.125:F2}|{1234567.891:N}|{1234.5678:E}|{0.375:P0}|{0.1:G17}" != "0.12|1,234,567.89|1.234568E+003|38 %|0.10000000000000001") failures |= 4;
            if ($"{0.1f}|{float.MaxValue}" != "0.1|3.4028235E+38") failures |= 8;
            double parsed = double.Parse("2.2250738585072011e-308");
            if (*(ulong*)&parsed != 0x000FFFFFFFFFFFFFUL) failures |= 16;
            if (!double.TryParse(" -1,000.5e-3 ", out double small) || small != -1.0005) failures |= 32;
            if (double.TryParse("1.5.", out _)) failures |= 64;
            Debug.WriteLine($"floats: {1.0 / 3} {2.5:F0} {1e300 * 1e10} failures {failures}");
            return failures;
        }
    }
}

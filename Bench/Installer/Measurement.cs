using System;
using System.Collections.Generic;
using System.Linq;

namespace Sing.Bench.Installer
{
    /// <summary>Repetitions of one step: wall and CPU milliseconds per repetition (CPU is NaN where it cannot be
    /// measured). Medians, because a shared machine adds outliers in one direction.</summary>
    internal sealed class Measurement
    {
        private readonly List<double> _wall = new();
        private readonly List<double> _cpu = new();

        public int Count => _wall.Count;
        public double WallMedian => Median(_wall);
        public double WallMin => _wall.Count == 0 ? double.NaN : _wall.Min();
        public double WallMax => _wall.Count == 0 ? double.NaN : _wall.Max();
        public double CpuMedian => Median(_cpu);

        public void Add(double wallMs, double cpuMs)
        {
            _wall.Add(wallMs);
            _cpu.Add(cpuMs);
        }

        public static Measurement Of(double wallMs, double cpuMs)
        {
            var m = new Measurement();
            m.Add(wallMs, cpuMs);
            return m;
        }

        /// <summary>Median of the values that are numbers; NaN when there are none.</summary>
        public static double Median(IEnumerable<double> values)
        {
            double[] v = values.Where(x => !double.IsNaN(x)).OrderBy(x => x).ToArray();
            if (v.Length == 0) return double.NaN;
            int mid = v.Length / 2;
            return v.Length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
        }

        public override string ToString() => FormattableString.Invariant($"median {WallMedian:F1} ms over {Count}");
    }
}

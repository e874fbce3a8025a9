using System;
using System.Globalization;
using System.Text;

namespace Sing.Bench.Installer
{
    /// <summary>The results as Markdown (a table per program, one for the whole system) and as CSV (one row per
    /// measured step, for scripts). Times are medians in milliseconds; "–" / empty where not measured.</summary>
    internal static class ReportWriter
    {
        public const string CsvHeader = "step,item,mode,reps,wall_median_ms,wall_min_ms,wall_max_ms,cpu_median_ms,methods,il_bytes";

        public static string Markdown(InstallResults r)
        {
            var s = new StringBuilder();
            s.Append("## Install time per program\n\n");
            s.Append("| program | methods | IL bytes | verify cold | verify cold CPU | verify warm | ILC wall | ILC CPU | verify + ILC | no-op build |\n");
            s.Append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            foreach (ProgramResult p in r.Programs)
            {
                s.Append(Inv($"| {p.Name} | {p.Il.Methods:N0} | {p.Il.Bytes:N0} | {Ms(p.VerifyCold.WallMedian)} | {Ms(p.VerifyCold.CpuMedian)} | {Ms(p.VerifyWarm.WallMedian)} | "));
                s.Append(Inv($"{Ms(p.Ilc?.WallMedian)} | {Ms(p.Ilc?.CpuMedian)} | {Ms(p.InstallColdMs)} | {Ms(p.Build?.WallMedian)} |\n"));
            }
            s.Append("\n## Whole system\n\n");
            s.Append("| step | mode | reps | wall | CPU |\n|---|---|---:|---:|---:|\n");
            Row(s, "compose (sing-install process)", "cold", r.ComposeCold);
            Row(s, "compose (InstallerPipeline.Compose)", "warm", r.ComposeWarm);
            Row(s, "kernel ILC", "cold", r.KernelIlc);
            Row(s, "ISO (grub-mkrescue)", "cold", r.Iso);
            Row(s, "dotnet build Kernel, nothing changed", "warm", r.KernelBuild, cpu: false);
            s.Append(Inv($"| Σ programs: verify + ILC | cold | | {Ms(r.ProgramsColdMs)} | |\n"));
            s.Append(Inv($"| Σ programs: verify | warm | | {Ms(r.ProgramsVerifyWarmMs)} | |\n"));
            s.Append(Inv($"| Σ programs: dotnet build, nothing changed | warm | | {Ms(r.ProgramsBuildMs)} | |\n"));
            s.Append(Inv($"| image: Σ programs + kernel ILC + compose + ISO | cold | | {Ms(r.ImageColdMs)} | |\n"));
            s.Append("\nMedians in ms. ").Append(r.Machine).Append('\n');
            return s.ToString();
        }

        public static string Csv(InstallResults r)
        {
            var s = new StringBuilder(CsvHeader).Append('\n');
            foreach (ProgramResult p in r.Programs)
            {
                CsvRow(s, "verify", p.Name, "cold", p.VerifyCold, p.Il);
                CsvRow(s, "verify", p.Name, "warm", p.VerifyWarm, p.Il);
                CsvRow(s, "ilc", p.Name, "cold", p.Ilc, null);
                CsvRow(s, "build", p.Name, "warm", p.Build, null);
            }
            CsvRow(s, "compose", "system", "cold", r.ComposeCold, null);
            CsvRow(s, "compose", "system", "warm", r.ComposeWarm, null);
            CsvRow(s, "ilc", "kernel", "cold", r.KernelIlc, null);
            CsvRow(s, "iso", "system", "cold", r.Iso, null);
            CsvRow(s, "build", "kernel", "warm", r.KernelBuild, null);
            s.Append(Inv($"total,programs,cold,,{Num(r.ProgramsColdMs)},,,,,\n"));
            s.Append(Inv($"total,image,cold,,{Num(r.ImageColdMs)},,,,,\n"));
            return s.ToString();
        }

        /// <summary>Milliseconds for people: two decimals below 10, one below 100, whole (grouped) above.</summary>
        public static string Ms(double? ms)
        {
            if (ms is not double v || double.IsNaN(v)) return "–";
            string format = v < 10 ? "F2" : v < 100 ? "F1" : "N0";
            return v.ToString(format, CultureInfo.InvariantCulture) + " ms";
        }

        private static void Row(StringBuilder s, string step, string mode, Measurement? m, bool cpu = true)
        {
            if (m is null) { s.Append(Inv($"| {step} | {mode} | 0 | – | – |\n")); return; }
            s.Append(Inv($"| {step} | {mode} | {m.Count} | {Ms(m.WallMedian)} | {(cpu ? Ms(m.CpuMedian) : "–")} |\n"));
        }

        private static void CsvRow(StringBuilder s, string step, string item, string mode, Measurement? m, IlSize? il)
        {
            if (m is null) return;
            s.Append(Inv($"{step},{item},{mode},{m.Count},{Num(m.WallMedian)},{Num(m.WallMin)},{Num(m.WallMax)},{Num(m.CpuMedian)},"));
            s.Append(il is IlSize size ? Inv($"{size.Methods},{size.Bytes}\n") : ",\n");
        }

        private static string Num(double v) => double.IsNaN(v) ? "" : v.ToString("F3", CultureInfo.InvariantCulture);

        private static string Inv(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
    }
}

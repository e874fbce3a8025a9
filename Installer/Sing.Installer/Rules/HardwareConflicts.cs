using System.Collections.Generic;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>Two drivers may not own the same hardware: port and memory ranges must not intersect, irq lines and dma
    /// channels must differ, unless both declarations say shared="true".</summary>
    public static class HardwareConflicts
    {
        public static void Check(IReadOnlyList<InstalledProgram> programs, DiagnosticBag bag)
        {
            var all = programs.Where(p => p.Manifest.Hardware is not null)
                .SelectMany(p => p.Manifest.Hardware!.Resources.Select(r => (Program: p.Manifest.Name, Resource: r))).ToList();
            for (int i = 0; i < all.Count; i++)
                for (int j = 0; j < i; j++)
                {
                    var (pa, a) = all[j];
                    var (pb, b) = all[i];
                    if (pa == pb || a.Kind != b.Kind || (a.Shared && b.Shared)) continue;
                    if (!Intersect(a, b)) continue;
                    bag.Add(ErrorCodes.HardwareConflict, b.Spot.Element,
                        $"{Describe(b)} of {pb} overlaps {Describe(a)} of {pa}; give the drivers disjoint resources, or mark both shared=\"true\" if the device is meant to be shared");
                }
        }

        private static bool Intersect(HardwareResource a, HardwareResource b) =>
            a.Start <= b.Start + (b.Length - 1) && b.Start <= a.Start + (a.Length - 1);

        internal static string Describe(HardwareResource r) => r.Kind switch
        {
            HardwareResource.Irq => $"irq {r.Name} (line {r.StartText})",
            HardwareResource.Dma => $"dma {r.Name} (channel {r.StartText})",
            HardwareResource.IoPorts => $"ioPorts {r.Name} ({r.StartText}+{r.LengthText})",
            _ => $"memory {r.Name} ({r.StartText}+{r.LengthText})",
        };
    }
}

using System.Collections.Generic;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>Two drivers may not own the same hardware: port and memory ranges must not intersect, irq lines and dma
    /// channels must differ, unless both declarations say shared="true". Sort and sweep: per kind, resources in order
    /// of their first number; each is compared with the earlier ones that reach furthest, so thousands of ranges cost
    /// n log n, and each conflicting resource is reported once, against one resource it overlaps.</summary>
    public static class HardwareConflicts
    {
        public static void Check(IReadOnlyList<InstalledProgram> programs, DiagnosticBag bag)
        {
            var all = programs.Where(p => p.Manifest.Hardware is not null)
                .SelectMany(p => p.Manifest.Hardware!.Resources.Where(r => r.Valid && r.Length > 0 && !r.IsDeviceRelative).Select(r => (Program: p.Manifest.Name, Resource: r)))
                .Select((item, order) => (item.Program, item.Resource, Order: order)).ToList();
            foreach (var kind in all.GroupBy(x => x.Resource.Kind))
            {
                // Ties keep declaration order, so the later declaration is the one reported.
                var sorted = kind.OrderBy(x => x.Resource.Start).ThenBy(x => x.Order).ToList();
                var anyReach = new Reach();        // every earlier resource
                var exclusiveReach = new Reach();  // earlier resources not marked shared
                foreach (var (program, b, _) in sorted)
                {
                    // A shared resource conflicts only with exclusive ones; an exclusive one with anything.
                    Reach candidates = b.Shared ? exclusiveReach : anyReach;
                    if (candidates.FurthestOtherThan(program) is (string pa, HardwareResource a) && Last(a) >= b.Start)
                        bag.Add(ErrorCodes.HardwareConflict, b.Spot.Element,
                            $"{Describe(b)} of {program} overlaps {Describe(a)} of {pa}; give the drivers disjoint resources, or mark both shared=\"true\" if the device is meant to be shared");
                    anyReach.Add(program, b);
                    if (!b.Shared) exclusiveReach.Add(program, b);
                }
            }
            PciSignatureConflicts.Check(programs, bag);
        }

        private static ulong Last(HardwareResource r) => r.Start + (r.Length - 1);

        /// <summary>The two earlier resources of different programs that end furthest: whatever program asks, one of
        /// them is the furthest-reaching resource of another program.</summary>
        private sealed class Reach
        {
            private (string Program, HardwareResource Resource)? _first, _second;

            public void Add(string program, HardwareResource r)
            {
                if (_first is not { } f || Last(r) > Last(f.Resource))
                {
                    if (_first is { } old && old.Program != program) _second = old;
                    _first = (program, r);
                }
                else if (program != f.Program && (_second is not { } s || Last(r) > Last(s.Resource)))
                    _second = (program, r);
            }

            public (string Program, HardwareResource Resource)? FurthestOtherThan(string program) =>
                _first is { } f && f.Program != program ? f : _second;
        }

        internal static string Describe(HardwareResource r) => r.Kind switch
        {
            HardwareResource.Irq => $"irq {r.Name} (line {r.StartText})",
            HardwareResource.Dma => $"dma {r.Name} (channel {r.StartText})",
            HardwareResource.PciBar => $"pciBar {r.Name} (BAR {r.StartText})",
            HardwareResource.PciIrq => $"pciIrq {r.Name}",
            HardwareResource.DmaMemory => $"dmaMemory {r.Name} ({r.LengthText} pages)",
            HardwareResource.IoPorts => $"ioPorts {r.Name} ({r.StartText}+{r.LengthText})",
            _ => $"memory {r.Name} ({r.StartText}+{r.LengthText})",
        };
    }
}

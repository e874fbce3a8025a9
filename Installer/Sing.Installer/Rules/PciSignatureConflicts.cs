using System.Collections.Generic;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>Two drivers may not claim one PCI function: their &lt;pci&gt; signatures must differ in a field both
    /// give (vendor, device, or the class bytes both name), else some device matches both and the kernel would have
    /// to pick an owner. Each pair of signatures of different programs is compared (drivers are few; the manifest
    /// caps bound the count).</summary>
    public static class PciSignatureConflicts
    {
        public static void Check(IReadOnlyList<InstalledProgram> programs, DiagnosticBag bag)
        {
            var all = programs.Where(p => p.Manifest.Hardware is not null)
                .SelectMany(p => p.Manifest.Hardware!.Pci.Where(s => s.Valid).Select(s => (Program: p.Manifest.Name, Signature: s))).ToList();
            for (int b = 0; b < all.Count; b++)
                for (int a = 0; a < b; a++)
                {
                    if (all[a].Program == all[b].Program || !Overlap(all[a].Signature, all[b].Signature)) continue;
                    bag.Add(ErrorCodes.PciSignatureConflict, all[b].Signature.Spot.Element,
                        $"{Describe(all[b].Signature)} of {all[b].Program} can match the same PCI function as {Describe(all[a].Signature)} of {all[a].Program}; make the signatures differ (vendor, device or class) so each device has one driver, or remove one driver");
                    break;
                }
        }

        /// <summary>Whether one function can match both: every field both give agrees (classes on the bytes both name).</summary>
        public static bool Overlap(PciSignatureDecl x, PciSignatureDecl y)
        {
            var a = x.Value;
            var b = y.Value;
            if (a.Vendor >= 0 && b.Vendor >= 0 && a.Vendor != b.Vendor) return false;
            if (a.Device >= 0 && b.Device >= 0 && a.Device != b.Device) return false;
            int common = System.Math.Min(a.ClassBytes, b.ClassBytes);
            if (common == 0) return true;
            return a.Class >> (8 * (a.ClassBytes - common)) == b.Class >> (8 * (b.ClassBytes - common));
        }

        internal static string Describe(PciSignatureDecl s)
        {
            var parts = new List<string>();
            if (s.VendorText is not null) parts.Add($"vendor=\"{s.VendorText}\"");
            if (s.DeviceText is not null) parts.Add($"device=\"{s.DeviceText}\"");
            if (s.ClassText is not null) parts.Add($"class=\"{s.ClassText}\"");
            return $"<pci {string.Join(" ", parts)}/>";
        }
    }
}

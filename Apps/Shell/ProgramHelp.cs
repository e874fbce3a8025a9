using System.Text;
using Singularity.Manifests;

namespace Sing.Apps.Shell
{
    /// <summary>Help text written from a program's manifest: nothing here is maintained by hand per program.</summary>
    internal static class ProgramHelp
    {
        public static string Usage(ProgramManifest p)
        {
            var text = new StringBuilder("usage: ").Append(p.Name);
            for (int position = 0; ; position++)
            {
                ParameterInfo positional = null;
                foreach (ParameterInfo q in p.Parameters) if (q.Position == position) positional = q;
                if (positional == null) break;
                text.Append(positional.Required ? " <" : " [").Append(positional.Name).Append(positional.Required ? ">" : "]");
            }
            foreach (ParameterInfo q in p.Parameters)
                if (q.Position < 0) text.Append(q.Required ? " --" : " [--").Append(q.Name).Append(q.Type == ParameterType.Bool ? "" : " " + q.TypeName).Append(q.Required ? "" : "]");
            return text.ToString();
        }

        public static string Describe(ProgramManifest p)
        {
            var text = new StringBuilder();
            text.Append(p.Name).Append(' ').Append(p.Version).Append(" (").Append(p.Kind).Append(", ").Append(p.Publisher).Append(")\n");
            // The first 16 hex digits of the installed content hash: enough to tell two builds of a program apart.
            if (p.Content.Length > 23) text.Append("  code ").Append(p.Content.Substring(0, 23)).Append("...\n");
            if (p.Description.Length > 0) text.Append("  ").Append(p.Description).Append('\n');
            text.Append("  ").Append(Usage(p)).Append('\n');
            foreach (ParameterInfo q in p.Parameters)
            {
                text.Append("    ").Append(q.Position >= 0 ? q.Name : "--" + q.Name).Append(" : ").Append(q.TypeName);
                if (q.Required) text.Append(", required");
                else if (q.Default != null) text.Append(", default ").Append(q.Default);
                if (q.Help.Length > 0) text.Append(" - ").Append(q.Help);
                text.Append('\n');
            }
            foreach (EndpointInfo e in p.Endpoints)
                text.Append("  endpoint ").Append(e.Name).Append(": ").Append(e.Contract).Append('.').Append(e.Side)
                    .Append(e.Bind != null ? " bound to " + e.Bind : " registered at " + e.Register).Append('\n');
            foreach (HardwareResource r in p.Resources)
                text.Append("  hardware ").Append(r.Name).Append(": ").Append(ResourceText(r)).Append('\n');
            if (p.Privileges.Count > 0) text.Append("  privileges: ").Append(string.Join(", ", p.Privileges.ToArray())).Append('\n');
            return text.ToString();
        }

        private static string ResourceText(HardwareResource r) => r.Kind switch
        {
            ResourceKind.IoPorts => string.Concat("I/O ports 0x", r.Base.ToString("x"), "+", r.Length.ToString()),
            ResourceKind.Irq => string.Concat("IRQ ", r.Base.ToString()),
            ResourceKind.Memory => string.Concat("memory 0x", r.Base.ToString("x"), "+0x", r.Length.ToString("x")),
            _ => string.Concat("DMA ", r.Base.ToString()),
        };
    }
}

using System.Collections.Generic;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Shared = Singularity.Manifests;

namespace Sing.Installer.Arguments
{
    /// <summary>Binds a command-line tail to a manifest's parameters with the very code the kernel and the shell run
    /// (Runtime/Manifest/CommandLine.cs, linked into this assembly), so what the installer accepts for boot services
    /// and the startup script is exactly what the kernel will accept at run time.</summary>
    public static class ArgumentBinder
    {
        public static BindResult Bind(ProgramManifest manifest, string commandLineTail)
        {
            Shared.ProgramManifest program = ToShared(manifest);
            var values = new List<Shared.ParameterValue>();
            string? error = Shared.CommandLine.Bind(program, commandLineTail, values, out Shared.CommandLineError kind);
            if (error != null)
                return new BindResult(new List<KeyValuePair<string, string>>(), new[] { new ArgumentError(CodeOf(kind), error) });
            var ordered = new List<KeyValuePair<string, string>>();
            foreach (ParameterDecl p in manifest.Parameters)
                if (Shared.CommandLine.Find(values, p.Name) is Shared.ParameterValue v) ordered.Add(new KeyValuePair<string, string>(p.Name, v.Value));
            return new BindResult(ordered, new List<ArgumentError>());
        }

        /// <summary>The kernel's view of a manifest's parameters.</summary>
        private static Shared.ProgramManifest ToShared(ProgramManifest manifest)
        {
            var program = new Shared.ProgramManifest { Name = manifest.Name, Kind = manifest.Kind, Image = manifest.Name };
            foreach (ParameterDecl p in manifest.Parameters)
            {
                program.Parameters.Add(new Shared.ParameterInfo
                {
                    Name = p.Name,
                    Type = ParameterValues.TypeOf(p.Type) ?? Shared.ParameterType.String,
                    Required = p.Required,
                    Default = p.Default,
                    Position = p.Position ?? -1,
                    Help = p.Help ?? "",
                });
            }
            return program;
        }

        private static string CodeOf(Shared.CommandLineError kind) => kind switch
        {
            Shared.CommandLineError.UnknownParameter => ErrorCodes.UnknownParameter,
            Shared.CommandLineError.WrongType => ErrorCodes.WrongArgumentType,
            Shared.CommandLineError.MissingValue => ErrorCodes.MissingRequired,
            _ => ErrorCodes.ExtraArgument,
        };

        /// <summary>The first word of a command line and the rest (for startup-script lines).</summary>
        public static (string Command, string Tail) SplitCommand(string line)
        {
            string trimmed = line.Trim();
            int space = trimmed.IndexOfAny(new[] { ' ', '\t' });
            return space < 0 ? (trimmed, "") : (trimmed[..space], trimmed[(space + 1)..]);
        }
    }
}

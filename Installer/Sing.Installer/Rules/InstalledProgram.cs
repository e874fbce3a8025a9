using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>A policy entry with its (semantically valid) manifest: the unit the whole-system rules work on.</summary>
    public sealed record InstalledProgram(PolicyProgram Entry, ProgramManifest Manifest);
}

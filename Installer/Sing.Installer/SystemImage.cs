using System.Collections.Generic;
using Sing.Installer.Model;
using Sing.Installer.Rules;

namespace Sing.Installer
{
    /// <summary>A policy with the programs whose manifests passed their own rules.</summary>
    public sealed record SystemImage(SystemPolicy Policy, IReadOnlyList<InstalledProgram> Programs);
}

namespace Sing.Bench.Installer
{
    /// <summary>One program of the policy and the files its build produced: the IL assembly the build verifies (obj),
    /// the one it composes (bin), the reference directory it verifies against, and ILC's response file.</summary>
    internal sealed record ProgramTarget(
        string Name,
        string Project,
        string IntermediateAssembly,
        string OutputAssembly,
        string ReferenceDirectory,
        string? IlcResponseFile);
}

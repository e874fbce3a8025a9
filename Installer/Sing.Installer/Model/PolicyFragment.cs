namespace Sing.Installer.Model
{
    /// <summary>A policy fragment (policy.xsd's &lt;fragment&gt;): one program from outside the repository and, when it
    /// is a boot service, its boot entry. Merged after the system policy's own entries.</summary>
    public sealed record PolicyFragment(string File, PolicyProgram Program, BootService? Boot);
}

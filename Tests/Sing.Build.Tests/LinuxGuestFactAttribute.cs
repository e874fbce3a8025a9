using Xunit;

namespace Sing.Build.Tests;

/// <summary>A test that needs the Linux baseline guest (Bench/Linux): it builds and runs only where the Debian kernel
/// package linux-image-amd64 is installed (a /boot/vmlinuz-*), and is reported as skipped elsewhere. CI does not build
/// the Linux guest.</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class LinuxGuestFactAttribute : FactAttribute
{
    public LinuxGuestFactAttribute()
    {
        if (!KernelInstalled)
            Skip = "the Debian kernel package linux-image-amd64 is not installed (no /boot/vmlinuz-*); Bench/Linux/build.sh installs it";
    }

    public static bool KernelInstalled =>
        Directory.Exists("/boot") && Directory.EnumerateFiles("/boot", "vmlinuz-*").Any();
}

/// <summary>The <see cref="LinuxGuestFactAttribute"/> skip rule for a theory.</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class LinuxGuestTheoryAttribute : TheoryAttribute
{
    public LinuxGuestTheoryAttribute()
    {
        if (!LinuxGuestFactAttribute.KernelInstalled)
            Skip = "the Debian kernel package linux-image-amd64 is not installed (no /boot/vmlinuz-*); Bench/Linux/build.sh installs it";
    }
}

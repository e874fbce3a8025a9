namespace Sing.Qemu;

/// <summary>How a boot ended, decoded from QEMU's exit code. The kernel writes v to isa-debug-exit and QEMU exits
/// with (v &lt;&lt; 1) | 1 (see Kernel/Platform/QemuExit.cs).</summary>
public enum KernelExitStatus
{
    /// <summary>The kernel reported success (v = 0x10, exit code 33).</summary>
    Success,

    /// <summary>In-kernel tests failed (v = 0x11, exit code 35).</summary>
    TestsFailed,

    /// <summary>The kernel panicked or took a fatal CPU exception (v = 0x12, exit code 37).</summary>
    Panic,

    /// <summary>QEMU ended without the kernel writing a status (power-off, triple fault with -no-reboot: exit code 0).</summary>
    NoStatus,

    /// <summary>The timeout expired and the machine was killed.</summary>
    TimedOut,

    /// <summary>QEMU itself failed (bad arguments, missing ISO...).</summary>
    QemuError,

    /// <summary>The options' host session finished and the machine was stopped (the guest was still running).</summary>
    EndedByHost,
}

/// <summary>Maps QEMU exit codes to <see cref="KernelExitStatus"/>.</summary>
public static class KernelExitCodes
{
    /// <summary>Decodes a QEMU process exit code.</summary>
    public static KernelExitStatus Decode(int exitCode) => exitCode switch
    {
        33 => KernelExitStatus.Success,
        35 => KernelExitStatus.TestsFailed,
        37 => KernelExitStatus.Panic,
        0 => KernelExitStatus.NoStatus,
        _ => KernelExitStatus.QemuError,
    };
}

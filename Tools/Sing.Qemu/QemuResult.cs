namespace Sing.Qemu;

/// <summary>What one boot produced.</summary>
public sealed record QemuResult
{
    /// <summary>How the run ended.</summary>
    public required KernelExitStatus Status { get; init; }

    /// <summary>QEMU's process exit code (-1 when killed on timeout).</summary>
    public required int ExitCode { get; init; }

    /// <summary>Everything the guest wrote to the serial console, with CR and terminal escape sequences removed.</summary>
    public required string Serial { get; init; }

    /// <summary>The file holding the raw serial output.</summary>
    public required string SerialLogPath { get; init; }

    /// <summary>QEMU's own error output.</summary>
    public required string QemuStandardError { get; init; }

    /// <summary>When <see cref="Status"/> is TimedOut: which limit fired (idle or hard stop) and why; else null.</summary>
    public string? TimeoutReason { get; init; }

    /// <summary>When the watchdog fired: each guest CPU's RIP (with its kernel symbol), RSP and RFLAGS; else null.</summary>
    public string? CpuStateAtTimeout { get; init; }

    /// <summary>What the options' host session threw, if it did (its assertions), else null.</summary>
    public Exception? HostSessionFailure { get; init; }

    /// <summary>Wall time from start to exit.</summary>
    public required TimeSpan Elapsed { get; init; }

    /// <summary>The exact command that was run.</summary>
    public required string CommandLine { get; init; }

    /// <summary>Serial lines, in order.</summary>
    public IReadOnlyList<string> Lines => Serial.Split('\n');

    /// <summary>The last <paramref name="count"/> lines of serial output, for failure messages.</summary>
    public string Tail(int count = 40)
    {
        var lines = Lines;
        int start = Math.Max(0, lines.Count - count);
        return string.Join('\n', lines.Skip(start));
    }

    /// <summary>A one-paragraph description for assertion messages: status, command, and the serial tail.</summary>
    public string Describe() =>
        $"QEMU ended with {Status} (exit code {ExitCode}) after {Elapsed.TotalSeconds:F1} s.\n" +
        (TimeoutReason is not null ? $"timeout: {TimeoutReason}\n" : "") +
        (CpuStateAtTimeout is not null ? $"CPUs when it fired:\n{CpuStateAtTimeout}\n" : "") +
        (HostSessionFailure is not null ? $"host session failed: {HostSessionFailure}\n" : "") +
        $"command: {CommandLine}\n" +
        (QemuStandardError.Length > 0 ? $"qemu stderr: {QemuStandardError.Trim()}\n" : "") +
        $"serial log: {SerialLogPath}\n--- serial tail ---\n{Tail()}\n---";
}

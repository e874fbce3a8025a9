using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace Sing.Qemu;

/// <summary>Runs QEMU headless to completion, with the serial console captured to a file.</summary>
public static partial class QemuRunner
{
    /// <summary>Boots, waits for the guest to exit or the timeout, and returns what happened. Never throws for guest
    /// failures: those are in the result's status and serial output.</summary>
    public static async Task<QemuResult> RunAsync(QemuOptions options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (!File.Exists(options.IsoPath))
            throw new FileNotFoundException($"no bootable image at {options.IsoPath}; build it with 'dotnet build Singularity.sln'", options.IsoPath);

        string serialPath = options.SerialLogPath ?? Path.Combine(Path.GetTempPath(), $"sing-serial-{Guid.NewGuid():N}.log");
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(serialPath))!);
        File.Delete(serialPath);
        var args = QemuCommandLine.Build(options, $"file:{serialPath}");

        var start = new ProcessStartInfo(options.QemuPath)
        {
            RedirectStandardError = true,
            RedirectStandardOutput = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var a in args) start.ArgumentList.Add(a);

        var stopwatch = Stopwatch.StartNew();
        using var process = Process.Start(start) ?? throw new InvalidOperationException($"could not start {options.QemuPath}");
        process.StandardInput.Close();
        var stderrTask = process.StandardError.ReadToEndAsync(cancellationToken);
        var stdoutTask = process.StandardOutput.ReadToEndAsync(cancellationToken);

        bool timedOut = false;
        using (var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
        {
            timeout.CancelAfter(options.Timeout);
            try
            {
                await process.WaitForExitAsync(timeout.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                timedOut = true;
                process.Kill(entireProcessTree: true);
                await process.WaitForExitAsync(CancellationToken.None).ConfigureAwait(false);
                cancellationToken.ThrowIfCancellationRequested();
            }
        }
        stopwatch.Stop();
        string stderr = await stderrTask.ConfigureAwait(false) + await stdoutTask.ConfigureAwait(false);

        int exitCode = timedOut ? -1 : process.ExitCode;
        return new QemuResult
        {
            Status = timedOut ? KernelExitStatus.TimedOut : KernelExitCodes.Decode(exitCode),
            ExitCode = exitCode,
            Serial = File.Exists(serialPath) ? CleanSerial(await File.ReadAllBytesAsync(serialPath, CancellationToken.None).ConfigureAwait(false)) : "",
            SerialLogPath = serialPath,
            QemuStandardError = stderr,
            Elapsed = stopwatch.Elapsed,
            CommandLine = options.QemuPath + " " + string.Join(' ', args.Select(QuoteIfNeeded)),
        };
    }

    /// <summary>Removes carriage returns and the terminal control sequences GRUB writes.</summary>
    public static string CleanSerial(byte[] raw)
    {
        ArgumentNullException.ThrowIfNull(raw);
        string text = Encoding.Latin1.GetString(raw);
        text = EscapeSequence().Replace(text, "");
        return text.Replace("\r", "", StringComparison.Ordinal);
    }

    private static string QuoteIfNeeded(string s) => s.Contains(' ', StringComparison.Ordinal) ? $"'{s}'" : s;

    [GeneratedRegex(@"\x1b\[[0-9;?]*[A-Za-z]")]
    private static partial Regex EscapeSequence();
}

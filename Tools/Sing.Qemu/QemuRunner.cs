using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace Sing.Qemu;

/// <summary>Runs QEMU headless to completion, with the serial console captured to a file. A <see cref="GuestWatchdog"/>
/// ends a guest that stops writing to it (or outlasts the hard stop).</summary>
public static partial class QemuRunner
{
    /// <summary>Boots, waits for the guest to exit or the watchdog to fire, and returns what happened. Never throws for guest
    /// failures: those are in the result's status and serial output.</summary>
    public static async Task<QemuResult> RunAsync(QemuOptions options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (!File.Exists(options.IsoPath))
            throw new FileNotFoundException($"no bootable image at {options.IsoPath}; build it with 'dotnet build Singularity.sln'", options.IsoPath);

        string serialPath = options.SerialLogPath ?? Path.Combine(Path.GetTempPath(), $"sing-serial-{Guid.NewGuid():N}.log");
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(serialPath))!);
        File.Delete(serialPath);
        // A monitor socket per run, asked where the CPUs are if the guest goes silent.
        if (options.MonitorSocketPath is null) options = options with { MonitorSocketPath = CpuStateProbe.NewSocketPath() };
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
        var stderrTask = process.StandardError.ReadToEndAsync(cancellationToken);
        var stdout = new MemoryStream();
        var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var stdoutCount = new ByteCount();
        var stdoutTask = CopyWatchingAsync(process.StandardOutput.BaseStream, stdout, stdoutCount, options.SerialInputAfter, ready, cancellationToken);
        var session = options.HostSession is null ? null : new QemuSession(process, stdout, () => stdoutCount.Value, options.ForwardedHostPort);
        var inputTask = options.SerialInputPath is string input ? TypeAsync(process, input, ready.Task, cancellationToken)
            : session is null ? CloseInput(process) : Task.CompletedTask;
        Task? hostTask = session is null ? null : Task.Run(() => options.HostSession!(session), cancellationToken);

        // The guest's progress is its serial output: the file QEMU writes, or its stdout when keys are typed.
        var watchdog = new GuestWatchdog(options.Timeout, options.EffectiveHardTimeout);
        long OutputLength() => options.SerialOnStdio ? stdoutCount.Value : SerialFileLength(serialPath);
        string? timeoutReason = null;
        Exception? hostFailure = null;
        bool endedByHost = false;
        Task exited = process.WaitForExitAsync(cancellationToken);
        try
        {
            while (!exited.IsCompleted)
            {
                timeoutReason = watchdog.Check(stopwatch.Elapsed, OutputLength());
                if (timeoutReason is not null) break;
                if (hostTask is { IsCompleted: true })
                {
                    // A session that waited for the guest to stop ends as it exits: then the exit code decides.
                    if (process.HasExited) break;
                    endedByHost = true;
                    hostFailure = hostTask.Exception?.GetBaseException();
                    break;
                }
                await Task.WhenAny(exited, Task.Delay(PollInterval, cancellationToken)).ConfigureAwait(false);
                cancellationToken.ThrowIfCancellationRequested();
            }
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync(CancellationToken.None).ConfigureAwait(false);
            throw;
        }
        bool timedOut = timeoutReason is not null;
        string? cpuState = null;
        if (timedOut && !exited.IsCompleted)
        {
            cpuState = await CpuStateProbe.DescribeAsync(options.MonitorSocketPath!,
                Path.Combine(Path.GetDirectoryName(Path.GetFullPath(options.IsoPath)) ?? "", "kernel.sym")).ConfigureAwait(false);
            try { await File.AppendAllTextAsync(serialPath, $"\n[host] the watchdog fired ({timeoutReason}); CPUs:\n{cpuState}\n", CancellationToken.None).ConfigureAwait(false); }
            catch (IOException) { }
        }
        if (session is not null) session.Stopped = true;
        if (timedOut || endedByHost)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync(CancellationToken.None).ConfigureAwait(false);
        }
        stopwatch.Stop();
        await stdoutTask.ConfigureAwait(false);
        ready.TrySetResult();
        try { await inputTask.ConfigureAwait(false); } catch (IOException) { } // QEMU ended before it took every key
        string stderr = await stderrTask.ConfigureAwait(false);
        if (hostTask is not null && !endedByHost)
        {
            // The guest ended (or went silent) first: the session sees Stopped and ends; its failure is reported.
            try { await hostTask.WaitAsync(TimeSpan.FromSeconds(30), CancellationToken.None).ConfigureAwait(false); }
            catch (Exception e) when (e is not OperationCanceledException) { hostFailure = e; }
        }
        if (options.SerialOnStdio) await File.WriteAllBytesAsync(serialPath, stdout.ToArray(), CancellationToken.None).ConfigureAwait(false);
        else stderr += Encoding.UTF8.GetString(stdout.ToArray());

        File.Delete(options.MonitorSocketPath!);   // QEMU made it; nothing deletes it otherwise
        int exitCode = timedOut || endedByHost ? -1 : process.ExitCode;
        return new QemuResult
        {
            Status = timedOut ? KernelExitStatus.TimedOut : endedByHost ? KernelExitStatus.EndedByHost : KernelExitCodes.Decode(exitCode),
            HostSessionFailure = hostFailure,
            TimeoutReason = timeoutReason,
            CpuStateAtTimeout = cpuState,
            ExitCode = exitCode,
            Serial = File.Exists(serialPath) ? CleanSerial(await File.ReadAllBytesAsync(serialPath, CancellationToken.None).ConfigureAwait(false)) : "",
            SerialLogPath = serialPath,
            QemuStandardError = stderr,
            Elapsed = stopwatch.Elapsed,
            CommandLine = options.QemuPath + " " + string.Join(' ', args.Select(QuoteIfNeeded)),
        };
    }

    /// <summary>How often the watchdog looks at the serial output.</summary>
    private static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(250);

    /// <summary>Bytes copied so far, read by the watchdog while the copy goes on.</summary>
    private sealed class ByteCount
    {
        private long _value;

        public long Value => Interlocked.Read(ref _value);

        public void Add(int bytes) => Interlocked.Add(ref _value, bytes);
    }

    private static long SerialFileLength(string path)
    {
        try { return File.Exists(path) ? new FileInfo(path).Length : 0; }
        catch (IOException) { return 0; }
    }

    /// <summary>Copies QEMU's output and completes <paramref name="ready"/> once <paramref name="marker"/> appeared.</summary>
    private static async Task CopyWatchingAsync(Stream from, MemoryStream to, ByteCount count, string? marker, TaskCompletionSource ready, CancellationToken cancellationToken)
    {
        if (marker is null) ready.TrySetResult();
        byte[] buffer = new byte[4096];
        int read;
        while ((read = await from.ReadAsync(buffer, cancellationToken).ConfigureAwait(false)) > 0)
        {
            lock (to) to.Write(buffer, 0, read);
            count.Add(read);
            bool seen;
            lock (to) seen = marker is not null && !ready.Task.IsCompleted && Encoding.Latin1.GetString(to.GetBuffer(), 0, (int)to.Length).Contains(marker, StringComparison.Ordinal);
            if (seen) ready.TrySetResult();
        }
    }

    /// <summary>Feeds the input file to the serial console once the guest is ready for it.</summary>
    private static async Task TypeAsync(Process process, string inputPath, Task ready, CancellationToken cancellationToken)
    {
        byte[] keys = await File.ReadAllBytesAsync(inputPath, cancellationToken).ConfigureAwait(false);
        await ready.ConfigureAwait(false);
        if (process.HasExited) return;
        await process.StandardInput.BaseStream.WriteAsync(keys, cancellationToken).ConfigureAwait(false);
        await process.StandardInput.BaseStream.FlushAsync(cancellationToken).ConfigureAwait(false);
        process.StandardInput.Close();
    }

    private static Task CloseInput(Process process)
    {
        process.StandardInput.Close();
        return Task.CompletedTask;
    }

    /// <summary>The serial log as text (the system console writes UTF-8; a byte that is not UTF-8 becomes U+FFFD),
    /// without carriage returns and the terminal control sequences GRUB writes.</summary>
    public static string CleanSerial(byte[] raw)
    {
        ArgumentNullException.ThrowIfNull(raw);
        string text = Encoding.UTF8.GetString(raw);
        text = EscapeSequence().Replace(text, "");
        return text.Replace("\r", "", StringComparison.Ordinal);
    }

    private static string QuoteIfNeeded(string s) => s.Contains(' ', StringComparison.Ordinal) ? $"'{s}'" : s;

    [GeneratedRegex(@"\x1b\[[0-9;?]*[A-Za-z]")]
    private static partial Regex EscapeSequence();
}

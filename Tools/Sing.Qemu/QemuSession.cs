using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace Sing.Qemu;

/// <summary>A running machine as a host session sees it (<see cref="QemuOptions.HostSession"/>): its serial output so
/// far, a way to wait for a line that follows the guest's progress (silence, not the host's clock, ends a wait), and
/// the console's keyboard.</summary>
public sealed class QemuSession
{
    private readonly Process _process;
    private readonly MemoryStream _output;
    private readonly object _outputLock;
    private readonly Func<long> _outputLength;

    internal QemuSession(Process process, MemoryStream output, Func<long> outputLength, int? forwardedHostPort)
    {
        _process = process;
        _output = output;
        _outputLock = output;
        _outputLength = outputLength;
        ForwardedHostPort = forwardedHostPort;
    }

    /// <summary>The host port QEMU forwards to the guest's port 80, if any.</summary>
    public int? ForwardedHostPort { get; }

    /// <summary>Set when the machine has stopped (exited or was stopped): waits end at once.</summary>
    public bool Stopped { get; internal set; }

    /// <summary>The serial output so far, cleaned as the result's Serial is.</summary>
    public string Serial
    {
        get
        {
            byte[] raw;
            lock (_outputLock) raw = _output.ToArray();
            return QemuRunner.CleanSerial(raw);
        }
    }

    /// <summary>Waits until the serial output matches <paramref name="pattern"/> (multi-line regex) at least
    /// <paramref name="count"/> times, for as long as the guest keeps writing: false once it has been silent for
    /// <paramref name="silence"/> or stopped.</summary>
    public async Task<bool> WaitForAsync(string pattern, TimeSpan silence, int count = 1)
    {
        var regex = new Regex(pattern, RegexOptions.Multiline);
        bool Seen() => regex.Matches(Serial).Count >= count;
        return await UntilAsync(() => Seen() || HasStopped, silence).ConfigureAwait(false) && Seen();
    }

    /// <summary>Waits until the machine stops (a shutdown the session asked for), for as long as the guest keeps
    /// writing: false once it has been silent for <paramref name="silence"/> while still running. A session that ends
    /// after this lets the guest's exit, not the host, end the run.</summary>
    public Task<bool> WaitForExitAsync(TimeSpan silence) => UntilAsync(() => HasStopped, silence);

    private bool HasStopped => Stopped || _process.HasExited;

    /// <summary>True once <paramref name="done"/> holds; false once the guest has written nothing for
    /// <paramref name="silence"/> (progress is its output, not the host's clock).</summary>
    private async Task<bool> UntilAsync(Func<bool> done, TimeSpan silence)
    {
        long lastLength = -1;
        var quiet = Stopwatch.StartNew();
        while (!done())
        {
            long length = _outputLength();
            if (length != lastLength)
            {
                lastLength = length;
                quiet.Restart();
            }
            else if (quiet.Elapsed > silence) return false;
            await Task.Delay(100).ConfigureAwait(false);
        }
        return true;
    }

    /// <summary>Types <paramref name="line"/> and Enter on the serial console.</summary>
    public async Task TypeLineAsync(string line)
    {
        byte[] keys = Encoding.UTF8.GetBytes(line + "\r");
        await _process.StandardInput.BaseStream.WriteAsync(keys).ConfigureAwait(false);
        await _process.StandardInput.BaseStream.FlushAsync().ConfigureAwait(false);
    }
}

namespace Sing.Qemu;

/// <summary>Decides when a guest is stuck rather than slow. A busy host slows the guest down but does not stop it
/// printing, so the limit on guest work is an idle one: it fires when the serial console has written nothing new for
/// <see cref="IdleLimit"/>, and every new output starts the count again. A hard stop (<see cref="HardLimit"/>, far
/// beyond any normal run) still ends a guest that prints forever. Pure logic over the elapsed time and the output
/// length so far, so it is tested without a clock.</summary>
public sealed class GuestWatchdog
{
    private long _length;
    private TimeSpan _lastProgress;

    /// <summary>A watchdog with its two limits; the hard stop is at least the idle limit.</summary>
    public GuestWatchdog(TimeSpan idleLimit, TimeSpan hardLimit)
    {
        if (idleLimit <= TimeSpan.Zero) throw new ArgumentOutOfRangeException(nameof(idleLimit), idleLimit, "the idle limit must be positive");
        if (hardLimit < idleLimit) throw new ArgumentOutOfRangeException(nameof(hardLimit), hardLimit, $"the hard stop must be at least the idle limit ({idleLimit})");
        IdleLimit = idleLimit;
        HardLimit = hardLimit;
    }

    /// <summary>How long the serial console may stay silent.</summary>
    public TimeSpan IdleLimit { get; }

    /// <summary>How long the run may last, however much it prints.</summary>
    public TimeSpan HardLimit { get; }

    /// <summary>When the guest last wrote something new (from the start of the run).</summary>
    public TimeSpan LastProgress => _lastProgress;

    /// <summary>Records the output length at <paramref name="elapsed"/> since the start; returns null while the guest
    /// may go on, else which limit fired and why (for the failure message).</summary>
    public string? Check(TimeSpan elapsed, long outputLength)
    {
        if (outputLength > _length)
        {
            _length = outputLength;
            _lastProgress = elapsed;
        }
        if (elapsed >= HardLimit)
            return $"the hard stop of {Seconds(HardLimit)} fired: the guest was still writing (last output {Seconds(elapsed - _lastProgress)} before), so it never finished; it may loop printing";
        if (elapsed - _lastProgress >= IdleLimit)
            return $"the idle limit fired: the serial console wrote nothing new for {Seconds(IdleLimit)} (last output {Seconds(_lastProgress)} into the run, {_length} bytes in all); the guest is stuck, not slow";
        return null;
    }

    private static string Seconds(TimeSpan t) => $"{t.TotalSeconds:F0} s";
}

using System.Globalization;

namespace Sing.Build;

/// <summary>How far a <see cref="WorkPlan"/> is and how long it has left. When a step completes, the time spent per
/// unit of weight done gives the whole run's expected length; the time left counts down from it until the next step
/// completes (steps last minutes, so a rate measured between them would say nothing for most of the run).</summary>
internal sealed class ProgressEstimate(WorkPlan plan)
{
    private TimeSpan _expectedTotal;

    public WorkPlan Plan { get; } = plan ?? throw new ArgumentNullException(nameof(plan));
    public int Done { get; private set; }
    public double DoneWeight { get; private set; }

    /// <summary>A step of <paramref name="weight"/> completed, <paramref name="elapsed"/> after the run started.</summary>
    public void Complete(double weight, TimeSpan elapsed)
    {
        if (weight < 0 || double.IsNaN(weight)) throw new ArgumentOutOfRangeException(nameof(weight), weight, "a step's weight is a positive number");
        Done = Math.Min(Done + 1, Plan.Steps);
        DoneWeight = Math.Min(DoneWeight + weight, Plan.Weight);
        if (DoneWeight > 0) _expectedTotal = TimeSpan.FromSeconds(elapsed.TotalSeconds / DoneWeight * Plan.Weight);
    }

    /// <summary>The time left at <paramref name="elapsed"/> (never below zero), or null before any step is done
    /// (nothing to go by yet).</summary>
    public TimeSpan? Remaining(TimeSpan elapsed) =>
        DoneWeight <= 0 ? null : elapsed >= _expectedTotal ? TimeSpan.Zero : _expectedTotal - elapsed;

    /// <summary>"3/12 done, 1 min 20 s elapsed, about 4 min 05 s left".</summary>
    public string Describe(TimeSpan elapsed)
    {
        var remaining = Remaining(elapsed);
        string left = remaining is null ? "estimating the time left" : $"about {Duration(remaining.Value)} left";
        return $"{Done}/{Plan.Steps} done, {Duration(elapsed)} elapsed, {left}";
    }

    public static string Duration(TimeSpan t) => t.TotalSeconds switch
    {
        < 60 => string.Create(CultureInfo.InvariantCulture, $"{t.TotalSeconds:0} s"),
        < 3600 => string.Create(CultureInfo.InvariantCulture, $"{(int)t.TotalMinutes} min {t.Seconds:00} s"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{(int)t.TotalHours} h {t.Minutes:00} min"),
    };
}

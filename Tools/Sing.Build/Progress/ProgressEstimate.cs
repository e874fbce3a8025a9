using System.Globalization;

namespace Sing.Build;

/// <summary>How far a <see cref="WorkPlan"/> is and how long it has left: the time spent so far per unit of weight
/// done, times the weight still to do.</summary>
internal sealed class ProgressEstimate(WorkPlan plan)
{
    public WorkPlan Plan { get; } = plan ?? throw new ArgumentNullException(nameof(plan));
    public int Done { get; private set; }
    public double DoneWeight { get; private set; }

    public void Complete(double weight)
    {
        if (weight < 0 || double.IsNaN(weight)) throw new ArgumentOutOfRangeException(nameof(weight), weight, "a step's weight is a positive number");
        Done = Math.Min(Done + 1, Plan.Steps);
        DoneWeight = Math.Min(DoneWeight + weight, Plan.Weight);
    }

    /// <summary>The time left, or null before any step is done (nothing to go by yet).</summary>
    public TimeSpan? Remaining(TimeSpan elapsed) =>
        DoneWeight <= 0 ? null : TimeSpan.FromSeconds(elapsed.TotalSeconds / DoneWeight * (Plan.Weight - DoneWeight));

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

namespace Sing.Build;

/// <summary>Progress as plain lines, for logs and CI: one line as each step starts, with the count done and the time
/// left, and one at the end.</summary>
internal sealed class PlainWorkProgress(TextWriter output, WorkPlan plan, TimeProvider clock) : IWorkProgress
{
    private readonly ProgressEstimate _estimate = new(plan);
    private readonly long _start = clock.GetTimestamp();

    private TimeSpan Elapsed => clock.GetElapsedTime(_start);

    public void Begin(string step) => output.WriteLine($"[{plan.Title}] {_estimate.Describe(Elapsed)}: {step}");

    public void Complete(double weight = 1) => _estimate.Complete(weight, Elapsed);

    public void Log(string line) => output.WriteLine(line);

    public void Finish() => output.WriteLine($"[{plan.Title}] {_estimate.Done}/{plan.Steps} done in {ProgressEstimate.Duration(Elapsed)}");
}

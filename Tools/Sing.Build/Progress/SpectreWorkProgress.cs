using Spectre.Console;
using Spectre.Console.Rendering;

namespace Sing.Build;

/// <summary>Progress on an interactive terminal: one Spectre.Console task whose description names the running step
/// and the count done, with Spectre's bar and elapsed time and our estimate of the time left (<see cref="TimeLeft"/>,
/// a column Spectre redraws as it ticks).</summary>
internal sealed class SpectreWorkProgress(WorkPlan plan, TimeProvider clock) : IWorkProgress
{
    private readonly ProgressEstimate _estimate = new(plan);
    private readonly long _start = clock.GetTimestamp();
    private ProgressTask? _task;
    private string _step = "";
    private bool _finished;

    private TimeSpan Elapsed => clock.GetElapsedTime(_start);

    /// <summary>The column that shows <see cref="ProgressEstimate.Remaining"/>.</summary>
    public ProgressColumn TimeLeft => new TimeLeftColumn(this);

    /// <summary>The Spectre task this progress drives; set once the display has started.</summary>
    public void Attach(ProgressTask task) => _task = task;

    public void Begin(string step)
    {
        _step = step;
        Describe();
    }

    public void Complete(double weight = 1)
    {
        _estimate.Complete(weight, Elapsed);
        _task?.Increment(weight);
        Describe();
    }

    public void Log(string line) => AnsiConsole.WriteLine(line);

    /// <summary>The work returned: the bar is full and the line says how many steps were counted.</summary>
    public void Finish()
    {
        _finished = true;
        if (_task is null) return;
        _task.Value = _task.MaxValue;
        _task.Description = Markup.Escape($"{plan.Title} {_estimate.Done}/{plan.Steps}: finished");
        _task.StopTask();
    }

    private void Describe()
    {
        if (_task is not null) _task.Description = Markup.Escape($"{plan.Title} {_estimate.Done}/{plan.Steps}: {_step}");
    }

    private sealed class TimeLeftColumn(SpectreWorkProgress progress) : ProgressColumn
    {
        public override IRenderable Render(RenderOptions options, ProgressTask task, TimeSpan deltaTime)
        {
            var left = progress._estimate.Remaining(progress.Elapsed);
            string text = progress._finished ? "done" : left is null ? "estimating" : $"about {ProgressEstimate.Duration(left.Value)} left";
            return new Text(text, new Style(Color.Blue));
        }
    }
}

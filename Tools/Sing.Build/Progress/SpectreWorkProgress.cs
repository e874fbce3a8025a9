using Spectre.Console;

namespace Sing.Build;

/// <summary>Progress on an interactive terminal: one Spectre.Console task whose description names the running step
/// and the count done; the bar, elapsed and remaining time are Spectre's columns.</summary>
internal sealed class SpectreWorkProgress(ProgressTask task, WorkPlan plan) : IWorkProgress
{
    private int _done;
    private string _step = "";

    public void Begin(string step)
    {
        _step = step;
        task.Description = Markup.Escape($"{plan.Title} {_done}/{plan.Steps}: {_step}");
    }

    public void Complete(double weight = 1)
    {
        _done = Math.Min(_done + 1, plan.Steps);
        task.Increment(weight);
        task.Description = Markup.Escape($"{plan.Title} {_done}/{plan.Steps}: {_step}");
    }

    public void Log(string line) => AnsiConsole.WriteLine(line);
}

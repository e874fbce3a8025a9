using Spectre.Console;

namespace Sing.Build;

/// <summary>Runs long work under a progress display: Spectre.Console's live bar on an interactive terminal, plain
/// lines when the output is redirected or CI is set (a live display would fill a log with redraws).</summary>
internal static class ProgressDisplay
{
    public static bool IsInteractive =>
        !Console.IsOutputRedirected
        && string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"))
        && AnsiConsole.Profile.Capabilities.Interactive;

    public static async Task<T> RunAsync<T>(WorkPlan plan, Func<IWorkProgress, Task<T>> work)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(work);
        if (!IsInteractive)
        {
            var plain = new PlainWorkProgress(Console.Out, plan, TimeProvider.System);
            T result = await work(plain);
            plain.Finish();
            return result;
        }
        var progress = new SpectreWorkProgress(plan, TimeProvider.System);
        return await AnsiConsole.Progress()
            .AutoClear(false)
            .Columns(new SpinnerColumn(), new TaskDescriptionColumn { Alignment = Justify.Left }, new ProgressBarColumn(),
                new PercentageColumn(), new ElapsedTimeColumn(), progress.TimeLeft)
            .StartAsync(async context =>
            {
                var task = context.AddTask(Markup.Escape(plan.Title), maxValue: plan.Weight);
                progress.Attach(task);
                T result = await work(progress);
                progress.Finish();
                return result;
            });
    }
}

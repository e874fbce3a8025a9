namespace Sing.Build;

/// <summary>What a long run tells its reader: which step is running, that one is done, and lines of its own.</summary>
internal interface IWorkProgress
{
    /// <summary>The step starting now, e.g. "icount 2/3: Linux guest".</summary>
    void Begin(string step);

    /// <summary>The running step is done; <paramref name="weight"/> is its share of the plan's weight.</summary>
    void Complete(double weight = 1);

    /// <summary>A line for the reader (on a terminal it appears above the progress bar).</summary>
    void Log(string line);
}

namespace Sing.Build;

/// <summary>A long run known up front: how many steps (boots, test projects) and their total weight, a step's
/// weight being its expected share of the time (a Linux bench boot takes several times a Singularity one).</summary>
internal sealed record WorkPlan(string Title, int Steps, double Weight)
{
    /// <summary>A plan whose steps all take about as long.</summary>
    public static WorkPlan Even(string title, int steps) => new(title, steps, steps);
}

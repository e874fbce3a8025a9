namespace Sing.Installer.Arguments
{
    /// <summary>Why a command line does not fit a manifest's parameters (codes SINGI080-083).</summary>
    public sealed record ArgumentError(string Code, string Message);
}

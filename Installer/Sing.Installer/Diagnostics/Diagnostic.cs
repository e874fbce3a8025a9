namespace Sing.Installer.Diagnostics
{
    /// <summary>One rejection: where, which rule (SINGIxxx), what is wrong and how to fix it.</summary>
    public sealed record Diagnostic(string Code, SourceLocation Location, string Message)
    {
        /// <summary>MSBuild's canonical error format: "file(line,col): error CODE: message".</summary>
        public override string ToString() => $"{Location}: error {Code}: {Message}";
    }
}

namespace Sing.Installer.Diagnostics
{
    /// <summary>A place in an input file; line and column are 1-based, 0 when unknown (e.g. an assembly).</summary>
    public readonly record struct SourceLocation(string File, int Line, int Column)
    {
        public static SourceLocation OfFile(string file) => new(file, 0, 0);

        /// <summary>MSBuild's "file(line,col)" form, so `dotnet build` and IDEs link the message to the place.</summary>
        public override string ToString() => Line > 0 ? $"{File}({Line},{Column})" : File;
    }
}

using System.Collections.Generic;

namespace Sing.Installer.Diagnostics
{
    /// <summary>Collects rejections; every check adds to one bag so the user sees all problems in one run.</summary>
    public sealed class DiagnosticBag
    {
        private readonly List<Diagnostic> _items = new();

        public IReadOnlyList<Diagnostic> Items => _items;

        public bool HasErrors => _items.Count > 0;

        public void Add(string code, SourceLocation location, string message) => _items.Add(new Diagnostic(code, location, message));

        public void AddRange(IEnumerable<Diagnostic> diagnostics) => _items.AddRange(diagnostics);
    }
}

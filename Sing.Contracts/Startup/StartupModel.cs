using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Sing.Startup.Generator
{
    /// <summary>The generator's output for one startup class, compared by value so unchanged inputs cost nothing.</summary>
    internal sealed class StartupModel : IEquatable<StartupModel>
    {
        public StartupModel(string hintName, string source, List<DiagnosticInfo> diagnostics)
        {
            HintName = hintName;
            Source = source;
            Diagnostics = diagnostics;
        }

        public string HintName { get; }
        public string Source { get; }
        public List<DiagnosticInfo> Diagnostics { get; }

        public bool Equals(StartupModel? other) =>
            other != null && HintName == other.HintName && Source == other.Source && Diagnostics.SequenceEqual(other.Diagnostics);

        public override bool Equals(object? obj) => Equals(obj as StartupModel);

        public override int GetHashCode() => Source.GetHashCode();
    }

    /// <summary>A diagnostic kept as plain values (a Location keeps the syntax tree alive and defeats caching).</summary>
    internal sealed class DiagnosticInfo : IEquatable<DiagnosticInfo>
    {
        private readonly DiagnosticDescriptor _descriptor;
        private readonly string _path;
        private readonly TextSpan _span;
        private readonly LinePositionSpan _lines;
        private readonly string[] _arguments;

        public DiagnosticInfo(DiagnosticDescriptor descriptor, Location location, params string[] arguments)
        {
            _descriptor = descriptor;
            _path = location.SourceTree?.FilePath ?? "";
            _span = location.SourceSpan;
            _lines = location.GetLineSpan().Span;
            _arguments = arguments;
        }

        public Diagnostic Create() =>
            Diagnostic.Create(_descriptor, _path.Length == 0 ? Location.None : Location.Create(_path, _span, _lines), _arguments);

        public bool Equals(DiagnosticInfo? other) =>
            other != null && _descriptor.Id == other._descriptor.Id && _path == other._path && _span == other._span && _arguments.SequenceEqual(other._arguments);

        public override bool Equals(object? obj) => Equals(obj as DiagnosticInfo);

        public override int GetHashCode() => _descriptor.Id.GetHashCode() ^ _span.GetHashCode();
    }
}

using System.Collections.Generic;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Model
{
    /// <summary>Where an element and each of its attributes were written, so a rule can point at the exact attribute.</summary>
    public sealed record XmlSpot(SourceLocation Element, IReadOnlyDictionary<string, SourceLocation> Attributes)
    {
        public SourceLocation At(string attribute) => Attributes.TryGetValue(attribute, out var at) ? at : Element;

        public static XmlSpot Unknown(string file) => new(SourceLocation.OfFile(file), new Dictionary<string, SourceLocation>());
    }
}

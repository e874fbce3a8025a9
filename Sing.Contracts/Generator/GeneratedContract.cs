using System;

namespace Sing.Contracts.Generator
{
    /// <summary>Pipeline value: equatable, so unchanged contracts are not re-emitted.</summary>
    internal readonly struct GeneratedContract : IEquatable<GeneratedContract>
    {
        public GeneratedContract(string hintName, string source)
        {
            HintName = hintName;
            Source = source;
        }

        public string HintName { get; }

        public string Source { get; }

        public bool Equals(GeneratedContract other) => HintName == other.HintName && Source == other.Source;

        public override bool Equals(object? obj) => obj is GeneratedContract other && Equals(other);

        public override int GetHashCode() => StringComparer.Ordinal.GetHashCode(Source);
    }
}

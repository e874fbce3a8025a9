using System;
using System.Collections.Generic;

namespace Sing.Install
{
    /// <summary>MSBuild item lists as the build passes them ("a;b;c").</summary>
    internal static class ItemList
    {
        /// <summary>The entries of <paramref name="value"/>, trimmed, empty ones dropped; none when it is null.</summary>
        public static IReadOnlyList<string> Split(string? value) =>
            value is null ? Array.Empty<string>() : value.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }
}

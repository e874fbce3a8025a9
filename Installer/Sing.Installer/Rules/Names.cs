using System.Text.RegularExpressions;

namespace Sing.Installer.Rules
{
    /// <summary>The syntax of names and paths. One place, because the shell, the name service and the installer must
    /// agree on what a valid name is.</summary>
    public static partial class Names
    {
        /// <summary>Program, endpoint, parameter and resource names.</summary>
        public static bool IsIdentifier(string s) => IdentifierRegex().IsMatch(s);

        /// <summary>Absolute name-service paths: /seg/seg, segments of [a-z0-9._-], never "." or "..".</summary>
        public static bool IsPath(string s) => PathRegex().IsMatch(s) && !s.Contains("/./") && !s.EndsWith("/.", System.StringComparison.Ordinal)
            && !s.Contains("/../") && !s.EndsWith("/..", System.StringComparison.Ordinal);

        /// <summary>A namespace prefix: a path ending in "/".</summary>
        public static bool IsPrefix(string s) => s.Length > 1 && s.EndsWith('/') && IsPath(s[..^1]);

        /// <summary>A CLR full type name of a contract: dotted C# identifiers.</summary>
        public static bool IsTypeName(string s) => TypeNameRegex().IsMatch(s);

        /// <summary>A contract state or assembly-simple-name-like token.</summary>
        public static bool IsSimpleName(string s) => SimpleNameRegex().IsMatch(s);

        public const string IdentifierRule = "[a-z][a-z0-9-]*";
        public const string PathRule = "/seg/seg with segments of [a-z0-9._-]";

        [GeneratedRegex("^[a-z][a-z0-9-]*$")]
        private static partial Regex IdentifierRegex();

        [GeneratedRegex("^(/[a-z0-9._-]+)+$")]
        private static partial Regex PathRegex();

        [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")]
        private static partial Regex TypeNameRegex();

        [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_.]*$")]
        private static partial Regex SimpleNameRegex();
    }
}

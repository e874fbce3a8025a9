namespace Sing.Analyzers
{
    /// <summary>
    /// The one place that says where a diagnostic's help link points: the diagnostic's anchor (its ID in lower
    /// case) in <c>Sing.Analyzers/README.md</c>. Linked into the startup generator too, so every Sing ID links the same way.
    /// </summary>
    internal static class HelpLinks
    {
        /// <summary>
        /// Prefix of every help link. The project has no published address, so links are relative to the repository
        /// root; when it gets one, put the README's absolute URL here (for example <c>https://host/repo/blob/main/Sing.Analyzers/README.md</c>)
        /// and the IDEs' diagnostic IDs become clickable. The tests check the anchors, not the prefix.
        /// </summary>
        public const string Readme = "Sing.Analyzers/README.md";

        public static string For(string id) => Readme + "#" + id.ToLowerInvariant();
    }
}

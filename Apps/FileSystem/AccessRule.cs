#nullable enable
namespace Sing.Apps.FileSystem
{
    /// <summary>The policy's access rule, from the manifest parameter "readonly": a directory (default /system) that
    /// programs of kind application may read but not change: no open for writing, create, truncate, mkdir, delete,
    /// or rename into or out of it. Services and drivers (the shell among them) may. The kind comes from the
    /// kernel's connect request, so a program cannot pretend to be another; a channel its client delegated counts as
    /// an application's (ClientSession.CountsAsApplication). Paths are compared after the volume made them canonical
    /// (FatVolume.Canonical: "..", short aliases and case resolved), so no other spelling escapes.</summary>
    internal sealed class AccessRule
    {
        private readonly string[] _protected;

        public AccessRule(string directory)
        {
            _protected = Split(directory ?? "");
        }

        public string Directory => "/" + string.Join("/", _protected);

        /// <summary>Null when a client may change the file at <paramref name="canonicalPath"/>, else the refusal;
        /// <paramref name="application"/>: the client counts as an application, <paramref name="who"/> names it.</summary>
        public string? RefusesChange(bool application, string who, string canonicalPath)
        {
            if (_protected.Length == 0 || !application || !Inside(canonicalPath)) return null;
            return canonicalPath + ": " + Directory + " is read-only to applications (" + who + " is one)";
        }

        private bool Inside(string path)
        {
            string[] parts = Split(path);
            if (parts.Length < _protected.Length) return false;
            for (int i = 0; i < _protected.Length; i++) if (!SameName(parts[i], _protected[i])) return false;
            return true;
        }

        private static string[] Split(string path)
        {
            string[] raw = path.Split('/');
            int n = 0;
            for (int i = 0; i < raw.Length; i++) if (raw[i].Length > 0 && raw[i] != ".") n++;
            var parts = new string[n];
            n = 0;
            for (int i = 0; i < raw.Length; i++) if (raw[i].Length > 0 && raw[i] != ".") parts[n++] = raw[i];
            return parts;
        }

        private static bool SameName(string a, string b) => a.ToUpperInvariant() == b.ToUpperInvariant();
    }
}

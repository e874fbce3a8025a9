namespace System.IO
{
    /// <summary>Full and relative paths: resolved against Environment.CurrentDirectory ("/" until a program sets
    /// it), "." and ".." folded away, '/' the only separator (the file system's paths are Unix-style).</summary>
    public static partial class Path
    {
        public static string Combine(string path1, string path2, string path3, string path4) =>
            Combine(new[] { path1 ?? throw new ArgumentNullException(nameof(path1)), path2 ?? throw new ArgumentNullException(nameof(path2)),
                path3 ?? throw new ArgumentNullException(nameof(path3)), path4 ?? throw new ArgumentNullException(nameof(path4)) });

        public static string Join(string path1, string path2, string path3, string path4) => Join(new[] { path1, path2, path3, path4 });

        public static string GetPathRoot(string path) => path is null ? null : IsPathRooted(path) ? "/" : "";

        public static bool IsPathFullyQualified(string path)
        {
            if (path is null) throw new ArgumentNullException(nameof(path));
            return IsPathRooted(path);
        }

        public static string GetFullPath(string path)
        {
            if (path is null) throw new ArgumentNullException(nameof(path));
            if (path.Length == 0) throw new ArgumentException("The value cannot be an empty string.", nameof(path));
            if (path.Contains('\0')) throw new ArgumentException("Null character in path.", nameof(path));
            return Normalize(IsPathRooted(path) ? path : Combine(Environment.CurrentDirectory, path));
        }

        public static string GetFullPath(string path, string basePath)
        {
            if (path is null) throw new ArgumentNullException(nameof(path));
            if (basePath is null) throw new ArgumentNullException(nameof(basePath));
            if (!IsPathFullyQualified(basePath)) throw new ArgumentException("Basepath argument is not fully qualified.", nameof(basePath));
            return Normalize(IsPathRooted(path) ? path : Combine(basePath, path));
        }

        /// <summary>"/a/./b/../c/" becomes "/a/c/": a trailing separator stays, ".." above the root stays at the root.</summary>
        private static string Normalize(string path)
        {
            var parts = new Collections.Generic.List<string>();
            foreach (string part in path.Split('/'))
            {
                if (part.Length == 0 || part == ".") continue;
                if (part == "..")
                {
                    if (parts.Count > 0) parts.RemoveAt(parts.Count - 1);
                    continue;
                }
                parts.Add(part);
            }
            string full = "/" + string.Join("/", parts);
            if (path.Length > 1 && path[^1] == '/' && full.Length > 1) full += "/";
            return full;
        }

        /// <summary>The path from <paramref name="relativeTo"/> (a directory) to <paramref name="path"/>, with ".." steps.</summary>
        public static string GetRelativePath(string relativeTo, string path)
        {
            if (relativeTo is null) throw new ArgumentNullException(nameof(relativeTo));
            if (path is null) throw new ArgumentNullException(nameof(path));
            if (relativeTo.Length == 0) throw new ArgumentException("The value cannot be an empty string.", nameof(relativeTo));
            if (path.Length == 0) throw new ArgumentException("The value cannot be an empty string.", nameof(path));
            string[] from = GetFullPath(relativeTo).Split('/', StringSplitOptions.RemoveEmptyEntries);
            string target = GetFullPath(path);
            string[] to = target.Split('/', StringSplitOptions.RemoveEmptyEntries);
            int common = 0;
            while (common < from.Length && common < to.Length && from[common] == to[common]) common++;
            var steps = new Collections.Generic.List<string>();
            for (int i = common; i < from.Length; i++) steps.Add("..");
            for (int i = common; i < to.Length; i++) steps.Add(to[i]);
            string relative = steps.Count == 0 ? "." : string.Join("/", steps);
            if (target.Length > 1 && target[^1] == '/' && relative != ".") relative += "/";
            return relative;
        }

        public static string GetTempPath() => "/tmp/";

        /// <summary>Eight letters or digits, a dot and three more, at random (nothing is created).</summary>
        public static string GetRandomFileName()
        {
            const string Alphabet = "abcdefghijklmnopqrstuvwxyz012345";
            Span<char> name = stackalloc char[12];
            for (int i = 0; i < 12; i++) name[i] = Alphabet[Random.Shared.Next(Alphabet.Length)];
            name[8] = '.';
            return new string(name);
        }

        public static ReadOnlySpan<char> GetFileName(ReadOnlySpan<char> path) => GetFileName(path.ToString()).AsSpan();

        public static ReadOnlySpan<char> GetFileNameWithoutExtension(ReadOnlySpan<char> path) => GetFileNameWithoutExtension(path.ToString()).AsSpan();

        public static ReadOnlySpan<char> GetExtension(ReadOnlySpan<char> path) => GetExtension(path.ToString()).AsSpan();

        public static ReadOnlySpan<char> GetDirectoryName(ReadOnlySpan<char> path) => GetDirectoryName(path.ToString()).AsSpan();

        public static bool IsPathRooted(ReadOnlySpan<char> path) => path.Length > 0 && path[0] == '/';

        public static bool HasExtension(ReadOnlySpan<char> path) => HasExtension(path.ToString());
    }
}

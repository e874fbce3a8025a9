namespace System.IO
{
    /// <summary>Path strings as .NET on Unix reads them ('/' separates, a path starting with '/' is rooted). Only
    /// text: no file is touched.</summary>
    public static partial class Path
    {
        public const char DirectorySeparatorChar = '/';
        public const char AltDirectorySeparatorChar = '/';
        public const char VolumeSeparatorChar = '/';
        public const char PathSeparator = ':';

        public static string Combine(string path1, string path2) => Combine(new[] { path1 ?? throw new ArgumentNullException(nameof(path1)), path2 ?? throw new ArgumentNullException(nameof(path2)) });

        public static string Combine(string path1, string path2, string path3) =>
            Combine(new[] { path1 ?? throw new ArgumentNullException(nameof(path1)), path2 ?? throw new ArgumentNullException(nameof(path2)), path3 ?? throw new ArgumentNullException(nameof(path3)) });

        /// <summary>Joins the parts with '/' where one is missing; a rooted part starts over from itself.</summary>
        public static string Combine(params string[] paths)
        {
            if (paths is null) throw new ArgumentNullException(nameof(paths));
            string result = "";
            foreach (string part in paths)
            {
                if (part is null) throw new ArgumentNullException(nameof(paths));
                if (part.Length == 0) continue;
                if (IsPathRooted(part)) result = part;
                else result = result.Length == 0 || result[^1] == '/' ? result + part : result + "/" + part;
            }
            return result;
        }

        /// <summary>Joins the parts with '/' where one is missing; unlike Combine, a rooted part does not start over.</summary>
        public static string Join(params string[] paths)
        {
            if (paths is null) throw new ArgumentNullException(nameof(paths));
            string result = "";
            foreach (string part in paths)
            {
                if (string.IsNullOrEmpty(part)) continue;
                result = result.Length == 0 || result[^1] == '/' || part[0] == '/' ? result + part : result + "/" + part;
            }
            return result;
        }

        public static string Join(string path1, string path2) => Join(new[] { path1, path2 });

        public static string Join(string path1, string path2, string path3) => Join(new[] { path1, path2, path3 });

        public static bool IsPathRooted(string path) => path != null && path.Length > 0 && path[0] == '/';

        public static string GetFileName(string path)
        {
            if (path is null) return null;
            return path.Substring(path.LastIndexOf('/') + 1);
        }

        public static string GetFileNameWithoutExtension(string path)
        {
            string name = GetFileName(path);
            if (name is null) return null;
            int dot = name.LastIndexOf('.');
            return dot < 0 ? name : name.Substring(0, dot);
        }

        /// <summary>The extension with its dot ("" when there is none), from the file name only.</summary>
        public static string GetExtension(string path)
        {
            string name = GetFileName(path);
            if (name is null) return null;
            int dot = name.LastIndexOf('.');
            return dot < 0 || dot == name.Length - 1 ? "" : name.Substring(dot);
        }

        public static bool HasExtension(string path) => GetExtension(path) is { Length: > 0 };

        public static string ChangeExtension(string path, string extension)
        {
            if (path is null) return null;
            int slash = path.LastIndexOf('/');
            int dot = path.LastIndexOf('.');
            string stem = dot > slash ? path.Substring(0, dot) : path;
            if (extension is null) return stem;
            if (extension.Length == 0) return stem + ".";
            return stem + (extension[0] == '.' ? extension : "." + extension);
        }

        /// <summary>The directory part (trailing separators of it removed), null for a root or a path without one;
        /// an empty path is an ArgumentException, as in .NET.</summary>
        public static string GetDirectoryName(string path)
        {
            if (path is null) return null;
            if (path.Length == 0) throw new ArgumentException("The path is empty.", nameof(path));
            int slash = path.LastIndexOf('/');
            if (slash < 0 || path == "/") return slash < 0 ? "" : null;
            int end = slash;
            while (end > 0 && path[end - 1] == '/') end--;
            return end == 0 ? "/" : path.Substring(0, end);
        }

        public static char[] GetInvalidFileNameChars() => new[] { '\0', '/' };

        public static char[] GetInvalidPathChars() => new[] { '\0' };

        public static bool EndsInDirectorySeparator(string path) => path != null && path.Length > 0 && path[^1] == '/';

        public static string TrimEndingDirectorySeparator(string path) =>
            path != null && path.Length > 1 && path[^1] == '/' ? path.Substring(0, path.Length - 1) : path;
    }
}

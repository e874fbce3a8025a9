#nullable enable
using System.Collections.Generic;

namespace Sing.Storage.Fat
{
    /// <summary>Paths inside a volume: '/'-separated from the root (a leading '/' is optional), "." and ".." resolved
    /// by name, never climbing above the root.</summary>
    internal static class FatPath
    {
        public static List<string> Split(string path)
        {
            if (path == null) throw new FatException(FatError.InvalidArgument, "no path");
            var parts = new List<string>();
            int i = 0;
            while (i <= path.Length)
            {
                int slash = path.IndexOf('/', i);
                if (slash < 0) slash = path.Length;
                string part = path.Substring(i, slash - i);
                if (part == "..") { if (parts.Count > 0) parts.RemoveAt(parts.Count - 1); }
                else if (part.Length > 0 && part != ".") parts.Add(part);
                i = slash + 1;
            }
            return parts;
        }

        public static string Join(List<string> parts, int count)
        {
            if (count == 0) return "/";
            if (count == 1) return string.Concat("/", parts[0]);
            int length = 0;
            for (int i = 0; i < count; i++) length += 1 + parts[i].Length;
            var text = new char[length];
            int at = 0;
            for (int i = 0; i < count; i++)
            {
                text[at++] = '/';
                parts[i].CopyTo(0, text, at, parts[i].Length);
                at += parts[i].Length;
            }
            return new string(text);
        }

        /// <summary>Null when <paramref name="name"/> may be created, else why not.</summary>
        public static string? NameProblem(string name)
        {
            if (name.Length == 0) return "an empty name";
            if (name.Length > 255) return "a name longer than 255 characters";
            if (name == "." || name == "..") return "the name " + name + " is reserved";
            char last = name[name.Length - 1];
            if (last == '.' || last == ' ') return "a name that ends with '.' or a space";
            for (int i = 0; i < name.Length; i++)
            {
                char c = name[i];
                if (c < 0x20) return "a control character in the name";
                if ("\"*/:<>?\\|".IndexOf(c) >= 0) return "the character '" + new string(c, 1) + "', which FAT forbids in names";
            }
            return null;
        }

        /// <summary>Case-insensitive comparison as FAT requires (ASCII letters fold; other characters must match).</summary>
        public static bool SameName(string a, string b)
        {
            if (a.Length != b.Length) return false;
            for (int i = 0; i < a.Length; i++)
            {
                char x = a[i], y = b[i];
                if (x >= 'a' && x <= 'z') x = (char)(x - 32);
                if (y >= 'a' && y <= 'z') y = (char)(y - 32);
                if (x != y) return false;
            }
            return true;
        }
    }
}

#nullable enable
using System.Text;

namespace Sing.Storage.Fat
{
    /// <summary>8.3 names as stored in a directory entry: eleven bytes, name and extension padded with spaces,
    /// upper case. Checks stored names, makes the basis name of a long name and its "~N" numeric tails, and the
    /// checksum that ties long-name entries to their short entry.</summary>
    internal static class ShortName
    {
        private const string Forbidden = "\"*+,./:;<=>?[\\]|";

        /// <summary>Null when the eleven bytes at <paramref name="at"/> form a legal stored short name, else why not.</summary>
        public static string? Problem(byte[] e, int at)
        {
            if (e[at] == (byte)' ') return "the short name starts with a space";
            for (int i = 0; i < 11; i++)
            {
                byte b = e[at + i];
                if (i == 0 && b == 0x05) continue;   // stands for a leading 0xE5
                if (b < 0x20 || b == 0x7F) return $"the short name has control byte 0x{b:x2}";
                if (IsForbidden((char)b)) return $"the short name has the illegal character '{(char)b}'";
            }
            return null;
        }

        /// <summary>The display form "NAME.EXT"; <paramref name="caseBits"/> (NTRes 0x08 / 0x10) lower the base or the
        /// extension as Windows and mtools record for all-lower-case 8.3 names.</summary>
        public static string Display(byte[] e, int at, int caseBits)
        {
            System.Span<char> text = stackalloc char[12];   // no builder: a scan makes one or two of these per entry
            int length = 0;
            int end = 8;
            while (end > 0 && e[at + end - 1] == ' ') end--;
            for (int i = 0; i < end; i++)
            {
                byte b = i == 0 && e[at] == 0x05 ? (byte)0xE5 : e[at + i];
                text[length++] = Char(b, (caseBits & 0x08) != 0);
            }
            int extEnd = 3;
            while (extEnd > 0 && e[at + 8 + extEnd - 1] == ' ') extEnd--;
            if (extEnd > 0)
            {
                text[length++] = '.';
                for (int i = 0; i < extEnd; i++) text[length++] = Char(e[at + 8 + i], (caseBits & 0x10) != 0);
            }
            return new string(text.Slice(0, length));
        }

        /// <summary>Whether <see cref="Display"/>(e, at, 0) names <paramref name="name"/> (FAT's case-insensitive
        /// equality, <see cref="FatPath.SameName"/>), without making the string.</summary>
        public static bool DisplaySameAs(byte[] e, int at, string name)
        {
            int length = 0;
            int end = 8;
            while (end > 0 && e[at + end - 1] == ' ') end--;
            int extEnd = 3;
            while (extEnd > 0 && e[at + 8 + extEnd - 1] == ' ') extEnd--;
            int total = end + (extEnd > 0 ? 1 + extEnd : 0);
            if (total != name.Length) return false;
            for (int i = 0; i < end; i++)
                if (!SameChar(Char(i == 0 && e[at] == 0x05 ? (byte)0xE5 : e[at + i], false), name[length++])) return false;
            if (extEnd > 0)
            {
                if (name[length++] != '.') return false;
                for (int i = 0; i < extEnd; i++) if (!SameChar(Char(e[at + 8 + i], false), name[length++])) return false;
            }
            return true;
        }

        private static bool SameChar(char x, char y)
        {
            if (x >= 'a' && x <= 'z') x = (char)(x - 32);
            if (y >= 'a' && y <= 'z') y = (char)(y - 32);
            return x == y;
        }

        /// <summary>One of <see cref="Forbidden"/>'s characters (a switch, not a search of the string).</summary>
        private static bool IsForbidden(char c)
        {
            switch (c)
            {
                case '"': case '*': case '+': case ',': case '.': case '/': case ':': case ';':
                case '<': case '=': case '>': case '?': case '[': case '\\': case ']': case '|':
                    return true;
                default:
                    return false;
            }
        }

        private static char Char(byte b, bool lower)
        {
            char c = b < 0x80 ? (char)b : '_';     // OEM code page bytes are not mapped: shown as '_'
            return lower && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
        }

        public static byte Checksum(byte[] e, int at)
        {
            byte sum = 0;
            for (int i = 0; i < 11; i++) sum = (byte)((((sum & 1) << 7) | (sum >> 1)) + e[at + i]);
            return sum;
        }

        /// <summary>True when <paramref name="name"/> is exactly a short name in upper case ("README.TXT"), so it
        /// needs no long-name entries.</summary>
        public static bool IsExactShortName(string name, out byte[]? stored)
        {
            stored = null;
            if (name.Length == 0 || name.Length > 12 || name == "." || name == "..") return false;
            int dot = name.IndexOf('.');
            string b = dot < 0 ? name : name.Substring(0, dot);
            string x = dot < 0 ? "" : name.Substring(dot + 1);
            if (b.Length < 1 || b.Length > 8 || x.Length > 3 || (dot >= 0 && x.Length == 0)) return false;
            for (int i = 0; i < name.Length; i++)
            {
                char c = name[i];
                if (c == '.') continue;
                if (!IsShortChar(c) || (c >= 'a' && c <= 'z')) return false;
            }
            stored = Pack(b, x);
            return true;
        }

        private static bool IsShortChar(char c) =>
            c > 0x20 && c < 0x7F && !IsForbidden(c);

        private static byte[] Pack(string basis, string ext)
        {
            var stored = new byte[11];
            for (int i = 0; i < 11; i++) stored[i] = (byte)' ';
            for (int i = 0; i < basis.Length && i < 8; i++) stored[i] = (byte)basis[i];
            for (int i = 0; i < ext.Length && i < 3; i++) stored[8 + i] = (byte)ext[i];
            if (stored[0] == 0xE5) stored[0] = 0x05;
            return stored;
        }

        /// <summary>The basis name of a long name (upper case, illegal characters as '_', spaces and leading dots
        /// dropped); <paramref name="lossy"/> when that lost information, so a numeric tail is required.</summary>
        public static void Basis(string longName, out string basis, out string ext, out bool lossy)
        {
            lossy = false;
            int lastDot = longName.LastIndexOf('.');
            int start = 0;
            while (start < longName.Length && longName[start] == '.') start++;
            if (start > 0) lossy = true;
            if (lastDot < start) lastDot = -1;
            string b = Convert(lastDot < 0 ? longName.Substring(start) : longName.Substring(start, lastDot - start), ref lossy);
            string x = lastDot < 0 ? "" : Convert(longName.Substring(lastDot + 1), ref lossy);
            if (b.Length > 8) { b = b.Substring(0, 8); lossy = true; }
            if (x.Length > 3) { x = x.Substring(0, 3); lossy = true; }
            if (b.Length == 0) { b = "_"; lossy = true; }
            basis = b;
            ext = x;
        }

        private static string Convert(string part, ref bool lossy)
        {
            var text = new StringBuilder(part.Length);
            for (int i = 0; i < part.Length; i++)
            {
                char c = part[i];
                if (c == ' ' || c == '.') { lossy = true; continue; }
                char u = c >= 'a' && c <= 'z' ? (char)(c - 32) : c;
                if (!IsShortChar(u)) { u = '_'; lossy = true; }
                text.Append(u);
            }
            return text.ToString();
        }

        /// <summary>The stored form of the basis with numeric tail <paramref name="n"/> (0: no tail): "LONGFI~1".</summary>
        public static byte[] WithTail(string basis, string ext, int n)
        {
            if (n == 0) return Pack(basis, ext);
            string tail = "~" + n.ToString();
            int keep = 8 - tail.Length;
            return Pack((basis.Length > keep ? basis.Substring(0, keep) : basis) + tail, ext);
        }

        public static bool Same(byte[] a, byte[] e, int at)
        {
            for (int i = 0; i < 11; i++) if (a[i] != e[at + i]) return false;
            return true;
        }
    }
}

using System.Text;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>The file built-ins over the /fs contract: ls, cat, write, rm, mkdir, mv, cp, df, sync. Paths are
    /// /fs/... (or relative to the volume's root); each command binds /fs afresh, so a file system that went away
    /// or came back is noticed, and every failure prints one line naming the command and the server's reason.</summary>
    internal static class FileCommands
    {
        private const string Root = "/fs";

        public static void Run(string command, string rest)
        {
            string first = FirstWord(rest, out string second);
            string usage = Usage(command, first, second);
            if (usage != null)
            {
                SystemConsole.WriteLine(usage);
                return;
            }
            AwaitBootFileSystem();
            FileSystemClient fs = FileSystemClient.Connect(out string error);
            if (fs == null)
            {
                SystemConsole.WriteLine(command + ": " + error);
                return;
            }
            error = command switch
            {
                "ls" => List(fs, rest.Length == 0 ? Root : rest),
                "cat" => Cat(fs, rest),
                "write" => Write(fs, first, second),
                "rm" => Local(rest, out string p) ?? fs.Delete(p),
                "mkdir" => Local(rest, out string d) ?? fs.MakeDirectory(d),
                "mv" => Move(fs, first, second, copy: false),
                "cp" => Move(fs, first, second, copy: true),
                "df" => Space(fs),
                "acl" => Acl(fs, rest),
                _ => fs.Sync(),
            };
            fs.Close();
            if (error != null) SystemConsole.WriteLine(command + ": " + error);
        }

        private static bool s_awaited;

        /// <summary>The boot file system mounts the disk driver's volume while the shell starts, so a script's first line
        /// (script=cat /fs/hello.txt) can come before /fs is registered. The first file command of a session therefore
        /// waits for /fs, at most <see cref="BootMountSeconds"/> s, when a disk is registered (/dev/disk0p1 or
        /// /dev/disk0) and /fs is not yet; without a disk it does not wait, and later commands never do.</summary>
        private static void AwaitBootFileSystem()
        {
            if (s_awaited) return;
            s_awaited = true;
            if (Registered(Root) || (!Registered("/dev/disk0p1") && !Registered("/dev/disk0"))) return;
            for (int waited = 0; waited < BootMountSeconds * 1000; waited += 10)
            {
                Threads.Sleep(10);
                if (Registered(Root)) return;
            }
        }

        private const int BootMountSeconds = 10;

        private static bool Registered(string path)
        {
            foreach (string name in Names.Enumerate(path)) if (name == path) return true;
            return false;
        }

        /// <summary>Writes back what the file system holds, before a shutdown; quiet when there is no /fs.</summary>
        public static void SyncBeforeShutdown()
        {
            FileSystemClient fs = FileSystemClient.Connect(out _);
            if (fs == null) return;
            string error = fs.Sync();
            fs.Close();
            SystemConsole.WriteLine(error == null ? "synced /fs" : "sync before shutdown failed: " + error);
        }

        private static string Usage(string command, string first, string second) => command switch
        {
            "cat" or "rm" or "mkdir" when first.Length == 0 => "usage: " + command + " <path under /fs>",
            "mv" or "cp" when first.Length == 0 || second.Length == 0 || second.IndexOf(' ') >= 0 => "usage: " + command + " <from> <to>",
            "write" when first.Length == 0 => "usage: write <file> <text>",
            "df" or "sync" when first.Length > 0 => "usage: " + command,
            "acl" when first.Length == 0 => AclUsage,
            _ => null,
        };

        private const string AclUsage = "usage: acl <path> | acl set <path> <pattern> <rights: rwcda or ->| acl clear <path>";

        /// <summary>acl PATH shows the ACL that applies; acl set PATH PATTERN RIGHTS adds or replaces one entry of the
        /// path's explicit ACL (RIGHTS '-' removes it; a path that inherited starts an explicit ACL of its own); acl clear
        /// PATH removes the explicit ACL, so the path inherits again.</summary>
        private static string Acl(FileSystemClient fs, string arguments)
        {
            string[] words = arguments.Split(' ', System.StringSplitOptions.RemoveEmptyEntries);
            string error;
            if (words.Length == 1)
            {
                error = Local(words[0], out string path);
                if (error != null) return error;
                string text = fs.GetAcl(path, out error);
                if (text == null) return error;
                SystemConsole.Write(text);
                return null;
            }
            if (words.Length == 2 && words[0] == "clear")
            {
                error = Local(words[1], out string path);
                return error ?? fs.SetAcl(path, "");
            }
            if (words.Length != 4 || words[0] != "set") return AclUsage;
            error = Local(words[1], out string target);
            if (error != null) return error;
            string current = fs.GetAcl(target, out error);
            if (current == null) return error;
            var entries = new StringBuilder();
            string[] lines = current.Split('\n');
            // Only an explicit ACL of the path itself is kept and edited; an inherited one is not copied.
            if (lines[0].StartsWith("set on ", System.StringComparison.Ordinal))
                for (int i = 1; i < lines.Length; i++)
                {
                    string[] f = lines[i].Split('\t');
                    if (f.Length == 2 && f[0] != words[2]) entries.Append(f[0]).Append(' ').Append(f[1]).Append('\n');
                }
            if (words[3] != "-") entries.Append(words[2]).Append(' ').Append(words[3]).Append('\n');
            return fs.SetAcl(target, entries.ToString());
        }

        private static string FirstWord(string text, out string rest)
        {
            int space = text.IndexOf(' ');
            rest = space < 0 ? "" : text.Substring(space + 1).Trim();
            return space < 0 ? text : text.Substring(0, space);
        }

        /// <summary>The path inside the volume for a shell path: /fs/a/b is /a/b, a relative a/b is /a/b too; any
        /// other absolute path is refused (it names something else in the namespace).</summary>
        private static string Local(string path, out string local)
        {
            local = null;
            if (path == Root) local = "/";
            else if (path.StartsWith(Root + "/")) local = path.Substring(Root.Length);
            else if (path.Length > 0 && path[0] != '/') local = "/" + path;
            else return path + ": files are under " + Root + " (for example " + Root + "/hello.txt)";
            return null;
        }

        private static string List(FileSystemClient fs, string path)
        {
            string error = Local(path, out string local);
            if (error != null) return error;
            error = fs.Stat(local, out bool directory, out long size, out int modified);
            if (error != null) return error;
            if (!directory)
            {
                SystemConsole.WriteLine(Line('f', size, Time(modified), path));
                return null;
            }
            string text = fs.List(local, out error);
            if (text == null) return error;
            string[] lines = text.Split('\n');
            for (int i = 1; i < lines.Length; i++)
            {
                string[] f = lines[i].Split('\t');
                if (f.Length < 4) continue;
                string name = f[3] + (f[0] == "d" ? "/" : "");
                string line = Line(f[0][0], f[0] == "d" ? -1 : long.Parse(f[1]), f[2], name);
                SystemConsole.WriteLine(f.Length > 4 ? line + "  (damaged: " + f[4] + ")" : line);
            }
            return null;
        }

        private static string Line(char kind, long size, string time, string name) =>
            "  " + kind + " " + (size < 0 ? "-" : size.ToString()).PadLeft(10) + "  " + time + "  " + name;

        private static string Time(int modified)
        {
            int date = (modified >> 16) & 0xFFFF, time = modified & 0xFFFF;
            var text = new StringBuilder();
            text.Append((1980 + (date >> 9)).ToString()).Append('-').Append(Two((date >> 5) & 0xF)).Append('-').Append(Two(date & 0x1F))
                .Append(' ').Append(Two(time >> 11)).Append(':').Append(Two((time >> 5) & 0x3F)).Append(':').Append(Two((time & 0x1F) * 2));
            return text.ToString();
        }

        private static string Two(int v) => v < 10 ? "0" + v.ToString() : v.ToString();

        private static string Cat(FileSystemClient fs, string path)
        {
            string error = Local(path, out string local);
            if (error != null) return error;
            byte[] data = fs.ReadAll(local, out error);
            if (data == null) return error;
            string text = Utf8Text.Decode(data);
            SystemConsole.Write(text);
            if (text.Length > 0 && text[text.Length - 1] != '\n') SystemConsole.Write("\n");
            return null;
        }

        /// <summary>write FILE TEXT: the file becomes TEXT and a newline, in UTF-8.</summary>
        private static string Write(FileSystemClient fs, string path, string text)
        {
            string error = Local(path, out string local);
            return error ?? fs.WriteAll(local, Utf8Text.Encode(text + "\n"));
        }

        /// <summary>mv and cp; a destination that is a directory receives the source under its own name.</summary>
        private static string Move(FileSystemClient fs, string from, string to, bool copy)
        {
            string error = Local(from, out string source) ?? Local(to, out string target);
            if (error != null) return error;
            Local(to, out target);
            if (fs.Stat(target, out bool directory, out _, out _) == null && directory)
            {
                int slash = source.LastIndexOf('/');
                target = (target == "/" ? "" : target) + source.Substring(slash);
            }
            if (!copy) return fs.Rename(source, target);
            byte[] data = fs.ReadAll(source, out error);
            return data == null ? error : fs.WriteAll(target, data);
        }

        private static string Space(FileSystemClient fs)
        {
            string error = fs.Space(out long free, out long total);
            if (error != null) return error;
            long used = total - free;
            SystemConsole.WriteLine("/fs: " + (total / 1024).ToString() + " KiB, " + (used / 1024).ToString() + " KiB used, "
                + (free / 1024).ToString() + " KiB free (" + (total == 0 ? 0 : used * 100 / total).ToString() + "% used)");
            return null;
        }
    }
}

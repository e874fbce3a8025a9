using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.FsProbe
{
    /// <summary>As an application, under the file system's read-only directory (/system by default): reading is
    /// allowed; creating, writing, mkdir, delete and renaming in or out are refused with "read-only to applications",
    /// however the path is spelled. Outside it, writing works.</summary>
    internal static class AccessChecks
    {
        public static int Run(FileSystemClient fs)
        {
            byte[] note = fs.ReadAll("/system/readme.txt", out string error);
            if (note == null) return Fail(1, "reading /system/readme.txt: " + error);
            if (!Refused(fs.WriteAll("/system/new.txt", new byte[] { 1 }))) return Fail(2, "create in /system");
            if (!Refused(fs.WriteAll("/SYSTEM/readme.txt", new byte[] { 1 }))) return Fail(3, "overwrite in /system (other case)");
            if (!Refused(fs.WriteAll("/elsewhere/../system/x.txt", new byte[] { 1 }))) return Fail(4, "create through ..");
            if (!Refused(fs.MakeDirectory("/system/sub"))) return Fail(5, "mkdir in /system");
            if (!Refused(fs.Delete("/system/readme.txt"))) return Fail(6, "delete in /system");
            if (!Refused(fs.Rename("/system/readme.txt", "/stolen.txt"))) return Fail(7, "rename out of /system");
            if (fs.WriteAll("/mine.txt", new byte[] { 1, 2, 3 }) != null) return Fail(8, "writing outside /system");
            if (!Refused(fs.Rename("/mine.txt", "/system/mine.txt"))) return Fail(9, "rename into /system");
            if (!Refused(fs.Delete("/system"))) return Fail(10, "delete /system itself");
            if (fs.Delete("/mine.txt") != null) return Fail(11, "deleting its own file");
            byte[] again = fs.ReadAll("/system/readme.txt", out error);
            if (again == null || again.Length != note.Length) return Fail(12, "the protected file changed");
            fs.Close();
            return 0;
        }

        private static bool Refused(string error)
        {
            bool refused = error != null && error.Contains("read-only to applications");
            if (error != null) Debug.WriteLine("fsprobe denied: " + error);
            return refused;
        }

        private static int Fail(int check, string what)
        {
            Debug.WriteLine("fsprobe denied: check " + check.ToString() + " failed: " + what);
            return check;
        }
    }
}

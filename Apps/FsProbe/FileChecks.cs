using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.FsProbe
{
    /// <summary>Every /fs operation once, each answer checked: directories, a file written in several chunks and read
    /// back, listing, stat, rename across directories, seek, truncate and extend, delete, free space, sync, and the
    /// errors for a missing file and a non-empty directory.</summary>
    internal static class FileChecks
    {
        public static int Run(FileSystemClient fs)
        {
            if (fs.Space(out long freeBefore, out long total) != null || total <= 0 || freeBefore <= 0) return Fail(1, "df answered");
            if (fs.MakeDirectory("/probe") != null) return Fail(2, "mkdir /probe");
            if (fs.MakeDirectory("/probe/Sub Directory") != null) return Fail(3, "mkdir with a long name");
            var data = new byte[50000];
            for (int i = 0; i < data.Length; i++) data[i] = (byte)(i % 251);
            string error = fs.WriteAll("/probe/Sub Directory/Data File.bin", data);
            if (error != null) return Fail(4, error);
            byte[] back = fs.ReadAll("/PROBE/sub directory/data file.BIN", out error);   // case-insensitive
            if (back == null || back.Length != data.Length) return Fail(5, error ?? "wrong length");
            for (int i = 0; i < data.Length; i++) if (back[i] != data[i]) return Fail(6, "content differs at " + i.ToString());
            if (fs.Stat("/probe/Sub Directory/Data File.bin", out bool isDir, out long size, out int modified) != null || isDir || size != data.Length || modified == 0)
                return Fail(7, "stat");
            string listing = fs.List("/probe/Sub Directory", out error);
            if (listing == null || !listing.Contains("Data File.bin") || !listing.StartsWith("entries\t1\n")) return Fail(8, error ?? listing);
            if (fs.Rename("/probe/Sub Directory/Data File.bin", "/probe/moved.bin") != null) return Fail(9, "rename");
            if (fs.Stat("/probe/Sub Directory/Data File.bin", out _, out _, out _) == null) return Fail(10, "the old name still exists");

            OpenFile file = fs.Open("/probe/moved.bin", FileSystemContract.ModeWrite, out error);
            if (file == null) return Fail(11, error);
            if (file.Seek(49990, 0) != 49990) return Fail(12, "seek");
            var tail = new byte[100];
            int n = file.Read(tail, 0, 100, out error);
            if (n != 10 || tail[0] != data[49990]) return Fail(13, "read at the end gave " + n.ToString());
            if (file.Truncate(1000) != null || file.CurrentSize() != 1000) return Fail(14, "truncate");
            if (file.Truncate(3000) != null || file.CurrentSize() != 3000) return Fail(15, "extend");
            file.Seek(2000, 0);
            n = file.Read(tail, 0, 100, out error);
            if (n != 100 || tail[0] != 0 || tail[99] != 0) return Fail(16, "the extension is not zeros");
            file.Close();

            if (fs.Open("/probe/none.txt", FileSystemContract.ModeRead, out error) != null || error == null || !error.Contains("no such file")) return Fail(17, "missing file: " + error);
            error = fs.Delete("/probe");
            if (error == null || !error.Contains("not empty")) return Fail(18, "delete of a non-empty directory: " + error);
            if (fs.Delete("/probe/moved.bin") != null || fs.Delete("/probe/Sub Directory") != null || fs.Delete("/probe") != null) return Fail(19, "delete");
            if (fs.Sync() != null) return Fail(20, "sync");
            if (fs.Space(out long freeAfter, out _) != null || freeAfter != freeBefore) return Fail(21, "free space not back: " + freeBefore.ToString() + " then " + freeAfter.ToString());
            fs.Close();
            return 0;
        }

        private static int Fail(int check, string what)
        {
            Debug.WriteLine("fsprobe files: check " + check.ToString() + ": " + what);
            return check;
        }
    }
}

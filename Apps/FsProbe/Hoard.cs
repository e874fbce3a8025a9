using System.Collections.Generic;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.FsProbe
{
    /// <summary>A client that opens files until the file system refuses it (issue 28's "one client can stop a service
    /// for everyone"): the refusal must come as an error to this client at the per-process limit, extra connections
    /// past it must be refused too, every file it holds must still be served (with other hoarders beside it the server's
    /// select waits on hundreds of endpoints), and closing files must make room again.</summary>
    internal static class Hoard
    {
        /// <summary>Channels and files one process may hold of /fs (FileSystem's Holdings.PerProcess).</summary>
        private const int PerProcess = 128;

        public static int Run(FileSystemClient fs)
        {
            string path = "/hoard-" + Processes.CurrentId.ToString() + ".txt";
            string error = fs.WriteAll(path, new byte[] { 42 });
            if (error != null)
            {
                Debug.WriteLine("fsprobe hoard: " + error);
                return 2;
            }
            var held = new List<OpenFile>();
            string refusal = null;
            for (int i = 0; i < PerProcess + 10 && refusal == null; i++)
            {
                OpenFile file = fs.Open(path, FileSystemContract.ModeRead, out error);
                if (file != null) held.Add(file);
                else refusal = error;
            }
            // The client channel counts as one of the process's holdings.
            if (refusal == null || held.Count != PerProcess - 1 || refusal.IndexOf("per-process limit", System.StringComparison.Ordinal) < 0)
            {
                Debug.WriteLine("fsprobe hoard: opened " + held.Count.ToString() + " files, then: " + (refusal ?? "no refusal"));
                return 3;
            }
            Debug.WriteLine("fsprobe hoard: " + held.Count.ToString() + " files open, then refused: " + refusal);

            // Another connection of this process is past the limit as well: refused, the others unharmed.
            FileSystemClient extra = FileSystemClient.Connect(out error);
            if (extra != null && extra.Space(out _, out _) == null) return 4;
            extra?.Close();

            // Every file held is served, while the other hoarders hold theirs.
            var one = new byte[1];
            for (int round = 0; round < 2; round++)
            {
                foreach (OpenFile file in held)
                {
                    file.Seek(0, 0);
                    if (file.Read(one, 0, 1, out error) != 1 || one[0] != 42)
                    {
                        Debug.WriteLine("fsprobe hoard: a held file did not read back: " + (error ?? "short read"));
                        return 5;
                    }
                }
                Threads.Sleep(300);
            }

            // Closing makes room again (once the server took the close, which travels on the file's own channel: the
            // open may overtake it, so it is tried a few times).
            held[0].Close();
            held.RemoveAt(0);
            OpenFile again = null;
            for (int attempt = 0; attempt < 20 && again == null; attempt++)
            {
                if (attempt > 0) Threads.Sleep(50);
                again = fs.Open(path, FileSystemContract.ModeRead, out error);
            }
            if (again == null)
            {
                Debug.WriteLine("fsprobe hoard: no room after a close: " + error);
                return 6;
            }
            again.Close();
            foreach (OpenFile file in held) file.Close();
            fs.Delete(path);
            return 0;
        }
    }
}

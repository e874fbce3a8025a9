using Sing.Storage;
using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Apps.FsProbe
{
    [ProgramStartup]
    internal sealed partial class FsProbeStartup
    {
        [Parameter("verb")] public string Verb;
    }

    /// <summary>Exit 0 when every check of the verb held, else the number of the first that failed (100 + n for
    /// setup problems), printing what was expected and what came back.</summary>
    internal static class Program
    {
        internal static int Main(FsProbeStartup startup)
        {
            FileSystemClient fs = null;
            string error = null;
            for (int attempt = 0; attempt < 200 && fs == null; attempt++)
            {
                fs = FileSystemClient.Connect(out error);
                if (fs == null) Threads.Sleep(25);
            }
            if (fs == null)
            {
                Debug.WriteLine("fsprobe: " + error);
                return 100;
            }
            int result = startup.Verb switch
            {
                "files" => FileChecks.Run(fs),
                "denied" => AccessChecks.Run(fs),
                "hold" => Hold(fs),
                _ => 101,
            };
            Debug.WriteLine(result == 0 ? "fsprobe " + startup.Verb + ": all checks passed" : "fsprobe " + startup.Verb + ": check " + result.ToString() + " failed");
            return result;
        }

        /// <summary>Writes a file, then reads it again and again until the file system goes away: exit 0 when that
        /// shows as ChannelClosed (the kill test), 2 when something else failed.</summary>
        private static int Hold(FileSystemClient fs)
        {
            var data = new byte[40000];
            for (int i = 0; i < data.Length; i++) data[i] = (byte)(i * 7);
            string error = fs.WriteAll("/held.bin", data);
            if (error != null)
            {
                Debug.WriteLine("fsprobe: " + error);
                return 2;
            }
            OpenFile file = fs.Open("/held.bin", FileSystemContract.ModeRead, out error);
            if (file == null) return 2;
            var buffer = new byte[FileSystemClient.ChunkBytes];
            Debug.WriteLine("fsprobe: holding /held.bin open and reading");
            for (long rounds = 0; ; rounds++)
            {
                int n = file.Read(buffer, 0, buffer.Length, out error);
                if (error != null) break;
                if (n == 0) file.Seek(0, 0);
            }
            file.Close();
            fs.Close();
            Debug.WriteLine("fsprobe: " + error);
            return error == FileSystemClient.Closed ? 0 : 2;
        }
    }
}

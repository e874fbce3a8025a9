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
                "flush" => FlushInFlight(fs),
                "hoard" => Hoard.Run(fs),
                "acl" => AclChecks.Run(fs),
                "delegated" => AclChecks.Delegated(fs),
                "acl-race" => AclChecks.Race(fs),
                _ => 101,
            };
            Debug.WriteLine(result == 0 ? "fsprobe " + startup.Verb + ": all checks passed" : "fsprobe " + startup.Verb + ": check " + result.ToString() + " failed");
            return result;
        }

        /// <summary>Writes a file and syncs while the disk driver is killed with the flush in flight (the kernel test
        /// storage.rebind_fails_the_request_in_flight): that sync must fail naming the request in flight, the next must
        /// succeed on the restarted driver, and the file must read back whole. Exit 0, or the failed step's number.</summary>
        private static int FlushInFlight(FileSystemClient fs)
        {
            var data = new byte[3000];
            for (int i = 0; i < data.Length; i++) data[i] = (byte)(i * 11 + 3);
            string error = fs.WriteAll("/inflight.bin", data);
            if (error != null)
            {
                Debug.WriteLine("fsprobe: " + error);
                return 2;
            }
            error = fs.Sync();
            if (error == null || error.IndexOf("in flight", System.StringComparison.Ordinal) < 0)
            {
                Debug.WriteLine("fsprobe: the sync with its flush in flight at the driver's death should fail, but said: " + (error ?? "done"));
                return 3;
            }
            Debug.WriteLine("fsprobe: sync with the flush in flight: " + error);
            error = fs.Sync();
            if (error != null)
            {
                Debug.WriteLine("fsprobe: the sync after the restart failed: " + error);
                return 4;
            }
            byte[] back = fs.ReadAll("/inflight.bin", out error);
            if (back == null || back.Length != data.Length) return 5;
            for (int i = 0; i < data.Length; i++) if (back[i] != data[i]) return 6;
            Debug.WriteLine("fsprobe: the next sync went to the restarted driver and the file reads back whole");
            return 0;
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
            // A name a script can wait for (wait /fsprobe/holding) before it kills the file system: a fixed sleep
            // would race with the disk on a slow host. It goes with this process.
            Names.Register("/fsprobe/holding", out ChannelEndpoint _);
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

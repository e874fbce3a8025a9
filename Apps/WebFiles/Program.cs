using System;
using System.Diagnostics;
using Singularity.V1;

namespace Sing.Apps.WebFiles
{
    [Singularity.Configuration.ProgramStartup]
    internal sealed partial class WebFilesStartup
    {
        [Singularity.Configuration.Parameter("args")] public string Args = "";
    }

    /// <summary>The WebFiles client (Bench/WebFiles/README.md): reads /web/requests.txt from /fs (not timed), replays its
    /// requests in order (the first Q with "quick", the first N with a number N, all R otherwise), each an open, reads of at most 64 KiB to the end,
    /// and a close, timed with the TSC. Then what access control costs: the same replays with the file system's cache
    /// warm, with no ACL on the volume (WebFiles-Warm) and with <see cref="Acl"/> on its root, which every file
    /// inherits (WebFiles-Acl), alternated; then File.OpenReadClose on /fs/web/small.bin without and with that ACL
    /// (File.OpenReadClose-Acl). The volume is the bench's snapshot disk, so the ACL does not stay. Prints BENCH lines in SingBench's format (suite=singbench-sip) and exits
    /// 0, or prints the request that failed and exits 1.</summary>
    internal static class Program
    {
        private const string ListPath = "/web/requests.txt";   // paths on the volume /fs serves
        private const string SmallPath = "/web/small.bin";
        private const int SmallBytes = 512;
        private const int Repetitions = 5;

        /// <summary>The root's ACL of the -Acl rows: a system's usual shape (the administrator's sessions, a user's reads,
        /// the web service's reads), this program's entry last, so an open matches each pattern before it finds its right.</summary>
        private const string Acl =
            "^singularity-project/login@system+...+@root rwcda\n" +
            "@alice r\n" +
            "singularity-project/webserver@* r\n" +
            "singularity-project/webfiles@system ra\n";   // a: it takes the ACL off again between rounds

        internal static int Main(WebFilesStartup startup)
        {
            bool quick = startup.Args.Contains("quick");
            FileReader reader = FileReader.Connect(20000, out string error);
            if (reader == null)
            {
                Debug.WriteLine("webfiles: " + error);
                return 1;
            }
            byte[] text = reader.ReadAll(ListPath, out error);
            RequestList list = text == null ? null : RequestList.Parse(text, out error);
            if (list == null)
            {
                reader.Close();
                Debug.WriteLine("webfiles: " + ListPath + ": " + error);
                return 1;
            }
            int count = quick ? list.Quick : list.Paths.Count;
            foreach (string word in startup.Args.Split(' '))
                if (int.TryParse(word, out int first) && first > 0 && first < count) count = first;   // a short run, e.g. to trace
            Debug.WriteLine($"webfiles: list of {list.Paths.Count} requests (quick {list.Quick}) over {list.Files} files of {list.Bytes} bytes; replaying {count}");
            int result = Replay(reader, list, count, out long cold, out long coldCollections);
            long replayed = 0;
            for (int i = 0; i < count; i++) replayed += list.Sizes[i];
            if (result == 0) Report("WebFiles", new[] { cold }, coldCollections, count, $" total_cycles={cold} requests={count} bytes={replayed}");
            // What access control costs: replays with no ACL on the volume and with Acl on its root, alternated (one
            // replay varies by a quarter with the file system's collections and cache), the median of each.
            var warm = new long[AclRounds];
            var acl = new long[AclRounds];
            long warmCollections = 0, aclCollections = 0;
            for (int r = 0; r < AclRounds && result == 0; r++)
            {
                result = Replay(reader, list, count, out warm[r], out long collected);
                warmCollections += collected;
                if (result == 0) result = SetRootAcl(reader, Acl);
                if (result == 0) result = Replay(reader, list, count, out acl[r], out collected);
                aclCollections += collected;
                if (result == 0) result = SetRootAcl(reader, "");
            }
            if (result == 0)
            {
                Report("WebFiles-Warm", warm, warmCollections, count, "");
                Report("WebFiles-Acl", acl, aclCollections, count, "");
            }
            if (result == 0) result = OpenReadClose(reader, quick ? 100 : 1000, "File.OpenReadClose");
            if (result == 0) result = SetRootAcl(reader, Acl);
            if (result == 0) result = OpenReadClose(reader, quick ? 100 : 1000, "File.OpenReadClose-Acl");
            reader.Close();
            return result;
        }

        private const int AclRounds = 3;

        /// <summary>Sets the volume root's explicit ACL (every file inherits it); "" removes it. 0, or 1 with the reason printed.</summary>
        private static int SetRootAcl(FileReader reader, string entries)
        {
            if (reader.SetAcl("/", entries) is not string refused) return 0;
            Debug.WriteLine("webfiles: cannot " + (entries.Length == 0 ? "clear" : "set") + " the root's ACL for the -Acl rows: " + refused);
            return 1;
        }

        /// <summary>Replays the first <paramref name="count"/> requests: 0 with the cycles they took, or 1 with the request
        /// that failed printed.</summary>
        private static int Replay(FileReader reader, RequestList list, int count, out long total, out long collections)
        {
            collections = GC.CollectionCount(0);
            total = 0;
            long bytes = 0;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < count; i++)
            {
                long n = reader.ReadWhole(list.Paths[i], out string error);
                if (n != list.Sizes[i])
                {
                    Debug.WriteLine($"webfiles: request {i + 1} ({list.Paths[i]}): " + (error ?? $"read {n} bytes, the list says {list.Sizes[i]}"));
                    return 1;
                }
                bytes += n;
            }
            total = Stopwatch.GetTimestamp() - start;
            collections = GC.CollectionCount(0) - collections;
            long ms = total * 1000 / Stopwatch.Frequency;
            Debug.WriteLine($"webfiles: {count} requests, {bytes} bytes in {total} cycles ({ms} ms of guest time), {(count == 0 ? 0 : total / count)} cycles per request");
            return 0;
        }

        /// <summary>A replay row: cycles per request, the median of the replays' totals.</summary>
        private static void Report(string row, long[] totals, long collections, int count, string extra)
        {
            Array.Sort(totals);
            long per(long total) => count == 0 ? 0 : total / count;
            Debug.WriteLine($"BENCH {row} cycles_per_op={per(totals[totals.Length / 2])} iterations={count} repetitions={totals.Length} min={per(totals[0])} max={per(totals[totals.Length - 1])} collections={collections}{extra} suite=singbench-sip");
        }

        /// <summary>Open, read whole (512 bytes) and close of the small file, warm: one untimed round first, then the
        /// median of five timed rounds of <paramref name="iterations"/>.</summary>
        private static int OpenReadClose(FileReader reader, int iterations, string row)
        {
            var samples = new long[Repetitions];
            long collections = 0;
            for (int r = -1; r < Repetitions; r++)
            {
                if (r == 0) collections = GC.CollectionCount(0);
                int n = r < 0 ? 1 : iterations;
                long start = Stopwatch.GetTimestamp();
                for (int i = 0; i < n; i++)
                {
                    long got = reader.ReadWhole(SmallPath, out string error);
                    if (got != SmallBytes)
                    {
                        Debug.WriteLine($"webfiles: {SmallPath}: " + (error ?? $"read {got} bytes, expected {SmallBytes}"));
                        return 1;
                    }
                }
                if (r >= 0) samples[r] = Stopwatch.GetTimestamp() - start;
            }
            for (int i = 1; i < Repetitions; i++)
            {
                long key = samples[i];
                int j = i - 1;
                while (j >= 0 && samples[j] > key) { samples[j + 1] = samples[j]; j--; }
                samples[j + 1] = key;
            }
            Debug.WriteLine($"BENCH {row} cycles_per_op={samples[Repetitions / 2] / iterations} iterations={iterations} repetitions={Repetitions} min={samples[0] / iterations} max={samples[Repetitions - 1] / iterations} collections={GC.CollectionCount(0) - collections} suite=singbench-sip");
            return 0;
        }
    }
}

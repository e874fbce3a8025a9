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
    /// and a close, timed with the TSC; then File.OpenReadClose on /fs/web/small.bin. Prints BENCH lines in SingBench's
    /// format (suite=singbench-sip) and exits 0, or prints the request that failed and exits 1.</summary>
    internal static class Program
    {
        private const string ListPath = "/web/requests.txt";   // paths on the volume /fs serves
        private const string SmallPath = "/web/small.bin";
        private const int SmallBytes = 512;
        private const int Repetitions = 5;

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
            int result = Replay(reader, list, count);
            if (result == 0) result = OpenReadClose(reader, quick ? 100 : 1000);
            reader.Close();
            return result;
        }

        private static int Replay(FileReader reader, RequestList list, int count)
        {
            long collections = GC.CollectionCount(0);
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
            long total = Stopwatch.GetTimestamp() - start;
            long perRequest = count == 0 ? 0 : total / count;
            long ms = total * 1000 / Stopwatch.Frequency;
            Debug.WriteLine($"webfiles: {count} requests, {bytes} bytes in {total} cycles ({ms} ms of guest time), {perRequest} cycles per request");
            Debug.WriteLine($"BENCH WebFiles cycles_per_op={perRequest} iterations={count} repetitions=1 min={perRequest} max={perRequest} collections={GC.CollectionCount(0) - collections} total_cycles={total} requests={count} bytes={bytes} suite=singbench-sip");
            return 0;
        }

        /// <summary>Open, read whole (512 bytes) and close of the small file, warm: one untimed round first, then the
        /// median of five timed rounds of <paramref name="iterations"/>.</summary>
        private static int OpenReadClose(FileReader reader, int iterations)
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
            Debug.WriteLine($"BENCH File.OpenReadClose cycles_per_op={samples[Repetitions / 2] / iterations} iterations={iterations} repetitions={Repetitions} min={samples[0] / iterations} max={samples[Repetitions - 1] / iterations} collections={GC.CollectionCount(0) - collections} suite=singbench-sip");
            return 0;
        }
    }
}

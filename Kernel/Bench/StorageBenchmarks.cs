using Sing.Kernel.Console;

namespace Sing.Kernel.Bench
{
    /// <summary>The storage rows of Bench/WebFiles/README.md, measured by SIPs on the attached disk (the WebFiles image):
    /// the kernel starts the disk driver, waits for /dev/disk0, runs diskprobe's whole-disk sequential reads
    /// (Disk.SeqRead-4K, Disk.SeqRead-64K), then starts the file system and runs the WebFiles client (WebFiles,
    /// File.OpenReadClose; "quick" replays the list's first Q requests). The SIPs print the BENCH lines. Without a disk
    /// (or when a SIP fails) each row is reported skipped with the reason. The driver and file system are placed by the
    /// configuration like any boot service (Domains/Placement.cs).</summary>
    internal static class StorageBenchmarks
    {
        private static readonly string[] Rows = { "Disk.SeqRead-4K", "Disk.SeqRead-64K", "WebFiles", "File.OpenReadClose" };
        private const int DiskWaitMilliseconds = 3000;

        public static void Run(bool quick)
        {
            // The rows wait for the disk: spin, not halt, meanwhile (Scheduler.PollWhenIdle), as the Linux guest does.
            bool polled = Threading.Scheduler.PollWhenIdle;
            Threading.Scheduler.PollWhenIdle = true;
            try
            {
                RunRows(quick);
            }
            finally
            {
                Threading.Scheduler.PollWhenIdle = polled;
            }
        }

        private static void RunRows(bool quick)
        {
            string why = Start("ahci", "", out _);
            for (int waited = 0; why == null && !Channels.NameService.IsRegistered("/dev/disk0"); waited += 10)
            {
                if (waited >= DiskWaitMilliseconds) why = "no disk: attach artifacts/webfiles.img as a SATA disk";
                else Threading.WaitHandle.Sleep(10);
            }
            if (why == null) why = RunToEnd("diskprobe", "seqread 4", 0, 2);
            if (why == null) why = RunToEnd("diskprobe", "seqread 64", 1, 2);
            if (why == null) why = Start("filesystem", "", out _);
            if (why == null) why = RunToEnd("webfiles", quick ? "quick" : "", 2, 2);
            if (why == null) return;
            Log.Line($"storage benchmarks: {why}");
            Skip(0, Rows.Length, why);
        }

        private static string Start(string program, string arguments, out Processes.KernelProcess process)
        {
            var status = Processes.ProcessManager.Create(program, arguments, null, out process, out string error);
            if (status != Singularity.V1.AbiStatus.Ok) return string.Concat("cannot start ", program, ": ", error);
            Processes.ProcessManager.Start(process);
            return null;
        }

        /// <summary>Runs a measuring SIP and waits for it; on failure the rows it would have printed are skipped here
        /// and the reason returned.</summary>
        private static string RunToEnd(string program, string arguments, int firstRow, int rowCount)
        {
            string why = Start(program, arguments, out Processes.KernelProcess process);
            if (why != null) return why;
            process.Exited.WaitOne();
            if (process.ExitCode == 0) return null;
            why = string.Concat(program, " ", arguments, " exited with ", process.ExitCode.ToString());
            Skip(firstRow, rowCount, why);
            return null;
        }

        private static void Skip(int first, int count, string why)
        {
            for (int i = first; i < first + count && i < Rows.Length; i++)
                Log.Line($"BENCH-SKIP {Rows[i]} reason=\"{why}\" suite=storage");
        }
    }
}

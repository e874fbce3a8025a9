using Sing.Kernel.Console;

namespace Sing.Kernel.Bench
{
    /// <summary>The storage rows of Bench/WebFiles/README.md, measured by SIPs on the attached disk (the WebFiles image):
    /// the kernel starts the disk driver, waits for /dev/disk0, runs diskprobe's whole-disk sequential reads
    /// (Disk.SeqRead-4K, Disk.SeqRead-64K), then starts the file system and runs the WebFiles client (WebFiles,
    /// WebFiles-Warm, File.OpenReadClose, then the last two again with an ACL on the volume: WebFiles-Acl,
    /// File.OpenReadClose-Acl; "quick" replays the list's first Q requests). The SIPs print the BENCH lines. Without a disk
    /// (or when a SIP fails) each row is reported skipped with the reason. The driver and file system are placed by the
    /// configuration like any boot service (Domains/Placement.cs).</summary>
    internal static class StorageBenchmarks
    {
        private static readonly string[] Rows = { "Disk.SeqRead-4K", "Disk.SeqRead-64K", "WebFiles", "WebFiles-Warm", "File.OpenReadClose", "WebFiles-Acl", "File.OpenReadClose-Acl" };
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
            string why = Start("ahci", "", out Processes.KernelProcess driver);
            for (int waited = 0; why == null && !Channels.NameService.IsRegistered("/dev/disk0"); waited += 10)
            {
                if (waited >= DiskWaitMilliseconds) why = "no disk: attach artifacts/webfiles.img as a SATA disk";
                else Threading.WaitHandle.Sleep(10);
            }
            // The spec's amount, as the Linux guest reads it: the first 32 MiB, quick the first 4 MiB. The first step
            // that fails ends the chain (a file system without a disk would wait for one for good), and every row not
            // measured yet is skipped with its reason.
            string mib = quick ? " 4" : " 32";
            int measured = 0;
            if (why == null && (why = RunToEnd("diskprobe", "seqread 4" + mib)) == null) measured = 1;
            if (why == null && (why = RunToEnd("diskprobe", "seqread 64" + mib)) == null) measured = 2;
            if (why == null) why = Start("filesystem", "", out _);
            if (why == null && (why = RunToEnd("webfiles", quick ? "quick" : "")) == null) measured = Rows.Length;
            if (why == null) return;
            // A driver that found no disk registers its name, then exits: say so rather than how the probe failed.
            if (driver != null && driver.State == Processes.ProcessState.Exited && driver.ExitCode == 0)
                why = "no disk: the disk driver found no SATA disk (attach artifacts/webfiles.img)";
            Log.Line($"storage benchmarks: {why}");
            Skip(measured, Rows.Length - measured, why);
        }

        private static string Start(string program, string arguments, out Processes.KernelProcess process)
        {
            var status = Processes.ProcessManager.Create(program, arguments, null, out process, out string error);
            if (status != Singularity.V1.AbiStatus.Ok) return string.Concat("cannot start ", program, ": ", error);
            Processes.ProcessManager.Start(process);
            return null;
        }

        /// <summary>Runs a measuring SIP and waits for it; null when it exited with 0, else why not.</summary>
        private static string RunToEnd(string program, string arguments)
        {
            string why = Start(program, arguments, out Processes.KernelProcess process);
            if (why != null) return why;
            process.Exited.WaitOne();
            return process.ExitCode == 0 ? null : string.Concat(program, " ", arguments, " exited with ", process.ExitCode.ToString());
        }

        private static void Skip(int first, int count, string why)
        {
            for (int i = first; i < first + count && i < Rows.Length; i++)
                Log.Line($"BENCH-SKIP {Rows[i]} reason=\"{why}\" suite=storage");
        }
    }
}

using Sing.Kernel.Boot;
using Sing.Kernel.Channels;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>The FAT32 file system SIP on a RAM disk (Apps/FileSystem, Apps/RamDisk), driven by the fsprobe
    /// application over the /fs contract. Each test starts its own RAM disk and file system and ends them.</summary>
    internal static class StorageTests
    {
        private static KernelProcess Start(TestContext t, string program, string args)
        {
            if (ProcessManager.Create(program, args, null, out KernelProcess p, out string error) != AbiStatus.Ok)
            {
                t.Fail(string.Concat("cannot create ", program, " ", args, ": ", error));
                return null;
            }
            ProcessManager.Start(p);
            return p;
        }

        /// <summary>A formatted RAM disk at <paramref name="device"/> with the file system on it serving /fs.</summary>
        private static void StartVolume(TestContext t, string device, out KernelProcess ramdisk, out KernelProcess fs)
        {
            ramdisk = Start(t, "ramdisk", string.Concat("--name ", device, " --size 4"));
            fs = Start(t, "filesystem", string.Concat("--device ", device, " --format --wait 5000"));
        }

        private static void Stop(KernelProcess p)
        {
            if (p == null || p.Exited.WaitOne(0)) return;
            ProcessManager.Terminate(p, -1, "ended by the storage test");
            p.Exited.WaitOne(10_000);
        }

        private static int Run(TestContext t, string verb)
        {
            KernelProcess probe = Start(t, "fsprobe", verb);
            if (probe == null) return int.MinValue;
            if (!probe.Exited.WaitOne(120_000)) t.Fail(string.Concat("fsprobe ", verb, " did not finish"));
            return probe.ExitCode;
        }

        public static void FileOperationsOverTheContract(TestContext t)
        {
            StartVolume(t, "/dev/ram/1", out KernelProcess ramdisk, out KernelProcess fs);
            ulong blocks = ExchangeHeap.BlocksLive;
            t.Equal(0, (ulong)Run(t, "files"), "mkdir, write in chunks, read back (any case), stat, list, rename, seek, truncate, extend, delete, df and sync all answered as expected (else the failed check's number)");
            t.True(fs.State != ProcessState.Exited, "the file system still serves after its client left");
            Stop(fs);
            Stop(ramdisk);
            WaitHandle.Sleep(5);
            t.True(ExchangeHeap.BlocksLive <= blocks, "no exchange-heap block outlived the three SIPs");
        }

        /// <summary>Clients that open files until they are refused (fsprobe hoard, three at once: the server's select then
        /// waits on about 400 endpoints, past the stack-sized fast path): each is refused at the per-process limit with
        /// an error to it alone, every file held is still served, the file system stays up and serves a new client.</summary>
        public static void HoardingClientsStopOnlyThemselves(TestContext t)
        {
            StartVolume(t, "/dev/ram/4", out KernelProcess ramdisk, out KernelProcess fs);
            var hoarders = new KernelProcess[3];
            for (int i = 0; i < hoarders.Length; i++) hoarders[i] = Start(t, "fsprobe", "hoard");
            for (int i = 0; i < hoarders.Length; i++)
            {
                if (hoarders[i] == null) continue;
                if (!hoarders[i].Exited.WaitOne(180_000)) t.Fail("fsprobe hoard did not finish");
                t.Equal(0, (ulong)hoarders[i].ExitCode, "a hoarder was refused at the per-process limit, its files all served, room again after a close");
            }
            t.True(fs.State != ProcessState.Exited, "the file system still serves after the hoarders");
            t.Equal(0, (ulong)Run(t, "files"), "and a new client's whole file workout passes");
            Stop(fs);
            Stop(ramdisk);
        }

        public static void ApplicationsCannotChangeTheReadOnlyDirectory(TestContext t)
        {
            StartVolume(t, "/dev/ram/2", out KernelProcess ramdisk, out KernelProcess fs);
            t.Equal(0, (ulong)Run(t, "denied"), "fsprobe (an application, as the kernel's connect request says) read /system but every change there was refused, however spelled");
            Stop(fs);
            Stop(ramdisk);
        }

        /// <summary>The file system dies while a client is in the middle of reading: the client's next receive is
        /// ChannelClosed, the RAM disk (the file system's own server) and the kernel go on, and a new file system
        /// mounts the same RAM disk again.</summary>
        public static void KillingTheFileSystemMidIoClosesItsChannels(TestContext t)
        {
            StartVolume(t, "/dev/ram/3", out KernelProcess ramdisk, out KernelProcess fs);
            KernelProcess probe = Start(t, "fsprobe", "hold");
            WaitHandle.Sleep(400);
            t.True(probe != null && probe.State != ProcessState.Exited, "fsprobe is reading when the file system is killed");
            ProcessManager.Terminate(fs, -1, "killed mid-I/O by the storage test");
            t.True(probe != null && probe.Exited.WaitOne(30_000), "fsprobe ended after the kill");
            t.Equal(0, probe == null ? 99UL : (ulong)probe.ExitCode, "fsprobe saw ChannelClosed on its file (exit 0)");
            t.True(ramdisk.State != ProcessState.Exited, "the RAM disk outlived its client");
            KernelProcess again = Start(t, "filesystem", "--device /dev/ram/3 --wait 5000");
            WaitHandle.Sleep(300);
            t.True(again != null && again.State != ProcessState.Exited, "a new file system mounted the same RAM disk");
            Stop(again);
            Stop(ramdisk);
        }

        /// <summary>The connect request a server receives when a program binds its name carries, written by the kernel,
        /// the program's kind, process id and name (what the file system's access rule relies on).</summary>
        public static unsafe void ConnectRequestNamesTheClient(TestContext t)
        {
            if (NameService.Register(null, "/test/principal", null, out Endpoint* requests) != AbiStatus.Ok)
            {
                t.Fail("cannot register /test/principal");
                return;
            }
            KernelProcess client = Start(t, "channelprobe", "hang /test/principal");
            ChannelMessage m = default;
            AbiStatus status = Channel.Receive(Scheduler.Current, requests, 30_000, &m);
            t.True(status == AbiStatus.Ok && m.Tag == NameService.ConnectRequestTag, "the bind arrived as a connect request");
            t.Equal((ulong)ChannelMessage.InlineCapacity, (ulong)m.InlineLength, "the request carries the principal inline");
            t.Equal((ulong)NameService.PrincipalApplication, (ulong)*(int*)m.Inline, "kind: application (channelprobe's manifest)");
            t.Equal(client == null ? 0UL : (ulong)client.Id, (ulong)*(int*)(m.Inline + 4), "the client's process id");
            t.Equal(12, (ulong)*(short*)(m.Inline + 8), "the program name's length");
            t.Equal("channelprobe", Utf8.Decode(m.Inline + 10, 12), "the program name");
            if (m.Endpoint != null) Channel.CloseEndpoint((Endpoint*)m.Endpoint, null);
            Stop(client);
            Channel.CloseEndpoint(requests, null);
            NameService.RemoveDeadRegistrations();
            t.True(!NameService.IsRegistered("/test/principal"), "the test's name is gone");
        }

        /// <summary>As a boot service with no disk, the file system waits its time, says why, and exits (code 2).</summary>
        public static void NoDeviceMeansACleanExit(TestContext t)
        {
            KernelProcess fs = Start(t, "filesystem", "--device /dev/ram/9 --wait 200");
            t.True(fs != null && fs.Exited.WaitOne(30_000), "the file system gave up");
            t.Equal(2, fs == null ? 99UL : (ulong)fs.ExitCode, "exit code 2: no usable volume");
            t.True(!NameService.IsRegistered("/fs"), "/fs went away with it");
        }
    }
}

using Sing.Kernel.Processes;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Tests
{
    /// <summary>Runs the conformance SIP (Apps/Conformance): ordinary C# printing "name: value" lines that the host
    /// compares with the same program on stock .NET (Tests/Sing.Boot.Tests/ConformanceTests.cs). Here it must run
    /// to the end and exit with 0. DateTime.Now asks the clock driver, so the test starts it when no clock is
    /// registered (tests run without the boot services) and ends it afterwards.</summary>
    internal static class ConformanceTests
    {
        public static void InSip(TestContext t)
        {
            KernelProcess clock = null;
            if (!Channels.NameService.IsRegistered("/dev/rtc"))
            {
                clock = ProcessTests.StartForTest(t, "rtc", "");
                for (int waited = 0; waited < 5000 && !Channels.NameService.IsRegistered("/dev/rtc"); waited += 10) WaitHandle.Sleep(10);
                t.True(Channels.NameService.IsRegistered("/dev/rtc"), "the clock driver registered /dev/rtc");
            }
            t.Equal(0, (ulong)ProcessTests.Run(t, "conformance", "", 600), "the conformance SIP runs every group and exits with 0");
            if (clock != null)
            {
                ProcessManager.Terminate(clock, -1, "the conformance test is done with the clock");
                t.True(clock.Exited.WaitOne(2000), "the clock driver ended");
            }
        }
    }
}

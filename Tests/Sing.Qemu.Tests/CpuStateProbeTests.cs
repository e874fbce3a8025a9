using Sing.Qemu;
using Xunit;

namespace Sing.Qemu.Tests;

/// <summary>What the runner prints when the watchdog fires: each CPU of QEMU's "info registers -a" answer (a 64-bit
/// guest's, trimmed) as one line with its RIP named by the kernel's symbols.</summary>
public class CpuStateProbeTests
{
    private const string Answer =
        "QEMU 7.2.22 monitor - type 'help' for more information\r\n(qemu) info registers -a\r\n\r\n" +
        "CPU#0\r\nRAX=0000000000000000 RBX=0000000000000001 RCX=0000000000000000 RDX=0000000000000000\r\n" +
        "RSI=0000000000000000 RDI=0000000000000000 RBP=0000000000235f60 RSP=0000000000235f48\r\n" +
        "RIP=000000000010177c RFL=00000246 [---Z-P-] CPL=0 II=0 A20=1 SMM=0 HLT=1\r\n\r\n" +
        "CPU#1\r\nRAX=0000000000000000 RBX=0000000000000001 RCX=0000000000000000 RDX=0000000000000000\r\n" +
        "RSI=0000000000000000 RDI=0000000000000000 RBP=0000000000409f80 RSP=0000000000409f40\r\n" +
        "RIP=00000000004a0200 RFL=00000086 [--S--P-] CPL=0 II=0 A20=1 SMM=0 HLT=0\r\n(qemu) ";

    [Fact]
    public void EachCpuIsOneLineWithItsSymbol()
    {
        string path = Path.Combine(Path.GetTempPath(), $"sym-{Guid.NewGuid():N}.sym");
        File.WriteAllText(path, "0000000000101700 sing_wait_for_interrupt\n00000000004a0000 KernelLock__Spin\n0000000000100000 __kernel_start\n");
        try
        {
            string summary = CpuStateProbe.Summarize(Answer, SymbolTable.Load(path));
            Assert.Equal(
                "CPU 0: RIP=000000000010177c sing_wait_for_interrupt+0x7c RSP=0000000000235f48 RFLAGS=246 (halted)\n" +
                "CPU 1: RIP=00000000004a0200 KernelLock__Spin+0x200 RSP=0000000000409f40 RFLAGS=86",
                summary);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void WithoutSymbolsOrAnswerItSaysWhat()
    {
        Assert.StartsWith("CPU 0: RIP=000000000010177c RSP=", CpuStateProbe.Summarize(Answer, null), StringComparison.Ordinal);
        Assert.Equal("(the monitor's answer named no CPU)", CpuStateProbe.Summarize("(qemu) ", null));
    }

    [Fact]
    public async Task AMonitorThatIsNotThereIsReportedNotThrown()
    {
        string answer = await CpuStateProbe.DescribeAsync(Path.Combine(Path.GetTempPath(), $"missing-{Guid.NewGuid():N}.mon"), null);
        Assert.StartsWith("(the monitor did not answer: ", answer, StringComparison.Ordinal);
    }

    [Fact]
    public void TheRunnersMachinesHaveAMonitorSocket()
    {
        var options = new QemuOptions { IsoPath = "x.iso", MonitorSocketPath = "/tmp/m.mon" };
        Assert.Contains("unix:/tmp/m.mon,server,nowait", QemuCommandLine.Build(options, "stdio"));
        Assert.Contains("none", QemuCommandLine.Build(options with { MonitorSocketPath = null }, "stdio"));
    }
}

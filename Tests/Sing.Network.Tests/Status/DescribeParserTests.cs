using Sing.Web.Status;
using Xunit;

namespace Sing.Network.Tests.Status;

public class DescribeParserTests
{
    [Fact]
    public void ReadsTheKernelsProcessLines()
    {
        var parser = new DescribeParser();
        List<ProcessInfo> list = parser.ParseProcesses(SampleSystem.Processes);
        Assert.Equal(6, list.Count);
        ProcessInfo web = list[4];
        Assert.Equal(5, web.Pid);
        Assert.Equal(4, web.ParentPid);
        Assert.Equal("created", web.State);
        Assert.Equal(1, web.Threads);
        Assert.Equal(300, web.Pages);
        Assert.Equal("webserver", web.Program);
        Assert.Equal("--port 80", web.Arguments);
        Assert.Equal(0, web.Restarts);
        Assert.Equal("", web.Principal);
        Assert.Equal(-1, web.CpuMilliseconds);
        Assert.Equal(1, list[2].Restarts);
        Assert.Equal(0, parser.Skipped);
    }

    [Fact]
    public void ToleratesAppendedFieldsAndSkipsBrokenLines()
    {
        var parser = new DescribeParser();
        List<ProcessInfo> list = parser.ParseProcesses(
            "1\t0\trunning\t1\t10\tinit\t\t0\tsystem\t1234\t7\tservice\tsha256:ab12\tfuture\r\n" +   // principal, CPU time, exchange pages, kind, content, then more
            "2\t0\trunning\t1\t10\tshort\n" +                                       // too few fields
            "x\t0\trunning\t1\t10\tbadpid\t\t0\n" +                                 // not a number
            "\n" +
            "3\t1\trunning\t1\t10\told\t\n");                                       // the format before restarts existed
        Assert.Equal(2, list.Count);
        Assert.Equal("system", list[0].Principal);
        Assert.Equal(1234, list[0].CpuMilliseconds);
        Assert.Equal("sha256:ab12", list[0].Content);
        Assert.Equal("", list[1].Content);
        Assert.Equal(3, list[1].Pid);
        Assert.Equal(0, list[1].Restarts);
        Assert.Equal(2, parser.Skipped);
        List<ServiceInfo> services = parser.ParseServices("fs\tnever\trunning\t2\t0\textra\nbad\tnever\n");
        Assert.Single(services);
        Assert.Equal(3, parser.Skipped);
    }

    [Fact]
    public void ReadsServices()
    {
        List<ServiceInfo> list = new DescribeParser().ParseServices(SampleSystem.Services);
        Assert.Equal(3, list.Count);
        Assert.Equal("e1000", list[1].Program);
        Assert.Equal("on-failure (3 in 30 s)", list[1].RestartPolicy);
        Assert.Equal("running", list[1].State);
        Assert.Equal(3, list[1].Pid);
        Assert.Equal(1, list[1].Restarts);
        Assert.Equal(0, list[2].Pid);
        Assert.Equal("ended", list[2].State);
    }

    [Fact]
    public void ReadsPciLinesWithTheirDrivers()
    {
        var snapshot = new SystemSnapshot();
        var parser = new DescribeParser();
        List<DeviceInfo> list = parser.ParseDevices(SampleSystem.Devices + "garbage line\n", snapshot);
        Assert.Equal(4, list.Count);
        Assert.Equal(1, parser.Skipped);
        Assert.Equal("ECAM at 0xb0000000 for buses 0-255 (ACPI MCFG)", snapshot.PciMechanism);
        Assert.Equal("I/O APIC", snapshot.InterruptController);
        DeviceInfo nic = list[2];
        Assert.Equal("00:03.0", nic.Location);
        Assert.Equal("8086:100e", nic.Id);
        Assert.Equal("02.00.00", nic.Class);
        Assert.Equal("Ethernet controller", nic.Kind);
        Assert.Equal(11, nic.Irq);
        Assert.Equal("mem 0xfeb80000+20000 io 0xc000+40", nic.Resources);
        Assert.Equal("e1000", nic.Driver);
        Assert.Equal(3, nic.DriverPid);
        DeviceInfo ahci = list[3];
        Assert.Equal("SATA controller", ahci.Kind);
        Assert.Equal("msi vector 50 io 0xc080+20 mem 0xfebf1000+1000", ahci.Resources);
        Assert.Equal(9, ahci.DriverPid);
        Assert.Equal("host bridge", list[0].Kind);
        Assert.Equal(-1, list[0].Irq);
        Assert.Equal("", list[0].Driver);
    }

    [Fact]
    public void ReadsChannelsCountersAndMemory()
    {
        SystemSnapshot s = SampleSystem.Snapshot();
        Assert.Equal(7, s.Channels.Count);
        Assert.Equal(3, s.Channels[3].Count);
        Assert.Equal(3, s.Network.Count);
        Assert.Equal(37, s.ExchangeBlocks);
        Assert.Equal(151552, s.ExchangeBytes);
        Assert.Equal(12, s.GcCollections);
        Assert.Equal(4194304, s.GcHeapBytes);
        var parser = new DescribeParser();
        Assert.Empty(parser.ParseCounters("\tx\nname\tnot-a-number\n"));
        Assert.Equal(2, parser.Skipped);
    }
}

using Sing.Web.Status;

namespace Sing.Network.Tests.Status;

/// <summary>Describe strings in the exact formats the kernel writes (ProcessManager.Describe, Supervisor.Describe,
/// Pci.Describe), and a snapshot built from them.</summary>
internal static class SampleSystem
{
    public const string Processes =
        "1\t0\trunning\t1\t412\tnameservice\t\t0\n" +
        "2\t0\trunning\t2\t530\tfilesystem\t/dev/ata0\t0\n" +
        "3\t0\trunning\t3\t610\te1000\t\t1\n" +
        "4\t0\trunning\t4\t1200\tnetstack\t\t0\tsingularity-project/netstack@system\t25\t6\tservice\tsha256:0123abcd\n" +   // today's whole format
        "5\t4\tcreated\t1\t300\twebserver\t--port 80\t0\n" +
        "7\t1\texited\t0\t0\tshell\t-c \"echo <hi> & bye\"\t0\n";

    public const string Services =
        "filesystem\talways (5 in 60 s)\trunning\t2\t0\n" +
        "e1000\ton-failure (3 in 30 s)\trunning\t3\t1\n" +
        "webserver\tnever\tended\t0\t0\n";

    public const string Devices =
        "PCI configuration: ECAM at 0xb0000000 for buses 0-255 (ACPI MCFG)\n" +
        "Interrupts: I/O APIC\n" +
        "00:00.0 8086:29c0 class 06.00.00\n" +
        "00:02.0 1234:1111 class 03.00.00 mem 0xfd000000+1000000 mem 0xfebf0000+1000\n" +
        "00:03.0 8086:100e class 02.00.00 irq 11 mem 0xfeb80000+20000 io 0xc000+40 driver e1000 (pid 3)\n" +
        "00:1f.2 8086:2922 class 01.06.01 irq 10 msi vector 50 io 0xc080+20 mem 0xfebf1000+1000 driver ahci (pid 9)\n";

    public const string Channels = "1\t2\t1\n2\t1\t1\n3\t4\t2\n4\t5\t3\n5\t1\t1\n2\t2\t4\n4\t99\t1\n";

    public const string Memory = "exchange.blocks\t37\nexchange.bytes\t151552\ngc.collections\t12\ngc.heap_bytes\t4194304\nfuture.figure\t5\n";

    public const string Network = "tcp.segments_in\t1200\nip.packets_in\t1500\narp.entries\t2\n";

    public static SystemSnapshot Snapshot()
    {
        var parser = new DescribeParser();
        var s = new SystemSnapshot { UptimeMilliseconds = 3_723_456 };
        s.Processes = parser.ParseProcesses(Processes);
        s.Services = parser.ParseServices(Services);
        s.Devices = parser.ParseDevices(Devices, s);
        s.Channels = parser.ParseChannels(Channels);
        s.Network = parser.ParseCounters(Network);
        parser.ParseMemory(Memory, s);
        return s;
    }
}

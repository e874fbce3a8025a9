namespace Sing.Build.Tests;

/// <summary>Serial output as the two guests print it, trimmed to a few rows.</summary>
internal static class SampleOutputs
{
    public const string Kernel = """
        Singularity 0.1.0 - banner
        BENCH-START tsc_hz=999839520 repetitions=3 quick=1
        BENCH AllocSmallObject cycles_per_op=553 iterations=10000 repetitions=3 min=228 max=821 collections=0 context_switches=0 suite=runtime
        BENCH-SKIP ABICall reason="no ABI yet: SIPs and the kernel ABI are not implemented" suite=singbench
        BENCH PageAlloc cycles_per_op=2761 iterations=100 repetitions=3 min=2761 max=2761 collections=0 context_switches=0 suite=singbench
        BENCH ThreadYield cycles_per_op=187 iterations=2000 repetitions=3 min=187 max=187 collections=0 context_switches=12012 suite=singbench
        BENCH-SKIP PSR-1 reason="no SIPs or channels yet" suite=singbench
        BENCH-DONE
        """;

    /// <summary>The format kernels printed before SingBench: no quick flag, no switches, no suite.</summary>
    public const string OldKernel = """
        BENCH-START tsc_hz=2596885720 repetitions=5
        BENCH VirtualCall cycles_per_op=56 iterations=1000000 repetitions=5 min=34 max=69 collections=0
        BENCH-DONE
        """;

    public const string Linux = "[linux-run] mode=tcg-icount size=quick\n" +
        "\u001b[2JBENCH linux start version=1 mode=quick reps=3 kernel=6.1.0-56-amd64 cpu=QEMU_TCG_CPU_version_2.5+ meltdown=Not_affected timer=lfence_rdtsc\n" +
        "BENCH linux ABICall cycles_per_op=322 iterations=1000 min=322 max=331 ns_per_op=322 reps=3 sing=ABICall role=primary ref=004-Fig4+004-T1 secs=0.00\r\n" +
        "BENCH linux ABICall-clock_getres cycles_per_op=364 iterations=1000 min=364 max=364 ns_per_op=364 reps=3 sing=ABICall role=alt ref=004-T1 secs=0.00\n" +
        "BENCH linux Getpid-int80 skipped=1 sing=- role=info ref=002-T2-int80\n" +
        "BENCH linux ThreadYield cycles_per_op=1770 iterations=2000 min=1770 max=1773 ns_per_op=1770 reps=3 sing=ThreadYield role=primary ref=004-Fig4+004-T1 secs=0.02 switch_ratio=1.000\n" +
        "BENCH linux PageAlloc cycles_per_op=29081 iterations=100 min=26673 max=29500 ns_per_op=29081 reps=3 sing=PageAlloc role=primary ref=004-Fig4 secs=0.01\n" +
        "BENCH linux UnixRT-1 cycles_per_op=19744 iterations=2000 min=19701 max=19800 ns_per_op=19744 reps=3 sing=PSR-1 role=primary ref=004-Fig4+004-T1 secs=0.1\n" +
        "BENCH linux done rows=26 skipped=1 failed=0 secs=5.71 tsc_per_ns=1.0000 status=ok\n" +
        "BENCH linux wall mode=tcg-icount size=quick cpu=max secs=43.5 qemu_exit=1 status=ok\n";

    /// <summary>A Linux guest booted with run.sh --disk (Bench/WebFiles/README.md's rows), one row skipped, and a
    /// guest without a disk.</summary>
    public const string LinuxDisk = "BENCH linux start version=1 mode=quick reps=3 kernel=6.1.0-56-amd64 cpu=QEMU_TCG_CPU_version_2.5+ meltdown=Not_affected timer=lfence_rdtsc\n" +
        "BENCH linux disk device=/dev/sda partition=/dev/sda1 mount=/mnt fs=vfat modules=15 load_secs=1.205 wait_secs=0.000 mount_secs=0.059\n" +
        "BENCH linux Disk.SeqRead-4K cycles_per_op=387644 iterations=4096 min=356314 max=455022 ns_per_op=149319 reps=3 sing=Disk.SeqRead-4K role=primary ref=- secs=1.95 mb_per_s=6.86 bytes=4194304\n" +
        "BENCH linux File.OpenReadClose cycles_per_op=128270 iterations=1000 min=124570 max=148664 ns_per_op=49413 reps=3 sing=File.OpenReadClose role=primary ref=- secs=0.19\n" +
        "BENCH linux WebFiles cycles_per_op=6207184 iterations=60 min=2746624 max=7707400 ns_per_op=2391022 reps=3 sing=WebFiles role=primary ref=004-S4.3 secs=0.45 total_cycles=372431020 requests=60 bytes=2369625\n" +
        "BENCH linux Disk.SeqRead-64K skipped=1 reason=\"no disk attached (run.sh --disk IMAGE; host: --disk PATH)\" sing=Disk.SeqRead-64K role=primary ref=-\n" +
        "BENCH linux done rows=4 skipped=1 failed=0 secs=2.74 tsc_per_ns=2.5961 status=ok\n";

    public const string LinuxClientError = "BENCH linux start version=1 mode=quick reps=3 kernel=6.1.0-56-amd64 cpu=x meltdown=x timer=lfence_rdtsc\n" +
        "BENCH linux error what=webfiles-request msg=\"request 4 (line 5) /web/d0003/c3_2: read 307200 bytes, the list says 999\"\n";
}

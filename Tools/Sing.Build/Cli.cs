using System.Reflection;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>Parses the verb and its options and dispatches.</summary>
internal static class Cli
{
    public const string Usage = """
        usage: build.sh <verb> [options]
          run     build, then boot the ISO in QEMU with the serial console on this terminal (quit: Ctrl-A X)
          test    build and run the whole test suite (dotnet test)
          bench   boot time, then SingBench beside the Linux guest, under TCG with -icount and plain TCG;
                  report in artifacts/bench/ (report.md/.csv/.png, boot.md, runtime.md)
          soak    the isolation tests at full size in one headless boot: 10 million ABI fuzz calls, 1,000 kills of
                  each workload kind (--quick: the CI size); log in artifacts/soak.log
          debug   boot paused with a gdb server on :1234 and print the gdb command that loads kernel symbols
          clean   remove build outputs
        options (run, debug, bench, soak):
          --accel tcg|kvm   CPU emulation (default tcg; kvm needs real hardware virtualization)
          --icount          deterministic instruction counting (-icount shift=0,sleep=off)
          --options "..."   extra kernel options, e.g. "test=all"
          --memory MiB      guest memory (default 512)
          --disk PATH       run, debug: attach a raw disk image as a SATA disk (repeatable; default: artifacts/disk.img
                            when it exists)
          --repeat N        bench: boots per mode of each guest (default 3; 2 with --quick)
          --quick           bench: CI size (1/10 of the iterations, 3 repetitions inside each boot)
        """;

    public static string Root { get; } = typeof(Cli).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "SingRoot").Value!;

    public static string IsoPath => Path.Combine(Root, "artifacts", "singularity.iso");

    public static async Task<int> RunAsync(string[] args)
    {
        if (args.Length == 0 || args[0] is "-h" or "--help" or "help")
        {
            Console.WriteLine(Usage);
            return args.Length == 0 ? 2 : 0;
        }
        Options options;
        try
        {
            options = Options.Parse(args.Skip(1).ToArray());
        }
        catch (ArgumentException e)
        {
            Console.Error.WriteLine($"error: {e.Message}\n\n{Usage}");
            return 2;
        }
        return args[0] switch
        {
            "run" => await Interactive.RunAsync(options, gdb: false),
            "debug" => await Interactive.RunAsync(options, gdb: true),
            "bench" => await BenchVerb(options),
            "soak" => await Soak.RunAsync(options),
            _ => Unknown(args[0]),
        };
    }

    private static async Task<int> BenchVerb(Options options)
    {
        int status = await BootBenchmark.RunAsync(options);
        return status != 0 ? status : await SingBenchHarness.RunAsync(options);
    }

    private static int Unknown(string verb)
    {
        Console.Error.WriteLine($"error: unknown verb '{verb}'\n\n{Usage}");
        return 2;
    }
}

/// <summary>Options shared by the verbs.</summary>
internal sealed record Options(QemuAccelerator Accelerator, bool InstructionCounting, string? KernelOptions, int MemoryMiB, int? Repeat, bool Quick = false)
{
    /// <summary>Disk images given with --disk (run and debug); none given: artifacts/disk.img if it exists.</summary>
    public IReadOnlyList<string> Disks { get; init; } = Array.Empty<string>();

    public static string DefaultDiskPath => Path.Combine(Cli.Root, "artifacts", "disk.img");

    /// <summary>Boots per mode for each benchmark guest.</summary>
    public int BenchBoots => Repeat ?? (Quick ? 2 : 3);

    public static Options Parse(string[] args)
    {
        var accel = QemuAccelerator.Tcg;
        bool icount = false;
        string? kernelOptions = null;
        int memory = 512;
        int? repeat = null;
        bool quick = false;
        var disks = new List<string>();
        for (int i = 0; i < args.Length; i++)
        {
            string Next() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{args[i]} needs a value");
            switch (args[i])
            {
                case "--accel":
                    accel = Next() switch
                    {
                        "tcg" => QemuAccelerator.Tcg,
                        "kvm" => QemuAccelerator.Kvm,
                        var other => throw new ArgumentException($"--accel takes tcg or kvm, not '{other}'"),
                    };
                    break;
                case "--icount": icount = true; break;
                case "--options": kernelOptions = Next(); break;
                case "--memory": memory = ParsePositive(Next(), "--memory"); break;
                case "--repeat": repeat = ParsePositive(Next(), "--repeat"); break;
                case "--quick": quick = true; break;
                case "--disk":
                    string disk = Path.GetFullPath(Next());
                    if (!File.Exists(disk)) throw new ArgumentException($"--disk: no file at {disk}");
                    disks.Add(disk);
                    break;
                default: throw new ArgumentException($"unknown option '{args[i]}'");
            }
        }
        return new Options(accel, icount, kernelOptions, memory, repeat, quick) { Disks = disks };
    }

    private static int ParsePositive(string text, string name) =>
        int.TryParse(text, System.Globalization.CultureInfo.InvariantCulture, out int value) && value > 0
            ? value
            : throw new ArgumentException($"{name} takes a positive whole number, not '{text}'");

    public QemuOptions ToQemu() => new()
    {
        IsoPath = Cli.IsoPath,
        Accelerator = Accelerator,
        InstructionCounting = InstructionCounting,
        KernelOptions = KernelOptions,
        MemoryMiB = MemoryMiB,
    };
}

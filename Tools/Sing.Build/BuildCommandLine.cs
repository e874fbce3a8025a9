using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using Sing.Qemu;

namespace Sing.Build;

/// <summary>sing-build's verbs and options (System.CommandLine): generated help (`--help` on the tool and on every
/// verb), errors that name the bad token and suggest the nearest verb or option. The spellings are the ones build.sh,
/// build.ps1, CI and the READMEs use.</summary>
internal sealed class BuildCommandLine
{
    public Option<string> Accel { get; } = new("--accel")
    {
        Description = "CPU emulation: tcg (default) or kvm (needs real hardware virtualization)",
        DefaultValueFactory = _ => "tcg",
        HelpName = "tcg|kvm",
    };

    public Option<bool> Icount { get; } = new("--icount")
    {
        Description = "deterministic instruction counting (-icount shift=0,sleep=off)",
    };

    public Option<string?> KernelOptions { get; } = new("--options")
    {
        Description = "extra kernel options, e.g. \"test=all\"",
        HelpName = "\"...\"",
    };

    public Option<int> Memory { get; } = new("--memory")
    {
        Description = "guest memory in MiB",
        DefaultValueFactory = _ => Options.DefaultMemoryMiB,
        HelpName = "MiB",
    };

    public Option<int?> Repeat { get; } = new("--repeat")
    {
        Description = "boots per mode of each guest (default 3; 2 with --quick)",
        HelpName = "N",
    };

    public Option<string[]> Disk { get; } = new("--disk")
    {
        Description = "attach a raw disk image as a SATA disk (repeatable; default: artifacts/disk.img when it exists)",
        HelpName = "PATH",
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<int> Net { get; } = new("--net")
    {
        Description = "host TCP port on 127.0.0.1 that QEMU forwards to the guest's port 80 (default 8080; 0: forward nothing)",
        DefaultValueFactory = _ => Options.DefaultForwardedPort,
        HelpName = "PORT",
    };

    public Option<string[]> Add { get; } = new("--add")
    {
        Description = "add the program in this folder (a Sing.Sdk project with its sing.policy.xml) to the system image (repeatable); boots artifacts/added/singularity.iso",
        HelpName = "DIR",
        AllowMultipleArgumentsPerToken = false,
    };

    public Option<string?> Configs { get; } = new("--configs")
    {
        Description = "every SingBench row in each isolation configuration instead (all, or a list such as SIP-Phys,HIP-R0-S): artifacts/bench/configs.md, .csv, .png",
        HelpName = "all|NAME,NAME",
    };

    public Option<string> Cpu { get; } = new("--cpu")
    {
        Description = "guest CPU model for both guests (QEMU -cpu); max,vendor=GenuineIntel adds the SYSENTER rows (AMD's CPUs have no SYSENTER in 64-bit mode)",
        DefaultValueFactory = _ => Options.DefaultCpuModel,
        HelpName = "MODEL",
    };

    public Option<bool> Uefi { get; } = new("--uefi")
    {
        Description = "UEFI firmware instead of BIOS (QEMU: OVMF, Debian package ovmf); the ISO is a hybrid and boots under both",
    };

    public Option<string> RunCpu { get; } = new("--cpu")
    {
        Description = "guest CPU model (QEMU -cpu), e.g. Opteron_G1 for the first x86-64 generation",
        DefaultValueFactory = _ => Options.DefaultCpuModel,
        HelpName = "MODEL",
    };

    public Option<string> VmwareSerialTo { get; } = new("--serial")
    {
        Description = "where COM1, the kernel's console, goes: a file beside the .vmx, or a pipe VMware serves (--pipe)",
        DefaultValueFactory = _ => "file",
        HelpName = "file|pipe",
    };

    public Option<string> VmwarePipe { get; } = new("--pipe")
    {
        Description = "the pipe's name with --serial pipe (on Linux and macOS hosts a socket path such as /tmp/singularity-com1)",
        DefaultValueFactory = _ => VmwareMachine.DefaultPipeName,
        HelpName = "NAME",
    };

    public Option<int> Cpus { get; } = new("--cpus")
    {
        Description = "guest CPUs (QEMU -smp; several run in parallel under multi-threaded TCG, in turns with --icount); the kernel option cpus=N starts fewer",
        DefaultValueFactory = _ => Options.DefaultCpus,
        HelpName = "N",
    };

    public Option<int?> TestCpus { get; } = new("--cpus")
    {
        Description = "test: boot every test machine with N CPUs (default: each test's own, 1 for most)",
        HelpName = "N",
    };

    public Option<bool> AllConfigs { get; } = new("--all-configs")
    {
        Description = "test: run the whole in-kernel suite in every isolation configuration the kernel offers (CI runs SIP-Phys, SIP-Page and HIP-R0-S)",
    };

    public Option<bool> BenchQuick { get; } = new("--quick")
    {
        Description = "CI size: 1/10 of the iterations, 3 repetitions inside each boot",
    };

    public Option<bool> BenchHttp { get; } = new("--http")
    {
        Description = "only the HTTP rows: Singularity's web server beside busybox httpd in the Linux guest (wrk at 1, 10, 100 connections; bulk TCP both ways)",
    };

    public Option<bool> SoakQuick { get; } = new("--quick")
    {
        Description = "CI size: 100,000 ABI fuzz calls per seed, 100 kills of each workload kind, a 2-minute mixed workload",
    };

    public Option<int?> SoakMinutes { get; } = new("--minutes")
    {
        Description = "how long the mixed workload (services, clients, contract fuzzer, killer) runs; default 2 with --quick, else 30",
        HelpName = "N",
    };

    /// <summary>The verbs sing-build runs itself; build.sh adds clean (it deletes this tool's own build output).</summary>
    public BuildCommandLine()
    {
        Accel.AcceptOnlyFromAmong("tcg", "kvm");
        VmwareSerialTo.AcceptOnlyFromAmong("file", "pipe");
        Memory.Validators.Add(r => Positive(r, Memory.Name));
        Repeat.Validators.Add(r => Positive(r, Repeat.Name));
        SoakMinutes.Validators.Add(r => Positive(r, SoakMinutes.Name));
        Cpus.Validators.Add(r => Positive(r, Cpus.Name));
        TestCpus.Validators.Add(r => Positive(r, TestCpus.Name));
        Configs.Validators.Add(r =>
        {
            if (r.Tokens.Count == 0) return;
            try { ConfigurationBench.Parse(r.Tokens[^1].Value); }
            catch (ArgumentException e) { r.AddError(e.Message); }
        });
        Add.Validators.Add(r =>
        {
            foreach (var token in r.Tokens)
                if (!Directory.Exists(token.Value)) r.AddError($"{Add.Name}: no folder at {Path.GetFullPath(token.Value)}");
        });
        Disk.Validators.Add(r =>
        {
            foreach (var token in r.Tokens)
                if (!File.Exists(token.Value)) r.AddError($"{Disk.Name}: no file at {Path.GetFullPath(token.Value)}");
        });
        Net.Validators.Add(r =>
        {
            if (r.Tokens.Count == 0) return;
            string text = r.Tokens[^1].Value;
            if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int port) || port > 65535)
                r.AddError($"{Net.Name} takes a TCP port 1-65535 (or 0 to forward nothing), not '{text}'");
        });
        var run = new Command("run", "build, then boot the ISO in QEMU with the serial console on this terminal (quit: Ctrl-A X)")
            { Accel, Icount, KernelOptions, Memory, Disk, Net, Add };
        var debug = new Command("debug", "boot paused with a gdb server on :1234 and print the gdb command that loads kernel symbols")
            { Accel, Icount, KernelOptions, Memory, Disk, Net, Add };
        var bench = new Command("bench",
            "boot time, then SingBench beside the Linux guest, under TCG with -icount and plain TCG; report and charts in artifacts/bench/")
            { Accel, Memory, Repeat, BenchQuick, Configs, Cpu };
        var soak = new Command("soak",
            "the isolation tests at full size and the mixed workload in one headless boot: 10 million ABI fuzz calls, 1,000 kills of each workload kind, the contract fuzzer, services and clients under a killer for --minutes; log in artifacts/soak.log")
            { Accel, Icount, KernelOptions, Memory, SoakQuick, SoakMinutes };
        var test = new Command("test",
            "run every test project of Singularity.sln (already built) with dotnet test; other arguments (e.g. --filter X) go to dotnet test")
        {
            TreatUnmatchedTokensAsErrors = false,
        };
        test.Options.Add(AllConfigs);
        test.Options.Add(TestCpus);
        run.Options.Add(Cpus);
        debug.Options.Add(Cpus);
        soak.Options.Add(Cpus);
        bench.Options.Add(BenchHttp);
        // Added after construction so each verb's option list above stays one line.
        run.Options.Add(Uefi);
        run.Options.Add(RunCpu);
        debug.Options.Add(Uefi);
        debug.Options.Add(RunCpu);
        var vmware = new Command("vmware",
            "write artifacts/singularity.vmx beside the ISO: a VMware machine with the ISO on a SATA CD, COM1 to a file or pipe, an e1000 NIC")
            { Memory, Uefi, VmwareSerialTo, VmwarePipe };
        Root = new RootCommand("sing-build: boot, test and benchmark Singularity (run through ./build.sh or build.ps1)")
        {
            run, debug, bench, soak, test, vmware,
        };
    }

    public RootCommand Root { get; }

    public ParseResult Parse(IReadOnlyList<string> args) => Root.Parse(args);

    /// <summary>The QEMU options of a parsed run, debug, bench or soak command line.</summary>
    public Options OptionsOf(ParseResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var command = result.CommandResult.Command;
        bool Has(Option option) => command.Options.Contains(option);
        return new Options(
            result.GetValue(Accel) == "kvm" ? QemuAccelerator.Kvm : QemuAccelerator.Tcg,
            Has(Icount) && result.GetValue(Icount),
            Has(KernelOptions) ? result.GetValue(KernelOptions) : null,
            result.GetValue(Memory),
            Has(Repeat) ? result.GetValue(Repeat) : null,
            (Has(BenchQuick) && result.GetValue(BenchQuick)) || (Has(SoakQuick) && result.GetValue(SoakQuick)))
        {
            Added = Has(Add) ? (result.GetValue(Add) ?? Array.Empty<string>()).Select(Path.GetFullPath).ToArray() : Array.Empty<string>(),
            ForwardedPort = Has(Net) && result.GetValue(Net) is int port and > 0 ? port : null,
            Disks = Has(Disk) ? (result.GetValue(Disk) ?? Array.Empty<string>()).Select(Path.GetFullPath).ToArray() : Array.Empty<string>(),
            Configs = Has(Configs) && result.GetValue(Configs) is string configs ? ConfigurationBench.Parse(configs) : Array.Empty<string>(),
            CpuModel = Has(Cpu) && result.GetValue(Cpu) is string cpu && cpu.Length > 0 ? cpu
                : Has(RunCpu) && result.GetValue(RunCpu) is string runCpu && runCpu.Length > 0 ? runCpu
                : Options.DefaultCpuModel,
            Firmware = Has(Uefi) && result.GetValue(Uefi) ? QemuFirmware.Uefi : QemuFirmware.Bios,
            SoakMinutes = Has(SoakMinutes) ? result.GetValue(SoakMinutes) : null,
            HttpOnly = Has(BenchHttp) && result.GetValue(BenchHttp),
            Cpus = Has(Cpus) ? result.GetValue(Cpus) : 1,
        };
    }

    /// <summary>The machine a parsed vmware command line describes.</summary>
    public VmwareMachine VmwareMachineOf(ParseResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        return new VmwareMachine
        {
            IsoFileName = Path.GetFileName(Cli.IsoPath),
            Uefi = result.GetValue(Uefi),
            MemoryMiB = result.GetValue(Memory),
            Serial = result.GetValue(VmwareSerialTo) == "pipe" ? VmwareSerial.Pipe : VmwareSerial.File,
            PipeName = result.GetValue(VmwarePipe) ?? VmwareMachine.DefaultPipeName,
        };
    }

    private static void Positive(OptionResult result, string name)
    {
        if (result.Tokens.Count == 0) return;
        string text = result.Tokens[^1].Value;
        if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int value) || value <= 0)
            result.AddError($"{name} takes a positive whole number, not '{text}'");
    }
}

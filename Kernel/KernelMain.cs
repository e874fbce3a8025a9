using System.Runtime.InteropServices;
using Internal.Runtime;
using Internal.Runtime.CompilerHelpers;
using Internal.Runtime.ExceptionHandling;
using Sing.Kernel.Arch;
using Sing.Kernel.Boot;
using Sing.Kernel.Console;
using Sing.Kernel.Diagnostics;
using Sing.Kernel.Memory;
using Sing.Kernel.Tests;

namespace Sing.Kernel
{
    /// <summary>The kernel's entry point, called by Boot/boot.asm in long mode with the Multiboot2 information.
    /// Order matters: nothing may touch a reference-type static before the runtime has initialized the module
    /// (InitializeModules), and that needs the page allocator for the object heap.</summary>
    internal static unsafe class KernelMain
    {
        private const uint TimerHz = 1000;
        private const ulong CalibrationTicks = 50;

        [UnmanagedCallersOnly(EntryPoint = "sing_kernel_main")]
        private static void Main(ulong multibootInfo, uint magic)
        {
            ulong kernelEntryTsc = Cpu.BootTsc();
            SerialPort.Initialize();
            Log.Line();
            if (!Multiboot2.TryParse(multibootInfo, magic, out Multiboot2 boot))
                Panic.Halt("not booted by a Multiboot2 loader (bad magic)", magic);

            KernelOptions.Load(boot.CommandLine);
            PageAllocator.Initialize(boot, Cpu.KernelImageStart(), Cpu.KernelImageEnd());
            RuntimeHost.AllocateHeapMemory = &AllocateObjectHeap;
            RuntimeHost.EnterNoPreemption = &Threading.Scheduler.EnterNoPreemption;
            RuntimeHost.ExitNoPreemption = &Threading.Scheduler.ExitNoPreemption;
            RuntimeHost.FreeHeapMemory = &FreeObjectHeap;
            RuntimeHost.StackTop = &Threading.Scheduler.CurrentStackTop;
            RuntimeHost.EnumerateOtherStacks = &Threading.Scheduler.EnumerateOtherStacks;
            RuntimeHost.CurrentExceptionState = &Threading.Scheduler.CurrentExceptionState;
            RuntimeHost.StopOtherProcessors = &Smp.KernelLock.StopOthers;
            RuntimeHost.ResumeOtherProcessors = &Smp.KernelLock.ResumeOthers;
            RuntimeHost.FailFast = &Panic.RuntimeFailFast;
            Internal.Runtime.ObjectAllocator.UsePerThreadContexts(0); // slot 0 of KernelThread.Slots (GS-relative)
            StartupCodeHelpers.InitializeModules(Cpu.ManagedModulesStart(), Cpu.ManagedModulesEnd());
            ExceptionDispatcher.Initialize(Cpu.EhFrameStart(), Cpu.EhFrameEnd());
            RuntimeHost.UnhandledException = &Panic.UnhandledException;

            Gdt.Initialize();
            Idt.Initialize();
            if (boot.TryFindModule("symbols", out BootModule symbols)) SymbolTable.Load(symbols);
            // The page below the boot stack becomes a guard page, so overflowing it is caught and reported.
            ulong guard = (ulong)Cpu.BootStackBottom() - PageAllocator.PageSize;
            if (!PageTables.TryUnmapSmallPage(guard)) Panic.Halt("could not map the boot stack's guard page", guard);
            FaultHandlers.Install();
            FaultHandlers.InstallSipHandlers();
            Hardware.Acpi.Initialize(boot);
            Hardware.Pci.UseEcamFromAcpi();
            CpuInfo.Initialize();
            UserMode.Initialize();
            Domains.Ring3Abi.SelectEntry();
            if (!CpuInfo.MeetsCompiledBaseline)
                Panic.Halt("this CPU lacks SSE2, part of the baseline x86-64 the kernel was compiled for");

            // gc=verify: the kernel heap's layout is checked before and after every collection (slow; for hunting heap bugs).
            Internal.Runtime.GC.GCHeap.VerifyEveryCollection = KernelOptions.Get("gc") == "verify";
            InterruptController.Initialize();
            Timer.Initialize(TimerHz);
            Cpu.EnableInterrupts();
            Tsc.Calibrate(CalibrationTicks);
            System.Diagnostics.Stopwatch.Frequency = (long)Tsc.Frequency;
            Threading.Scheduler.Initialize(Cpu.BootStackBottom(), Cpu.BootStackTop());
            Abi.AbiV1.Initialize();
            Abi.HandleLookup.Select();
            Processes.ProcessManager.RegisterBootImages(boot);
            Processes.ProgramCatalog.Load(boot);
            Domains.Isolation.Select(Processes.ProgramCatalog.Manifest.Configuration);
            Console.ConsoleInput.Initialize();
            Smp.LockOrder.Configure();
            Smp.Processors.StartApplicationProcessors(boot);

            PrintBanner(boot, kernelEntryTsc);

            string run = KernelOptions.Get("run");
            if (run != null) RunProgram(run);
            string bench = KernelOptions.Get("bench");
            if (bench != null)
            {
                Bench.BenchmarkRunner.Run(bench.Length == 0 ? "all" : bench);
                return;
            }
            string test = KernelOptions.Get("test");
            if (test != null)
            {
                KernelTestRunner.Run(test);
                return;
            }
            if (KernelOptions.Get("exit") != null)
            {
                // Used by the boot-time benchmark: leave QEMU as soon as the banner is out.
                Log.Line("Singularity is up; exiting as the \"exit\" option asks.");
                Platform.QemuExit.Exit(Platform.QemuExit.Success);
            }
            Log.Line("Singularity is up; starting the boot services of the system policy. Quit QEMU with Ctrl-A X.");
            Processes.Supervisor.StartBootServices();
            // Nothing more for the boot thread: it blocks for good rather than spin through hlt at each of its turns
            // (the idle thread runs when nothing else can).
            var never = new Threading.ManualResetEvent(false);
            while (true) never.WaitOne();
        }

        /// <summary>Starts an installed program and waits for it: kernel option run=NAME or run=NAME:ARG:ARG...
        /// (colons stand for the spaces the kernel command line cannot carry inside one option). The boot services
        /// whose names its startup endpoints bind (a clock client's /dev/rtc) start first; the others start after it,
        /// unless test=, bench= or exit ends the boot there.</summary>
        private static void RunProgram(string spec)
        {
            int colon = spec.IndexOf(':');
            string name = colon < 0 ? spec : spec.Substring(0, colon);
            string arguments = colon < 0 ? "" : spec.Substring(colon + 1).Replace(':', ' ');
            Singularity.Manifests.ProgramManifest manifest = Processes.ProgramCatalog.Find(name);
            if (manifest != null) Processes.ServiceDependencies.StartFor(manifest);
            var status = Processes.ProcessManager.Create(name, arguments, null, out Processes.KernelProcess process, out string error);
            if (status != Singularity.V1.AbiStatus.Ok)
            {
                Log.Line($"run: cannot create \"{name}\": {error}");
                return;
            }
            Processes.ProcessManager.Start(process);
            process.Exited.WaitOne();
            Log.Line($"run: {name} (pid {process.Id}) exited with code {process.ExitCode}");
        }

        private static void* AllocateObjectHeap(nuint bytes) =>
            PageAllocator.Allocate(((ulong)bytes + PageAllocator.PageSize - 1) / PageAllocator.PageSize);

        private static void FreeObjectHeap(void* memory, nuint bytes) =>
            PageAllocator.Free(memory, ((ulong)bytes + PageAllocator.PageSize - 1) / PageAllocator.PageSize);

        private static void PrintBanner(in Multiboot2 boot, ulong kernelEntryTsc)
        {
            ulong now = Cpu.ReadTsc();
            Log.Line($"Singularity {BuildInfo.Version} - C# kernel compiled by NativeAOT ILC {BuildInfo.IlcVersion} for {BuildInfo.InstructionSet}, configuration {Domains.Isolation.Name}");
            Log.Write("CPU: ");
            CpuInfo.WriteVendor();
            Log.Write(" \"");
            CpuInfo.WriteBrand();
            Log.Line($"\" family {CpuInfo.Family} model {CpuInfo.Model} stepping {CpuInfo.Stepping}");
            Log.Write("CPU features:");
            CpuInfo.WriteFeatures();
            Log.Line();
            Log.Line(Smp.Processors.Describe());
            Log.Line(string.Concat("Handles: handles=", Abi.HandleLookup.Name, ", ", Abi.HandleLookup.Description));
            PageAllocator.PrintSummary();
            Log.Line($"Kernel image: {(ulong)(Cpu.KernelImageEnd() - Cpu.KernelImageStart()) / 1024} KiB at {(ulong)Cpu.KernelImageStart():x}; symbols: {SymbolTable.Count}; installed programs: {Processes.ProgramCatalog.Manifest.Programs.Count}; command line: \"{KernelOptions.Text}\"");
            Log.Line(Hardware.Acpi.RsdpSource == null
                ? $"Firmware: {(boot.Uefi ? "UEFI" : "BIOS")}; ACPI: {Hardware.Acpi.Problem}"
                : $"Firmware: {(boot.Uefi ? "UEFI" : "BIOS")}; ACPI: {Hardware.Acpi.TableCount} tables, RSDP from {Hardware.Acpi.RsdpSource}");
            Log.Write($"Timer: PIT {Timer.Hz} Hz; TSC ");
            Log.Fixed(Tsc.Frequency / 1000, 3);
            Log.Line($" MHz (calibrated over {Tsc.CalibrationMilliseconds} ms)");
            Log.Line($"Boot: {Tsc.ToMilliseconds(now)} ms since power-on, {Tsc.ToMilliseconds(now - kernelEntryTsc)} ms in the kernel");
        }
    }
}

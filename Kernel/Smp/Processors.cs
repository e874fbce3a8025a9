using System.Runtime.InteropServices;
using System.Threading;
using Sing.Kernel.Arch;
using Sing.Kernel.Boot;
using Sing.Kernel.Console;
using Sing.Kernel.Hardware;
using Sing.Kernel.Memory;

namespace Sing.Kernel.Smp
{
    /// <summary>The processors the kernel runs on. The boot processor (index 0) starts the others that ACPI's MADT lists
    /// (kernel option cpus=N caps the total; cpus=1 starts none): INIT, then two startup IPIs that point each one at the
    /// real-mode trampoline of Smp/ap.asm, copied to <see cref="TrampolineBase"/>. Each application processor gets its
    /// own GDT, TSS and interrupt stacks, a 16 KiB kernel stack and runtime slots of its own (its GS base), loads the shared
    /// IDT, enables its local APIC and becomes that processor's idle thread. Once all have started, threads run on every
    /// processor (kernel option sched=bsp keeps them on the boot processor): processes go round the processors
    /// (<see cref="NextHome"/>) and "interrupts off" takes the kernel lock (<see cref="KernelLock"/>).</summary>
    internal static unsafe class Processors
    {
        /// <summary>The physical page the trampoline is copied to: below 1 MiB (a startup IPI names a page there), never
        /// handed out by the page allocator (it reserves the first MiB), and the address ap.asm computes with.</summary>
        public const ulong TrampolineBase = 0x8000;

        private const ulong StackBytes = 16 * 1024;
        private const ulong Efer = 0xC0000080, Cr4Pcide = 1UL << 17;

        [StructLayout(LayoutKind.Sequential)]
        private struct ApStartParameters   // the parameter block of ap.asm (PARAM_* offsets)
        {
            public uint Cr0, Cr3, Cr4Real, Reserved;
            public ulong Efer, Cr4, Stack, Slots, Index;
        }

        // Per processor index: APIC id, GDT, and whether it reported in. Written by the boot processor before the
        // startup IPI, read by the application processor; s_started is written by the latter.
        private static uint* s_apicIds;
        private static ulong** s_gdts;
        private static int* s_started;

        private static int s_applicationProcessors;   // reported in; no initializer, so no static constructor to check

        /// <summary>Processors running: the boot processor and the application processors that reported in.</summary>
        public static int Count => 1 + s_applicationProcessors;

        /// <summary>Processors the MADT lists as usable (0 when there is no MADT or the kernel uses the 8259s).</summary>
        public static int Listed => Madt.Processors;

        /// <summary>Why no application processor was started, when none was; null otherwise.</summary>
        public static string NotStartedReason { get; private set; }

        /// <summary>The APIC id of processor <paramref name="index"/> (0: the boot processor).</summary>
        public static uint ApicIdOf(int index) => s_apicIds[index];

        /// <summary>The index of the calling processor: 0 for the boot processor, else the order it was started in (one
        /// load through GS: RuntimeSlots.Processor).</summary>
        public static int Current => Cpu.ProcessorIndex();

        /// <summary>Starts the application processors (boot processor, interrupts on, after InterruptController chose
        /// the APIC). One at a time: each must report in within <see cref="ReportLimitMilliseconds"/> before the next is
        /// started; a processor that does not is named in the log and left out.</summary>
        public static void StartApplicationProcessors(in Multiboot2 boot)
        {
            Madt.Read();   // already read unless irq=pic kept the APIC out
            int wanted = Madt.Processors;
            string limit = KernelOptions.Get("cpus");
            if (limit != null)
            {
                if (!int.TryParse(limit, out int cap) || cap < 1)
                {
                    Log.Line($"smp: cpus=\"{limit}\" is not a processor count of 1 or more; starting every processor the MADT lists");
                    cap = int.MaxValue;
                }
                if (cap < wanted) wanted = cap;
            }
            if (wanted > Madt.MaxProcessors) wanted = Madt.MaxProcessors;
            s_apicIds = (uint*)KernelHeap.Allocate(Madt.MaxProcessors * sizeof(uint));
            s_apicIds[0] = InterruptController.UsesApic ? LocalApic.Id : 0;
            if (!InterruptController.UsesApic || !LocalApic.Present)
            {
                NotStartedReason = "the 8259 PIC delivers interrupts (irq=pic, or no MADT): no local APIC to start processors with";
                return;
            }
            if (wanted <= 1)
            {
                NotStartedReason = Madt.Processors <= 1 ? "the MADT lists one processor" : "cpus=1";
                return;
            }
            string problem = TrampolinePageProblem(boot);
            if (problem != null)
            {
                NotStartedReason = problem;
                return;
            }
            s_gdts = (ulong**)KernelHeap.Allocate(Madt.MaxProcessors * (ulong)sizeof(ulong*));
            s_started = (int*)KernelHeap.Allocate(Madt.MaxProcessors * sizeof(int));
            CrossCall.Initialize(wanted);

            byte* start = Cpu.ApTrampolineStart();
            ulong length = (ulong)(Cpu.ApTrampolineEnd() - start);
            System.Buffer.MemoryCopy(start, (void*)TrampolineBase, (long)PageAllocator.PageSize, (long)length);
            var parameters = (ApStartParameters*)(TrampolineBase + (ulong)(Cpu.ApParameters() - start));

            int listed = Madt.Processors < Madt.MaxProcessors ? Madt.Processors : Madt.MaxProcessors;
            for (int m = 0; m < listed && Count < wanted; m++)
            {
                uint apicId = Madt.ApicIdOf(m);
                if (apicId == s_apicIds[0]) continue;
                int index = Count;
                s_apicIds[index] = apicId;
                s_gdts[index] = Gdt.BuildForProcessor(index);
                Prepare(parameters, index);
                if (Start(apicId, index)) s_applicationProcessors++;
                else Log.Line($"smp: the processor with APIC id {apicId} did not report in within {ReportLimitMilliseconds} ms of its startup IPIs; left out");
            }
            if (Count > 1 && KernelOptions.Get("sched") != "bsp")
            {
                // From here on "interrupts off" takes the kernel lock, and processes go round the processors.
                KernelLock.Initialize(Count);
                ProcessorTicks.Initialize();
                KernelLock.Active = true;
                ProcessorTicks.StartTimers();
            }
        }

        /// <summary>How long a started processor has to report in (guest time: under -icount, instructions).</summary>
        public const ulong ReportLimitMilliseconds = 100;

        private static void Prepare(ApStartParameters* p, int index)
        {
            ulong cr4 = Cpu.ReadCr4();
            p->Cr0 = (uint)Cpu.ReadCr0();
            p->Cr3 = (uint)(Cpu.ReadCr3() & 0xFFFF_F000UL);   // the kernel's tables lie below 4 GiB; PCID bits cleared
            p->Cr4Real = (uint)(cr4 & ~Cr4Pcide);             // PCIDE only once in long mode
            p->Efer = Cpu.ReadMsr((uint)Efer);
            p->Cr4 = cr4;
            byte* stack = (byte*)PageAllocator.Allocate(StackBytes / PageAllocator.PageSize);
            p->Stack = (ulong)(stack + StackBytes);
            // Its boot context becomes its idle thread: the GS base points at that thread's runtime slots.
            p->Slots = Threading.Scheduler.AdoptProcessor(index, stack, StackBytes);
            p->Index = (ulong)index;
        }

        // INIT, 10 ms, startup IPI, 200 µs, a second startup IPI if the first was not enough (the MP specification's
        // sequence), then wait for the processor to report in.
        private static bool Start(uint apicId, int index)
        {
            byte page = (byte)(TrampolineBase / PageAllocator.PageSize);
            LocalApic.SendInit(apicId);
            WaitMicroseconds(10_000);
            LocalApic.SendStartup(apicId, page);
            WaitMicroseconds(200);
            if (Volatile.Read(ref s_started[index]) == 0)
            {
                LocalApic.SendStartup(apicId, page);
                WaitMicroseconds(200);
            }
            ulong deadline = Cpu.ReadTsc() + Tsc.Frequency / 1000 * ReportLimitMilliseconds;
            while (Volatile.Read(ref s_started[index]) == 0)
            {
                if (Cpu.ReadTsc() > deadline) return false;
                Cpu.Pause();
            }
            return true;
        }

        private static void WaitMicroseconds(ulong microseconds)
        {
            ulong end = Cpu.ReadTsc() + Tsc.Frequency / 1_000_000 * microseconds;
            while (Cpu.ReadTsc() < end) Cpu.Pause();
        }

        /// <summary>Null when the trampoline page is RAM the memory map calls available and the boot information does
        /// not lie in it (GRUB may place it low); else why not.</summary>
        private static string TrampolinePageProblem(in Multiboot2 boot)
        {
            ulong end = TrampolineBase + PageAllocator.PageSize;
            bool available = false;
            for (int i = 0; i < boot.RegionCount; i++)
            {
                MemoryRegion r = boot.GetRegion(i);
                if (r.Type == MemoryRegion.Available && r.Base <= TrampolineBase && r.End >= end) available = true;
            }
            if (!available) return $"the trampoline page 0x{TrampolineBase:x} is not available RAM in the memory map";
            ulong info = (ulong)boot.Info;
            if (info < end && info + boot.TotalSize > TrampolineBase)
                return $"the boot information at 0x{info:x} overlaps the trampoline page 0x{TrampolineBase:x}";
            return null;
        }

        /// <summary>An application processor's first C# code (ap.asm, on the stack and GS base Prepare chose): its
        /// own GDT and TSS, the shared IDT, its local APIC; then it reports in and waits for interrupts.</summary>
        [UnmanagedCallersOnly(EntryPoint = "sing_ap_main")]
        private static void ApplicationProcessorMain(uint index)
        {
            Gdt.Load(s_gdts[index]);
            Idt.Load();
            LocalApic.EnableThisCpu(InterruptController.SpuriousVector);
            UserMode.InitializeThisCpu();
            Volatile.Write(ref s_started[index], 1);
            Threading.Scheduler.RunIdle();
        }

        /// <summary>Whether threads run on every started processor (false: on the boot processor only, as with kernel
        /// option sched=bsp, or one CPU).</summary>
        public static bool ThreadsOnAll => KernelLock.Active;

        private static int s_nextHome;

        /// <summary>The processor the next process runs on: round robin over the started processors, application
        /// processors first; 0 while threads run on the boot processor only. <paramref name="allowed"/> (the policy's
        /// cpus, one bit per processor; 0 for any) narrows the round to those of its processors that were started, and
        /// is ignored when none of them was.</summary>
        public static int NextHome(ulong allowed = 0)
        {
            if (!KernelLock.Active) return 0;
            ulong started = Count >= 64 ? ulong.MaxValue : (1UL << Count) - 1;
            if ((allowed & started) == 0) allowed = started;
            int home = s_nextHome;   // interrupts off: the caller's section
            do home = (home + 1) % Count;   // 1, 2, ..., then 0
            while ((allowed >> home & 1) == 0);
            s_nextHome = home;
            return home;
        }

        /// <summary>The banner's line: how many processors run, and their APIC ids; or why only one does.</summary>
        public static string Describe()
        {
            if (Count == 1)
                return $"CPUs: 1 started ({(NotStartedReason ?? "the others did not report in")}; {Listed} listed)";
            var text = new System.Text.StringBuilder();
            text.Append("CPUs: ").Append(Count).Append(" started (local APIC ids");
            for (int i = 0; i < Count; i++) text.Append(' ').Append(s_apicIds[i]);
            text.Append("; ").Append(Listed).Append(" listed; xAPIC");
            if (ProcessorTicks.LocalTimers) text.Append("; ticks from each CPU's APIC timer");
            else if (ThreadsOnAll) text.Append("; ticks forwarded by CPU 0");
            text.Append(')');
            return text.ToString();
        }
    }
}

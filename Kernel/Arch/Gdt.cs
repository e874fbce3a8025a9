using Sing.Kernel.Memory;

namespace Sing.Kernel.Arch
{
    /// <summary>The 64-bit GDT and TSS. Segment order fits SYSCALL/SYSRET (kernel code, kernel data, then
    /// 32-bit user code, user data, 64-bit user code) and SYSEXIT, which takes the user code selector 32 and the user
    /// stack selector 40 above the kernel's (hence a second user data descriptor at 0x30). The TSS provides the ring-0 stack for later ring-3
    /// domains and separate interrupt stacks (IST) so a double fault or page fault on a broken stack can
    /// still be reported.</summary>
    internal static unsafe class Gdt
    {
        public const ushort KernelCode = 0x08;
        public const ushort KernelData = 0x10;
        public const ushort UserCode32 = 0x18;
        public const ushort UserData = 0x20;
        public const ushort UserCode64 = 0x28;
        public const ushort UserDataForSysexit = 0x30;
        public const ushort TaskState = 0x38;
        private const int Entries = 9;   // the TSS descriptor takes two

        public const int DoubleFaultStack = 1;
        public const int NmiStack = 2;
        public const int PageFaultStack = 3;
        public const int DivideErrorStack = 4;

        private const ulong InterruptStackBytes = 32 * 1024;

        private static ulong* s_table;
        private static Tss** s_tssOf;   // per processor index

        // The hardware layout packs 64-bit fields at 4-byte offsets (RSP0 at 4), hence Pack = 4.
        [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Sequential, Pack = 4)]
        private struct Tss
        {
            public uint Reserved0;
            public ulong Rsp0, Rsp1, Rsp2;
            public ulong Reserved1;
            public ulong Ist1, Ist2, Ist3, Ist4, Ist5, Ist6, Ist7;
            public ulong Reserved2;
            public ushort Reserved3;
            public ushort IoMapBase;
        }

        /// <summary>Builds and loads the boot processor's GDT and TSS.</summary>
        public static void Initialize()
        {
            s_tssOf = (Tss**)KernelHeap.Allocate((ulong)(Hardware.Madt.MaxProcessors * sizeof(Tss*)));
            for (int i = 0; i < Hardware.Madt.MaxProcessors; i++) s_tssOf[i] = null;
            s_table = Build(out s_tssOf[0]);
            Load(s_table);
        }

        /// <summary>Builds the GDT and TSS (with interrupt stacks of its own) of application processor
        /// <paramref name="index"/>, which loads them with <see cref="Load"/>: built by the boot processor, before the
        /// processor runs anything.</summary>
        public static ulong* BuildForProcessor(int index) => Build(out s_tssOf[index]);

        /// <summary>Loads a GDT built by <see cref="Initialize"/> or <see cref="BuildForProcessor"/> and its TSS on the
        /// calling CPU.</summary>
        public static void Load(ulong* table)
        {
            DescriptorPointer pointer;
            pointer.Limit = Entries * 8 - 1;
            pointer.Base = (ulong)table;
            Cpu.LoadGdt(&pointer, KernelCode, KernelData);
            Cpu.LoadTaskRegister(TaskState);
        }

        private static ulong* Build(out Tss* tss)
        {
            ulong* table = (ulong*)KernelHeap.Allocate(Entries * 8);
            tss = (Tss*)KernelHeap.Allocate((ulong)sizeof(Tss));
            *tss = default;
            tss->IoMapBase = (ushort)sizeof(Tss);
            tss->Ist1 = NewStack();
            tss->Ist2 = NewStack();
            tss->Ist3 = NewStack();
            tss->Ist4 = NewStack();
            tss->Rsp0 = NewStack();

            table[0] = 0;
            table[1] = 0x00AF9A000000FFFF;  // kernel code: present, ring 0, executable, long mode
            table[2] = 0x00CF92000000FFFF;  // kernel data
            table[3] = 0x00CFFA000000FFFF;  // user code, 32-bit (SYSRET layout placeholder)
            table[4] = 0x00CFF2000000FFFF;  // user data, ring 3
            table[5] = 0x00AFFA000000FFFF;  // user code, 64-bit, ring 3
            table[6] = 0x00CFF2000000FFFF;  // user data, ring 3, where SYSEXIT looks for it
            ulong address = (ulong)tss;
            ulong limit = (ulong)sizeof(Tss) - 1;
            table[7] = (limit & 0xFFFF) | ((address & 0xFFFFFF) << 16) | (0x89UL << 40) | (((limit >> 16) & 0xF) << 48) | (((address >> 24) & 0xFF) << 56);
            table[8] = address >> 32;
            return table;
        }

        /// <summary>The stack the CPU switches to on an interrupt from ring 3: the running thread's kernel stack.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static void SetKernelStack(ulong top) => s_tssOf[Cpu.ProcessorIndex()]->Rsp0 = top;

        /// <summary>The top of the interrupt stack (IST) that contains <paramref name="stackPointer"/>, or 0 when it lies
        /// in none: the collector's scan of a fault handler's frames ends there, not at the interrupted thread's top.</summary>
        public static ulong InterruptStackTopOf(ulong stackPointer)
        {
            if (s_tssOf == null) return 0;
            Tss* tss = s_tssOf[Cpu.ProcessorIndex()];
            if (tss == null) return 0;
            ulong* tops = &tss->Ist1;
            for (int i = 0; i < 4; i++)
            {
                ulong top = tops[i];
                if (stackPointer < top && stackPointer >= top - InterruptStackBytes) return top;
            }
            return 0;
        }

        /// <summary>The stack pointer of the context an interrupt on the IST whose top is <paramref name="top"/> stopped,
        /// and whether that context ran in ring 0 (from the frame the CPU pushed at the top: SS, RSP, RFLAGS, CS, RIP).</summary>
        public static ulong InterruptedStackPointer(ulong top, out bool kernelMode)
        {
            kernelMode = (((ulong*)top)[-4] & 3) == 0;
            return ((ulong*)top)[-2];
        }

        private static ulong NewStack()
        {
            byte* stack = (byte*)PageAllocator.Allocate(InterruptStackBytes / PageAllocator.PageSize);
            return (ulong)(stack + InterruptStackBytes);
        }
    }

    /// <summary>Operand of LGDT/LIDT: a 16-bit limit followed by a 64-bit base.</summary>
    [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Sequential, Pack = 1)]
    internal struct DescriptorPointer
    {
        public ushort Limit;
        public ulong Base;
    }
}

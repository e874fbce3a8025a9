using Sing.Kernel.Memory;

namespace Sing.Kernel.Arch
{
    /// <summary>The interrupt descriptor table: all 256 vectors enter through the stubs in interrupts.asm.</summary>
    internal static unsafe class Idt
    {
        private static ulong* s_table;

        public static void Initialize()
        {
            s_table = (ulong*)KernelHeap.Allocate(256 * 16);
            ulong* stubs = Cpu.InterruptStubTable();
            for (int vector = 0; vector < 256; vector++)
            {
                int ist = vector switch
                {
                    Interrupts.DoubleFault => Gdt.DoubleFaultStack,
                    Interrupts.NonMaskable or Interrupts.MachineCheck => Gdt.NmiStack,
                    // Faults the kernel may turn into exceptions get their own stack: the handler then writes a
                    // return address below the faulting stack pointer without touching its own frame.
                    Interrupts.PageFault => Gdt.PageFaultStack,
                    Interrupts.DivideError => Gdt.DivideErrorStack,
                    _ => 0,
                };
                SetGate(vector, stubs[vector], ist, vector == UserMode.SoftwareInterruptVector ? 3 : 0);
            }
            Load();
        }

        /// <summary>Loads the one table on the calling CPU (every processor shares it; each has its own interrupt stacks
        /// through its own TSS).</summary>
        public static void Load()
        {
            DescriptorPointer pointer;
            pointer.Limit = 256 * 16 - 1;
            pointer.Base = (ulong)s_table;
            Cpu.LoadIdt(&pointer);
        }

        /// <summary>A 64-bit interrupt gate (interrupts off on entry) into the kernel code segment. Only the system-call
        /// vector has privilege level 3, so INT n from ring 3 reaches no other (it faults instead).</summary>
        private static void SetGate(int vector, ulong handler, int ist, int privilege)
        {
            ulong low = (handler & 0xFFFF)
                | ((ulong)Gdt.KernelCode << 16)
                | ((ulong)(ist & 7) << 32)
                | ((0x8EUL | ((ulong)(privilege & 3) << 5)) << 40)
                | (((handler >> 16) & 0xFFFF) << 48);
            s_table[vector * 2] = low;
            s_table[vector * 2 + 1] = handler >> 32;
        }
    }
}

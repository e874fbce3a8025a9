using System.Runtime;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Arch
{
    /// <summary>The instructions C# cannot express, implemented in Arch/cpu.asm and called directly (no transition).</summary>
    internal static unsafe class Cpu
    {
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_outb")] public static extern void OutByte(ushort port, byte value);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_outw")] public static extern void OutWord(ushort port, ushort value);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_outd")] public static extern void OutDword(ushort port, uint value);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_inb")] public static extern byte InByte(ushort port);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_inw")] public static extern ushort InWord(ushort port);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_ind")] public static extern uint InDword(ushort port);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_runtime_rdtsc")] public static extern ulong ReadTsc(); // Native/runtime.asm
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_cpuid")] public static extern void CpuId(uint leaf, uint subleaf, uint* registers);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_cr0")] public static extern ulong ReadCr0();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_cr2")] public static extern ulong ReadCr2();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_cr3")] public static extern ulong ReadCr3();
        /// <summary>Whether boot enabled AVX state, so the system-call exits clear the vector registers with one vzeroall.</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_avx_clearing")] public static extern bool AvxClearing();
        /// <summary>For tests: take the sixteen-xorps form of the exits' clearing (false), or vzeroall again (true, only
        /// where <see cref="AvxClearing"/> was true at boot).</summary>
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_set_avx_clearing")] public static extern void SetAvxClearing(bool enabled);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_cr4")] public static extern ulong ReadCr4();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_write_cr3")] public static extern void WriteCr3(ulong value);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_write_cr4")] public static extern void WriteCr4(ulong value);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_rdmsr")] public static extern ulong ReadMsr(uint msr);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_wrmsr")] public static extern void WriteMsr(uint msr, ulong value);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_invlpg")] public static extern void InvalidatePage(ulong address);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_load_gdt")] public static extern void LoadGdt(void* pointer, ulong codeSelector, ulong dataSelector);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_load_tss")] public static extern void LoadTaskRegister(ushort selector);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_load_idt")] public static extern void LoadIdt(void* pointer);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_enable_interrupts")] public static extern void EnableInterrupts();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_disable_interrupts")] public static extern void DisableInterrupts();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_halt")] public static extern void HaltForever();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_wait_for_interrupt")] public static extern void WaitForInterrupt();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_pause")] public static extern void Pause();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_rflags")] public static extern ulong ReadFlags();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_save_flags_disable_interrupts")] public static extern ulong SaveFlagsAndDisableInterrupts();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_rbp")] public static extern ulong ReadFramePointer();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_rsp")] public static extern ulong ReadStackPointer();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_kernel_image_start")] public static extern byte* KernelImageStart();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_kernel_image_end")] public static extern byte* KernelImageEnd();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_modules_start")] public static extern void** ManagedModulesStart();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_modules_end")] public static extern void** ManagedModulesEnd();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_eh_frame_start")] public static extern byte* EhFrameStart();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_eh_frame_end")] public static extern byte* EhFrameEnd();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_write_gs_base")] public static extern void WriteGsBase(ulong value);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_read_gs_base")] public static extern ulong ReadGsBase();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_switch_stacks")] public static extern void SwitchStacks(ulong* saveStackPointer, ulong nextStackPointer);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_switch_stacks_and_space")] public static extern void SwitchStacksAndSpace(ulong* saveStackPointer, ulong nextStackPointer, ulong cr3);
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_thread_trampoline_address")] public static extern ulong ThreadTrampoline();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_boot_tsc")] public static extern ulong BootTsc();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_boot_stack_bottom")] public static extern byte* BootStackBottom();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_boot_stack_top")] public static extern byte* BootStackTop();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_ap_trampoline_start_address")] public static extern byte* ApTrampolineStart();   // Smp/ap.asm
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_ap_trampoline_end_address")] public static extern byte* ApTrampolineEnd();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_ap_parameters_address")] public static extern byte* ApParameters();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_processor_index")] public static extern int ProcessorIndex();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_isr_table_address")] public static extern ulong* InterruptStubTable();
    }
}

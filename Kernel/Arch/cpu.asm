; Instructions C# cannot express: port I/O, control registers, descriptor tables, MSRs, TSC, halting.
; Each routine follows the SysV calling convention (args in rdi, rsi, rdx, rcx) and is declared in
; Arch/Cpu.cs with [RuntimeImport].
bits 64
default rel
section .text

global sing_outb, sing_outw, sing_outd, sing_inb, sing_inw, sing_ind
sing_outb:
    mov edx, edi
    mov eax, esi
    out dx, al
    ret
sing_outw:
    mov edx, edi
    mov eax, esi
    out dx, ax
    ret
sing_outd:
    mov edx, edi
    mov eax, esi
    out dx, eax
    ret
sing_inb:
    mov edx, edi
    xor eax, eax
    in al, dx
    ret
sing_inw:
    mov edx, edi
    xor eax, eax
    in ax, dx
    ret
sing_ind:
    mov edx, edi
    in eax, dx
    ret

; void sing_cpuid(uint leaf, uint subleaf, uint* out /* eax, ebx, ecx, edx */)
global sing_cpuid
sing_cpuid:
    push rbx
    mov r8, rdx
    mov eax, edi
    mov ecx, esi
    cpuid
    mov [r8], eax
    mov [r8 + 4], ebx
    mov [r8 + 8], ecx
    mov [r8 + 12], edx
    pop rbx
    ret

global sing_read_cr0, sing_read_cr2, sing_read_cr3, sing_read_cr4, sing_write_cr3, sing_write_cr4
sing_read_cr0:
    mov rax, cr0
    ret
sing_read_cr2:
    mov rax, cr2
    ret
sing_read_cr3:
    mov rax, cr3
    ret
sing_read_cr4:
    mov rax, cr4
    ret
sing_write_cr3:
    mov cr3, rdi
    ret
sing_write_cr4:
    mov cr4, rdi
    ret

global sing_rdmsr, sing_wrmsr
sing_rdmsr:
    mov ecx, edi
    rdmsr
    shl rdx, 32
    or rax, rdx
    ret
sing_wrmsr:
    mov ecx, edi
    mov eax, esi
    mov rdx, rsi
    shr rdx, 32
    wrmsr
    ret

global sing_invlpg
sing_invlpg:
    invlpg [rdi]
    ret

; Load a GDT (rdi = pointer to limit/base), reload CS with selector rsi and data segments with rdx.
global sing_load_gdt
sing_load_gdt:
    lgdt [rdi]
    mov ds, dx
    mov es, dx
    mov ss, dx
    push rsi
    lea rax, [.reloaded]
    push rax
    retfq
.reloaded:
    ret

global sing_load_tss
sing_load_tss:
    ltr di
    ret

global sing_load_idt
sing_load_idt:
    lidt [rdi]
    ret

global sing_enable_interrupts, sing_disable_interrupts, sing_halt, sing_wait_for_interrupt, sing_pause
sing_enable_interrupts:
    sti
    ret
sing_disable_interrupts:
    cli
    ret
; Halt with interrupts off forever.
sing_halt:
    cli
.again:
    hlt
    jmp .again
; Atomically enable interrupts and halt until the next one arrives.
sing_wait_for_interrupt:
    sti
    hlt
    ret
sing_pause:
    pause
    ret

; The caller's frame pointer (this routine has no frame of its own).
global sing_read_rbp
sing_read_rbp:
    mov rax, rbp
    ret

global sing_read_rflags, sing_read_rsp, sing_save_flags_disable_interrupts
sing_read_rflags:
    pushfq
    pop rax
    ret
; RFLAGS before the CLI: one call where the scheduler's every critical section needed two.
sing_save_flags_disable_interrupts:
    pushfq
    pop rax
    cli
    ret
sing_read_rsp:
    lea rax, [rsp + 8]
    ret

; Address accessors for linker-defined symbols.
extern __kernel_start, __kernel_end, __modules_start, __modules_end, boot_tsc
extern boot_stack_bottom, boot_stack_top
global sing_kernel_image_start, sing_kernel_image_end, sing_modules_start, sing_modules_end, sing_boot_tsc
global sing_boot_stack_bottom, sing_boot_stack_top
sing_kernel_image_start:
    lea rax, [__kernel_start]
    ret
sing_kernel_image_end:
    lea rax, [__kernel_end]
    ret
sing_modules_start:
    lea rax, [__modules_start]
    ret
sing_modules_end:
    lea rax, [__modules_end]
    ret
sing_boot_tsc:
    mov rax, [boot_tsc]
    ret
sing_boot_stack_bottom:
    lea rax, [boot_stack_bottom]
    ret
sing_boot_stack_top:
    lea rax, [boot_stack_top]
    ret

; Raises #UD (used by the invalid-opcode fault test).
global sing_ud2
sing_ud2:
    ud2
    ret

extern __eh_frame_start, __eh_frame_end
global sing_eh_frame_start, sing_eh_frame_end
sing_eh_frame_start:
    lea rax, [__eh_frame_start]
    ret
sing_eh_frame_end:
    lea rax, [__eh_frame_end]
    ret

; GS base (IA32_GS_BASE): the running thread's runtime slots; rewritten on every context switch, with wrgsbase
; when boot enabled FSGSBASE, else through the MSR.
extern sing_fsgsbase
global sing_write_gs_base, sing_read_gs_base
sing_write_gs_base:
    cmp byte [rel sing_fsgsbase], 0
    je .msr
    wrgsbase rdi
    ret
.msr:
    mov ecx, 0xC0000101
    mov eax, edi
    mov rdx, rdi
    shr rdx, 32
    wrmsr
    ret
sing_read_gs_base:
    mov ecx, 0xC0000101
    rdmsr
    shl rdx, 32
    or rax, rdx
    ret

; Whether the system-call exits clear the vector registers with vzeroall (boot enabled AVX state), and a switch
; for tests to take the SSE form instead (never to turn vzeroall on where boot did not enable AVX state).
extern sing_avx
global sing_avx_clearing, sing_set_avx_clearing
sing_avx_clearing:
    movzx eax, byte [rel sing_avx]
    ret
sing_set_avx_clearing:
    mov [rel sing_avx], dil
    ret

; ulong sing_window_lookup(ulong window, ulong handle, ulong expectedType): seed 003's capability lookup through
; the MMU (Abi/Handles/HandleWindow.cs). The entry of the handle's slot (low 17 bits: HandleWindow.SlotsPerWindow) is
; at window + 16 * slot; its first word must be the whole handle and the handle's type (top byte) the expected one,
; then the second word, the object's address, is the answer; else 0. A load from a page the window leaves unmapped
; faults: the page-fault handler sees the fault at .load and resumes at .fixup, which answers 0 as well.
; sing_window_lookup_sites(ulong* out) gives the two addresses.
global sing_window_lookup, sing_window_lookup_sites
sing_window_lookup:
    mov eax, esi
    and eax, 0x1FFFF
    shl rax, 4
    add rdi, rax
.load:
    mov rax, [rdi]
    cmp rax, rsi
    jne .fixup
    shr rax, 56
    cmp eax, edx
    jne .fixup
    mov rax, [rdi + 8]
    ret
.fixup:
    xor eax, eax
    ret
sing_window_lookup_sites:
    lea rax, [sing_window_lookup.load]
    mov [rdi], rax
    lea rax, [sing_window_lookup.fixup]
    mov [rdi + 8], rax
    ret

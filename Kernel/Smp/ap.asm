; Application-processor start. The BSP copies the trampoline (sing_ap_trampoline .. sing_ap_trampoline_end) to the
; physical page TRAMPOLINE_BASE below 1 MiB, fills in its parameter block (ApStartParameters in Processors.cs) and
; sends INIT-SIPI-SIPI with that page's number. The AP wakes in real mode at TRAMPOLINE_BASE:0, loads the BSP's
; control registers and EFER, and enters long mode in one step (CR0.PE and CR0.PG together), then jumps to
; sing_ap_entry64 in the kernel image, which takes its stack and runtime slots from the parameter block and calls
; sing_ap_main. The trampoline is copied, never executed in place, so its addresses are computed for the copy.
bits 16
default abs

TRAMPOLINE_BASE equ 0x8000
%define AT_COPY(label) (TRAMPOLINE_BASE + ((label) - sing_ap_trampoline))

; Offsets in the parameter block; ApStartParameters declares the same layout.
PARAM_CR0       equ 0
PARAM_CR3       equ 4
PARAM_CR4_REAL  equ 8
PARAM_EFER      equ 16
PARAM_CR4       equ 24
PARAM_STACK     equ 32
PARAM_SLOTS     equ 40
PARAM_INDEX     equ 48

section .rodata
align 16
global sing_ap_trampoline, sing_ap_trampoline_end, sing_ap_parameters
sing_ap_trampoline:
    cli
    cld
    xor ax, ax
    mov ds, ax
    o32 lgdt [AT_COPY(ap_gdt_pointer)]
    mov eax, [AT_COPY(sing_ap_parameters) + PARAM_CR4_REAL]
    mov cr4, eax
    mov eax, [AT_COPY(sing_ap_parameters) + PARAM_CR3]
    mov cr3, eax
    mov ecx, 0xC0000080
    mov eax, [AT_COPY(sing_ap_parameters) + PARAM_EFER]
    mov edx, [AT_COPY(sing_ap_parameters) + PARAM_EFER + 4]
    wrmsr
    mov eax, [AT_COPY(sing_ap_parameters) + PARAM_CR0]
    mov cr0, eax                    ; PE and PG at once: long mode (compatibility) until the far jump
    jmp dword 0x08:AT_COPY(ap_long_mode)

bits 64
ap_long_mode:
    mov rax, sing_ap_entry64
    jmp rax

align 8
ap_gdt:
    dq 0
    dq 0x00AF9A000000FFFF           ; 64-bit code, ring 0 (selector 0x08, as the kernel's GDT)
    dq 0x00CF92000000FFFF           ; data, ring 0 (0x10)
ap_gdt_pointer:
    dw ap_gdt_pointer - ap_gdt - 1
    dd AT_COPY(ap_gdt)

align 8
sing_ap_parameters:
    times 56 db 0
sing_ap_trampoline_end:

section .text
extern sing_ap_main

; Long mode in the kernel image, still on no stack: segment registers, the BSP's full CR4 (PCIDE can only be set
; here), the BSP's XCR0 when it enabled AVX state, the stack and GS base (runtime slots) the BSP chose for this AP.
sing_ap_entry64:
    mov ax, 0x10
    mov ds, ax
    mov es, ax
    mov ss, ax
    xor ax, ax
    mov fs, ax
    mov gs, ax
    mov rbx, AT_COPY(sing_ap_parameters)
    mov rax, [rbx + PARAM_CR4]
    mov cr4, rax
    test eax, 1 << 18               ; OSXSAVE
    jz .no_xsave
    xor ecx, ecx
    xor edx, edx
    mov eax, 7                      ; x87 | SSE | AVX, as boot.asm sets it on the BSP
    xsetbv
.no_xsave:
    mov rsp, [rbx + PARAM_STACK]
    mov ecx, 0xC0000101
    mov rax, [rbx + PARAM_SLOTS]
    mov rdx, rax
    shr rdx, 32
    wrmsr
    mov edi, [rbx + PARAM_INDEX]
    xor rbp, rbp
    call sing_ap_main
.hang:
    cli
    hlt
    jmp .hang

; The calling processor's index: the Processor field of the running thread's runtime slots (KernelThread.RuntimeSlots),
; which the GS base points at; an application processor's own slots carry its index.
SLOT_PROCESSOR equ 48
global sing_processor_index
sing_processor_index:
    mov eax, [gs:SLOT_PROCESSOR]
    ret

; Addresses of the trampoline template for Processors.cs.
global sing_ap_trampoline_start_address, sing_ap_trampoline_end_address, sing_ap_parameters_address
sing_ap_trampoline_start_address:
    lea rax, [rel sing_ap_trampoline]
    ret
sing_ap_trampoline_end_address:
    lea rax, [rel sing_ap_trampoline_end]
    ret
sing_ap_parameters_address:
    lea rax, [rel sing_ap_parameters]
    ret

; void sing_call_with_registers_saved(ulong* stackPointer): pushes every callee-saved register, stores the stack pointer
; at [rdi] and calls sing_kernel_lock_spin (Smp/KernelLock.cs), so a collector stopping the world while this CPU waits for
; the kernel lock finds every reference the waiting frames hold on the stack below that pointer.
extern sing_kernel_lock_spin
global sing_call_with_registers_saved
sing_call_with_registers_saved:
    push rbp
    mov rbp, rsp
    push rbx
    push r12
    push r13
    push r14
    push r15
    sub rsp, 8                      ; 16-byte alignment for the call
    mov [rdi], rsp
    call sing_kernel_lock_spin
    add rsp, 8
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    ret

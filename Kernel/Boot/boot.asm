; Multiboot2 entry: GRUB enters in 32-bit protected mode with paging off. We build identity-mapped page
; tables for the first 4 GiB (2 MiB pages, except the first 2 MiB which use 4 KiB pages so that page 0
; can stay unmapped and catch null dereferences), switch to long mode, enable SSE (managed code uses it
; freely) and call the C# kernel entry point.
bits 32
default rel

MB2_MAGIC        equ 0xe85250d6
MB2_ARCH_I386    equ 0
MB2_BOOT_MAGIC   equ 0x36d76289

section .multiboot2 progbits alloc noexec nowrite align=8
mb2_header:
    dd MB2_MAGIC
    dd MB2_ARCH_I386
    dd mb2_header_end - mb2_header
    dd -(MB2_MAGIC + MB2_ARCH_I386 + (mb2_header_end - mb2_header))
    ; Framebuffer tag, optional, any mode: UEFI has no VGA text, and without it GRUB warns that the OS gets no
    ; console. The kernel's console is the serial port; it ignores the framebuffer (BIOS keeps text: grub.cfg.in).
    dw 5
    dw 1
    dd 20
    dd 0, 0, 0
    align 8
    ; end tag
    dw 0
    dw 0
    dd 8
mb2_header_end:

section .boot32 progbits alloc exec nowrite align=16
global _start
extern sing_kernel_main
extern __bss_start
extern __bss_end

_start:
    cli
    cld
    mov edi, eax                    ; multiboot magic
    mov esi, ebx                    ; multiboot information (physical address)
    rdtsc
    mov [boot_tsc], eax
    mov [boot_tsc + 4], edx

    cmp edi, MB2_BOOT_MAGIC
    jne .no_multiboot

    ; Long mode available? (CPUID 0x80000001 EDX bit 29)
    mov eax, 0x80000000
    cpuid
    cmp eax, 0x80000001
    jb .no_long_mode
    mov eax, 0x80000001
    cpuid
    test edx, 1 << 29
    jz .no_long_mode

    ; Zero .bss (page tables and the boot stack live there). Keep edi/esi. No stack yet: the one the loader left is
    ; not ours (Multiboot2 leaves ESP undefined; under UEFI GRUB's ESP pointed into a module it had just loaded, and a
    ; push here wrote the magic into the system manifest), and ours is in the .bss being zeroed.
    mov ebp, edi
    mov edi, __bss_start
    mov ecx, __bss_end
    sub ecx, edi
    xor eax, eax
    rep stosb
    mov edi, ebp

    mov esp, boot_stack_top

    ; PML4[0] -> PDPT
    mov eax, pdpt
    or eax, 0x3
    mov [pml4], eax
    ; PDPT[0..3] -> four page directories (1 GiB each)
    mov ecx, 0
.fill_pdpt:
    mov eax, ecx
    shl eax, 12
    add eax, page_directories
    or eax, 0x3
    mov [pdpt + ecx * 8], eax
    inc ecx
    cmp ecx, 4
    jb .fill_pdpt
    ; 2048 PD entries of 2 MiB pages: present | writable | page size
    mov ecx, 0
.fill_pd:
    mov eax, ecx
    shl eax, 21
    or eax, 0x83
    mov [page_directories + ecx * 8], eax
    mov eax, ecx
    shr eax, 11                     ; high bits of physical address (ecx * 2 MiB >> 32)
    mov [page_directories + ecx * 8 + 4], eax
    inc ecx
    cmp ecx, 2048
    jb .fill_pd
    ; The first 2 MiB: a 4 KiB page table with page 0 left not-present.
    mov eax, low_page_table
    or eax, 0x3
    mov [page_directories], eax
    mov dword [page_directories + 4], 0
    mov ecx, 1
.fill_pt:
    mov eax, ecx
    shl eax, 12
    or eax, 0x3
    mov [low_page_table + ecx * 8], eax
    inc ecx
    cmp ecx, 512
    jb .fill_pt

    mov eax, pml4
    mov cr3, eax
    mov eax, cr4
    or eax, (1 << 5)                ; PAE
    mov cr4, eax
    mov ecx, 0xC0000080             ; EFER
    rdmsr
    or eax, (1 << 8)                ; LME
    wrmsr
    mov eax, cr0
    or eax, (1 << 31) | (1 << 16)   ; PG | WP
    mov cr0, eax

    lgdt [gdt64.pointer]
    jmp gdt64.code:long_mode_entry

.no_multiboot:
    mov esi, msg_no_multiboot
    jmp fatal32
.no_long_mode:
    mov esi, msg_no_long_mode
    jmp fatal32

; Print a NUL-terminated message on COM1 and halt (no long mode, so no C# yet).
fatal32:
    mov dx, 0x3F8
.next:
    lodsb
    test al, al
    jz .halt
    out dx, al
    jmp .next
.halt:
    hlt
    jmp .halt

bits 64
long_mode_entry:
    mov ax, gdt64.data
    mov ds, ax
    mov es, ax
    mov ss, ax
    xor ax, ax
    mov fs, ax
    mov gs, ax

    ; SSE: CR0.EM = 0, CR0.MP = 1, CR4.OSFXSR = 1, CR4.OSXMMEXCPT = 1
    mov rax, cr0
    and rax, ~(1 << 2)
    or rax, (1 << 1)
    mov cr0, rax
    mov rax, cr4
    or rax, (1 << 9) | (1 << 10)
    mov cr4, rax

    ; FSGSBASE (CPUID.(7,0):EBX bit 0): a context switch then sets the GS base with one wrgsbase instead of wrmsr
    ; (sing_write_gs_base reads sing_fsgsbase). CPUID clobbers only eax/ebx/ecx/edx; edi/esi carry boot values.
    xor eax, eax
    cpuid
    cmp eax, 7
    jb .no_fsgsbase
    mov eax, 7
    xor ecx, ecx
    cpuid
    test ebx, 1
    jz .no_fsgsbase
    mov rax, cr4
    or rax, (1 << 16)
    mov cr4, rax
    mov byte [sing_fsgsbase], 1
.no_fsgsbase:

    ; AVX state (CPUID.1:ECX XSAVE bit 26 and AVX bit 28): CR4.OSXSAVE and XCR0 = x87 | SSE | AVX, so the system-call
    ; exits clear all vector registers with one vzeroall (sing_avx) instead of sixteen xorps. Compiled code targets
    ; x86-64 (SSE2) and never uses the upper halves, so the interrupt stubs' fxsave still saves all live vector state.
    mov eax, 1
    cpuid
    and ecx, (1 << 26) | (1 << 28)
    cmp ecx, (1 << 26) | (1 << 28)
    jne .no_avx
    mov rax, cr4
    or rax, (1 << 18)
    mov cr4, rax
    xor ecx, ecx
    xor edx, edx
    mov eax, 7
    xsetbv
    mov byte [sing_avx], 1
.no_avx:

    mov rsp, boot_stack_top
    xor rbp, rbp
    ; GS base: the boot thread's runtime slots (per-thread allocation contexts) until the scheduler gives every
    ; thread its own; the kernel image lies below 4 GiB, so the high half is zero.
    mov ecx, 0xC0000101
    mov eax, boot_runtime_slots
    xor edx, edx
    wrmsr
    ; rdi = multiboot information pointer, rsi = magic (SysV order: first arg rdi)
    xchg rdi, rsi
    mov edi, edi
    mov esi, esi
    call sing_kernel_main
.hang:
    cli
    hlt
    jmp .hang

section .rodata
msg_no_multiboot: db "Singularity: not started by a Multiboot2 loader; halting.", 13, 10, 0
msg_no_long_mode: db "Singularity: this CPU has no 64-bit long mode; halting.", 13, 10, 0

align 16
gdt64:
    dq 0
.code: equ $ - gdt64
    dq 0x00AF9A000000FFFF           ; 64-bit code, ring 0
.data: equ $ - gdt64
    dq 0x00CF92000000FFFF           ; data, ring 0
.pointer:
    dw $ - gdt64 - 1
    dq gdt64

section .data
global sing_fsgsbase
sing_fsgsbase: db 0
global sing_avx
sing_avx: db 0
global boot_tsc
align 8
boot_tsc: dq 0
boot_runtime_slots: dq 0, 0, 0, 0, 0, 0, 0, 0, 0 ; see KernelThread.RuntimeSlots

section .bss
align 4096
pml4: resb 4096
pdpt: resb 4096
page_directories: resb 4096 * 4
low_page_table: resb 4096
global boot_stack_top
global boot_stack_bottom
boot_stack_guard: resb 4096            ; unmapped by the kernel: catches boot-stack overflow
boot_stack_bottom: resb 256 * 1024
boot_stack_top:

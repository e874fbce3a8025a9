; Ring 3: entering it, the SYSCALL entry and the SYSRET exit. While a thread runs in ring 3 the GS base holds the
; user's value and IA32_KERNEL_GS_BASE the thread's runtime slots (KernelThread.Slots); SWAPGS exchanges them at
; every crossing, so kernel code always finds its slots at GS. Slot 2 keeps the user stack pointer during a system
; call and slot 3 the top of the thread's kernel stack (UserMode.Enter sets both; the TSS's RSP0 holds the same
; top for interrupts from ring 3).
bits 64
default rel
section .text

USER_CODE equ 0x28 | 3
USER_DATA equ 0x20 | 3
SLOT_USER_RSP equ 16
SLOT_KERNEL_RSP equ 24

extern sing_syscall_dispatch

; void sing_enter_user(ulong rip, ulong rsp, ulong argument): never returns. The kernel frames below are given up:
; the thread comes back only through system calls and interrupts, on a fresh kernel stack.
global sing_enter_user
sing_enter_user:
    cli
    push USER_DATA                  ; ss
    push rsi                        ; rsp
    push 0x202                      ; rflags: interrupts on
    push USER_CODE                  ; cs
    push rdi                        ; rip
    mov rdi, rdx
    xor eax, eax
    xor ebx, ebx
    xor ecx, ecx
    xor edx, edx
    xor esi, esi
    xor ebp, ebp
    xor r8d, r8d
    xor r9d, r9d
    xor r10d, r10d
    xor r11d, r11d
    xor r12d, r12d
    xor r13d, r13d
    xor r14d, r14d
    xor r15d, r15d
    swapgs
    iretq

; SYSCALL: rax = entry number, arguments in rdi, rsi, rdx, r10, r8 (r10 stands for rcx, which the CPU uses for the
; return address; r11 holds the user's RFLAGS). Interrupts are off on entry (IA32_FMASK).
global sing_syscall_entry
sing_syscall_entry:
    swapgs
    mov [gs:SLOT_USER_RSP], rsp
    mov rsp, [gs:SLOT_KERNEL_RSP]
    push qword [gs:SLOT_USER_RSP]
    push rcx                        ; user rip
    push r11                        ; user rflags
    push rbp
    push rbx
    push r12
    push r13
    push r14
    push r15
    sub rsp, 8                      ; 16-byte alignment for the call
    sti
    mov rcx, r10
    mov r9, r8                      ; dispatch(number, a0, a1, a2, a3, a4)
    mov r8, rcx
    mov rcx, rdx
    mov rdx, rsi
    mov rsi, rdi
    mov rdi, rax
    cld
    call sing_syscall_dispatch
    cli
    add rsp, 8
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    pop r11
    pop rcx
    ; SYSRET to a non-canonical address faults in ring 0 on the user's stack; user code lives below 4 GiB, so
    ; such a return address cannot come from ring 3, and a kernel bug that made one stops here instead.
    mov rdx, rcx
    shr rdx, 47
    jnz .bad_return
    pop rsp
    ; Scratch registers other than the result would carry kernel values back to ring 3.
    xor esi, esi
    xor edi, edi
    xor r8d, r8d
    xor r9d, r9d
    xor r10d, r10d
    xor edx, edx
    swapgs
    o64 sysret
.bad_return:
    ud2

global sing_syscall_entry_address
sing_syscall_entry_address:
    lea rax, [sing_syscall_entry]
    ret

; SYSENTER (Intel CPUs only in 64-bit mode): rax = entry number, arguments in rdi, rsi, r8, r9, r10; the caller
; puts its return address in rdx and its stack pointer in rcx, which SYSEXIT loads back. The CPU has loaded RSP
; from IA32_SYSENTER_ESP (the thread's kernel stack top, set at each switch) and cleared IF.
global sing_sysenter_entry
sing_sysenter_entry:
    swapgs
    mov [gs:SLOT_USER_RSP], rcx
    push rcx                        ; user rsp
    push rdx                        ; user rip
    push rbp
    push rbx
    push r12
    push r13
    push r14
    push r15
    sti
    mov rcx, r8                     ; dispatch(number, rdi, rsi, r8, r9, r10)
    mov r8, r9
    mov r9, r10
    mov rdx, rsi
    mov rsi, rdi
    mov rdi, rax
    cld
    call sing_syscall_dispatch
    cli
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    pop rdx                         ; user rip
    pop rcx                         ; user rsp
    mov rsi, rdx                    ; as SYSRET: no return to a non-canonical address
    shr rsi, 47
    jnz .bad_return
    xor esi, esi
    xor edi, edi
    xor r8d, r8d
    xor r9d, r9d
    xor r10d, r10d
    xor r11d, r11d
    swapgs
    sti                             ; takes effect after SYSEXIT: no interrupt between here and ring 3
    o64 sysexit
.bad_return:
    ud2

global sing_sysenter_entry_address
sing_sysenter_entry_address:
    lea rax, [sing_sysenter_entry]
    ret

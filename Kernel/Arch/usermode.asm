; Ring 3: entering it, the SYSCALL and SYSENTER entries and their exits. While a thread runs in ring 3 the GS base holds the
; user's value and IA32_KERNEL_GS_BASE the thread's runtime slots (KernelThread.Slots); SWAPGS exchanges them at
; every crossing, so kernel code always finds its slots at GS. Slot 2 keeps the user stack pointer during a system
; call and slot 3 the top of the thread's kernel stack (UserMode.Enter sets both; the TSS's RSP0 holds the same
; top for interrupts from ring 3).
bits 64
default rel
section .text

extern sing_avx

USER_CODE equ 0x28 | 3
USER_DATA equ 0x20 | 3
SLOT_USER_RSP equ 16
SLOT_KERNEL_RSP equ 24

; With AVX state enabled (boot.asm sets sing_avx) one vzeroall clears them all; else sixteen xorps, placed out of line
; by CLEAR_VECTOR_REGISTERS_SSE with the same label prefix %1, which jumps back.
%macro CLEAR_VECTOR_REGISTERS 1
    cmp byte [rel sing_avx], 0
    je %1_sse
    vzeroall
%1_cleared:
%endmacro

%macro CLEAR_VECTOR_REGISTERS_SSE 1
%1_sse:
    xorps xmm0, xmm0
    xorps xmm1, xmm1
    xorps xmm2, xmm2
    xorps xmm3, xmm3
    xorps xmm4, xmm4
    xorps xmm5, xmm5
    xorps xmm6, xmm6
    xorps xmm7, xmm7
    xorps xmm8, xmm8
    xorps xmm9, xmm9
    xorps xmm10, xmm10
    xorps xmm11, xmm11
    xorps xmm12, xmm12
    xorps xmm13, xmm13
    xorps xmm14, xmm14
    xorps xmm15, xmm15
    jmp %1_cleared
%endmacro

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
    CLEAR_VECTOR_REGISTERS .vectors
    swapgs
    iretq
    CLEAR_VECTOR_REGISTERS_SSE .vectors

; The system-call table of the running thread lies in its GS slots 4 and 5 (KernelThread.RuntimeSlots: the entries'
; addresses and their count, set by UserMode.Enter). The entry stubs index it themselves and call the entry with
; the SysV C convention: a number at or past the count (a thread without a table has count 0) answers NoSuchCall
; (all ones) and calls nothing. The entry preserves RBX, RBP and R12-R15 as SysV requires, so only what the CPU
; handed over (return address, flags, user stack) is kept. On the way out every other register that kernel code
; may have left a value in is cleared: the scratch general registers and XMM0-15 (which the context switch does not
; save, so they could also carry another thread's values).
SLOT_CALLS equ 32
SLOT_CALL_COUNT equ 40
NO_SUCH_CALL equ -1

; Leaves the entry's address in r11 when rax < the thread's count (index masked so a mispredicted bound cannot
; reach past the table), else jumps to %1.
%macro LOOKUP_ENTRY 1
    cmp rax, [gs:SLOT_CALL_COUNT]
    jae %1
    sbb r11, r11
    and rax, r11
    mov r11, [gs:SLOT_CALLS]
    mov r11, [r11 + rax * 8]
%endmacro


; SYSCALL: rax = entry number, arguments in rdi, rsi, rdx, r10, r8 (r10 stands for rcx, which the CPU uses for the
; return address; r11 holds the user's RFLAGS). Interrupts, DF and AC are off on entry (IA32_FMASK).
global sing_syscall_entry
sing_syscall_entry:
    swapgs
    mov [gs:SLOT_USER_RSP], rsp     ; also where the SIP's collector finds the end of its frames
    mov rsp, [gs:SLOT_KERNEL_RSP]
    push rcx                        ; user rip
    push r11                        ; user rflags (the stack stays 16-byte aligned for the call)
    LOOKUP_ENTRY .no_such_call
    sti
    mov rcx, r10                    ; entry(rdi, rsi, rdx, rcx, r8)
    call r11
    cli
.leave:
    pop r11
    pop rcx
    ; SYSRET to a non-canonical address faults in ring 0 on the user's stack; user code lives below 4 GiB, so
    ; such a return address cannot come from ring 3, and a kernel bug that made one stops here instead.
    mov rdx, rcx
    shr rdx, 47                     ; rdx = 0 from here on
    jnz .bad_return
    xor esi, esi
    xor edi, edi
    xor r8d, r8d
    xor r9d, r9d
    xor r10d, r10d
    CLEAR_VECTOR_REGISTERS .vectors
    mov rsp, [gs:SLOT_USER_RSP]     ; no interrupt can come from ring 3 during the call: the slot is intact
    swapgs
    o64 sysret
.no_such_call:
    mov rax, NO_SUCH_CALL
    jmp .leave
.bad_return:
    ud2
    CLEAR_VECTOR_REGISTERS_SSE .vectors

global sing_syscall_entry_address
sing_syscall_entry_address:
    lea rax, [sing_syscall_entry]
    ret

; SYSENTER (Intel CPUs only in 64-bit mode): rax = entry number, arguments in rdi, rsi, r8, r9, r10; the caller
; puts its return address in rdx and its stack pointer in rcx, which SYSEXIT loads back. The CPU has loaded RSP
; from IA32_SYSENTER_ESP (the thread's kernel stack top, set at each switch) and cleared IF (not DF).
global sing_sysenter_entry
sing_sysenter_entry:
    swapgs
    mov [gs:SLOT_USER_RSP], rcx
    push rcx                        ; user rsp
    push rdx                        ; user rip
    LOOKUP_ENTRY .no_such_call
    sti
    cld
    mov rdx, r8                     ; entry(rdi, rsi, r8, r9, r10)
    mov rcx, r9
    mov r8, r10
    call r11
    cli
.leave:
    pop rdx                         ; user rip
    pop rcx                         ; user rsp
    mov rsi, rdx                    ; as SYSRET: no return to a non-canonical address
    shr rsi, 47                     ; rsi = 0 from here on
    jnz .bad_return
    xor edi, edi
    xor r8d, r8d
    xor r9d, r9d
    xor r10d, r10d
    xor r11d, r11d
    CLEAR_VECTOR_REGISTERS .vectors
    swapgs
    sti                             ; takes effect after SYSEXIT: no interrupt between here and ring 3
    o64 sysexit
.no_such_call:
    mov rax, NO_SUCH_CALL
    jmp .leave
.bad_return:
    ud2
    CLEAR_VECTOR_REGISTERS_SSE .vectors

global sing_sysenter_entry_address
sing_sysenter_entry_address:
    lea rax, [sing_sysenter_entry]
    ret

; Interrupt and exception entry stubs. Each vector pushes an error code (a zero where the CPU pushes
; none) and its number, then the common path saves every general register and the SSE state (C# code
; uses XMM registers freely), and calls the C# dispatcher with a pointer to the saved frame.
bits 64
default rel
section .text

extern sing_interrupt_dispatch

%macro ISR_NOERR 1
isr_%1:
    push 0
    push %1
    jmp isr_common
%endmacro

%macro ISR_ERR 1
isr_%1:
    push %1
    jmp isr_common
%endmacro

; Vectors with a CPU-pushed error code: 8, 10-14, 17, 21, 29, 30.
%assign v 0
%rep 256
  %if v == 8 || (v >= 10 && v <= 14) || v == 17 || v == 21 || v == 29 || v == 30
    ISR_ERR v
  %else
    ISR_NOERR v
  %endif
  %assign v v + 1
%endrep

; Frame layout (from the stack pointer passed to C#): r15 ... rax (15 registers), vector, error code,
; then what the CPU pushed: rip, cs, rflags, rsp, ss.
isr_common:
    ; From ring 3 (the CS the CPU pushed has RPL 3): take the kernel's GS base (see usermode.asm).
    ; Where the thread left ring 3 goes to its slot 2 (KernelThread.RuntimeSlots.Reserved0): the end of its SIP
    ; frames for its collector.
    test qword [rsp + 24], 3
    jz .from_kernel
    swapgs
    push rax
    mov rax, [rsp + 48]             ; the rsp the CPU pushed (above rax, vector, error code, rip, cs, rflags)
    mov [gs:16], rax
    pop rax
.from_kernel:
    push rax
    push rbx
    push rcx
    push rdx
    push rsi
    push rdi
    push rbp
    push r8
    push r9
    push r10
    push r11
    push r12
    push r13
    push r14
    push r15
    mov rdi, rsp                    ; InterruptFrame*
    mov rbx, rsp                    ; callee-saved: restore point
    sub rsp, 512
    and rsp, ~0xF
    fxsave64 [rsp]
    cld
    call sing_interrupt_dispatch
    fxrstor64 [rsp]
    mov rsp, rbx
    pop r15
    pop r14
    pop r13
    pop r12
    pop r11
    pop r10
    pop r9
    pop r8
    pop rbp
    pop rdi
    pop rsi
    pop rdx
    pop rcx
    pop rbx
    pop rax
    add rsp, 16                     ; vector and error code
    test qword [rsp + 8], 3
    jz .to_kernel
    swapgs
.to_kernel:
    iretq

section .rodata
align 8
global sing_isr_table
sing_isr_table:
%assign v 0
%rep 256
    dq isr_ %+ v
  %assign v v + 1
%endrep

section .text
global sing_isr_table_address
sing_isr_table_address:
    lea rax, [sing_isr_table]
    ret

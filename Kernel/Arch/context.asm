; Thread context switch. A thread that is not running is described by its saved stack pointer; its stack
; holds, from that pointer up: RFLAGS (so the interrupt flag follows the thread), R15, R14, R13, R12,
; RBX, RBP and the address to return to. Everything else is caller-saved under the SysV ABI, and a thread
; preempted by an interrupt has its full state in the interrupt frame below these.
bits 64
default rel
section .text

%macro SAVE_THREAD 0
    push rbp
    push rbx
    push r12
    push r13
    push r14
    push r15
    pushfq
    mov [rdi], rsp
%endmacro

; void sing_switch_stacks(ulong* saveStackPointer, ulong nextStackPointer)
global sing_switch_stacks
sing_switch_stacks:
    SAVE_THREAD
resume_thread:
    mov rsp, rsi
    popfq
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    ret

; void sing_switch_stacks_and_space(ulong* saveStackPointer, ulong nextStackPointer, ulong cr3)
; As sing_switch_stacks, loading CR3 in between: no stack is touched while the address space changes, so the old
; thread's stack need not be mapped in the new space nor the new one's in the old.
global sing_switch_stacks_and_space
sing_switch_stacks_and_space:
    SAVE_THREAD
    mov cr3, rdx
    jmp resume_thread

; First instructions of every new thread: R12 holds the thread's id (placed by the creator).
extern sing_thread_entry
global sing_thread_trampoline
sing_thread_trampoline:
    mov rdi, r12
    xor rbp, rbp
    call sing_thread_entry
    ud2

global sing_thread_trampoline_address
sing_thread_trampoline_address:
    lea rax, [sing_thread_trampoline]
    ret

; The running thread: the Thread field of the runtime slots the GS base points at (KernelThread.RuntimeSlots), 0 before
; the scheduler made the boot context a thread (and in an application processor's slots before it runs one).
SLOT_THREAD equ 56
global sing_current_thread
sing_current_thread:
    mov rax, [gs:SLOT_THREAD]
    ret

; The run state of the processor the running thread runs on (Threading.ProcessorRunState): the slots' RunState field.
SLOT_RUN_STATE equ 64
global sing_current_run_state
sing_current_run_state:
    mov rax, [gs:SLOT_RUN_STATE]
    ret

; Exception-handling entry points. Layout of RegisterContext (ExceptionHandling/RegisterContext.cs):
;   0 Rip, 8 Rsp, 16 Rbp, 24 Rbx, 32 R12, 40 R13, 48 R14, 56 R15, 64 RipIsExact
bits 64
default rel
section .text
extern sing_dispatch_exception
extern sing_dispatch_rethrow
extern sing_dispatch_hardware_exception

; Fill a RegisterContext at [rsp] describing the caller of the current routine, whose return address is
; at [rsp + %1] (the routine has moved RSP down by %1 bytes since entry).
%macro CAPTURE_CALLER 1
    mov rax, [rsp + %1]
    mov [rsp + 0], rax
    lea rax, [rsp + %1 + 8]
    mov [rsp + 8], rax
    mov [rsp + 16], rbp
    mov [rsp + 24], rbx
    mov [rsp + 32], r12
    mov [rsp + 40], r13
    mov [rsp + 48], r14
    mov [rsp + 56], r15
    mov qword [rsp + 64], 0
%endmacro

; void RhpThrowEx(object exception) - compiler-generated `throw`.
global RhpThrowEx
RhpThrowEx:
    sub rsp, 72                     ; 9 slots; entry RSP was 8 mod 16, so this is 16-aligned
    CAPTURE_CALLER 72
    mov rsi, rsp
    call sing_dispatch_exception
    int3

; void RhpRethrow() - `throw;` inside a catch block.
global RhpRethrow
RhpRethrow:
    sub rsp, 72
    CAPTURE_CALLER 72
    mov rdi, rsp
    call sing_dispatch_rethrow
    int3

; Entered by `iretq` from a CPU exception handler that redirected the faulting context here:
; RDI = exception kind, RSI = faulting RIP, and the faulting RIP was pushed as if by a call, so the
; frame looks like the faulting method called us. Its RIP is exact (not a return address).
global sing_throw_from_fault
sing_throw_from_fault:
    sub rsp, 72
    CAPTURE_CALLER 72
    mov qword [rsp + 64], 1
    mov rsi, rsp
    and rsp, -16                    ; the fault may have hit code with an unaligned stack
    call sing_dispatch_hardware_exception
    int3

; Same as sing_throw_from_fault, entered by a jump from a stub whose caller's return address is on the
; stack (so the RIP is a return address, not exact). RDI = exception kind.
global sing_throw_from_call
sing_throw_from_call:
    sub rsp, 72
    CAPTURE_CALLER 72
    mov rsi, rsp
    call sing_dispatch_hardware_exception
    int3

; void sing_capture_caller_context(RegisterContext* context) - the calling frame as it is at this call (RIP the
; return address, RSP after the return, callee-saved registers unchanged by this leaf), for stack walks.
global sing_capture_caller_context
sing_capture_caller_context:
    mov rax, [rsp]
    mov [rdi + 0], rax
    lea rax, [rsp + 8]
    mov [rdi + 8], rax
    mov [rdi + 16], rbp
    mov [rdi + 24], rbx
    mov [rdi + 32], r12
    mov [rdi + 40], r13
    mov [rdi + 48], r14
    mov [rdi + 56], r15
    mov qword [rdi + 64], 0
    ret

; void* sing_call_funclet(void* funclet, object argument, RegisterContext* parentFrame)
; Calls a catch/filter/finally funclet with the parent frame's callee-saved registers (funclets reach the
; parent's locals through RBP) and returns what it returns (resume address or filter verdict).
global sing_call_funclet
global sing_call_funclet_return_address
sing_call_funclet:
    push rbp
    push rbx
    push r12
    push r13
    push r14
    push r15
    sub rsp, 8
    mov rax, rdi
    mov rdi, rsi
    mov rbp, [rdx + 16]
    mov rbx, [rdx + 24]
    mov r12, [rdx + 32]
    mov r13, [rdx + 40]
    mov r14, [rdx + 48]
    mov r15, [rdx + 56]
    call rax
.returned:
    add rsp, 8
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    ret

sing_call_funclet_return_address:
    lea rax, [sing_call_funclet.returned]
    ret

; void sing_resume_at(RegisterContext* frame, void* address) - continue the catching frame after its handler.
global sing_resume_at
sing_resume_at:
    mov rax, rsi
    mov rbx, [rdi + 24]
    mov r12, [rdi + 32]
    mov r13, [rdi + 40]
    mov r14, [rdi + 48]
    mov r15, [rdi + 56]
    mov rbp, [rdi + 16]
    mov rsp, [rdi + 8]
    jmp rax

global sing_throw_from_fault_address
sing_throw_from_fault_address:
    lea rax, [sing_throw_from_fault]
    ret

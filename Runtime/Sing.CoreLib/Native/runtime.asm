; Runtime helpers that must be written in assembly because generated code assumes they preserve
; registers the normal calling convention would let them clobber. Shared by every image (kernel and SIPs).
bits 64
default rel
section .text

; Write barriers: store a reference. The collector is non-generational and non-moving, so no card
; marking is needed; the barrier is the store itself. RDI = destination, RSI = reference.
global RhpAssignRef
global RhpCheckedAssignRef
RhpAssignRef:
RhpCheckedAssignRef:
    mov [rdi], rsi
    ret

; Copy one reference from [RSI] to [RDI] and advance both by 8 (used for struct copies with references).
global RhpByRefAssignRef
RhpByRefAssignRef:
    mov rcx, [rsi]
    mov [rdi], rcx
    add rdi, 8
    add rsi, 8
    ret

global RhDebugBreak
RhDebugBreak:
    int3
    ret

; Stack-buffer-overrun cookie that JIT-compiled methods with stackalloc buffers check on return
; (a mismatch calls RhpFallbackFailFast). A fixed value: it catches accidental overruns, which is
; its purpose in a memory-safe system; nothing here needs it to be secret.
section .data
global __security_cookie
align 8
__security_cookie: dq 0x2B992DDFA232D4E5

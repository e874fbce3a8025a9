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

; After a call that makes no GC transition (the ABI's entries, CallConvSuppressGCTransition), generated code
; polls this flag and calls RhpGcPoll when it is set. This runtime never suspends threads cooperatively (its
; collectors scan stacks up to the ABI crossing marks), so the flag stays zero and the poll is one compare.
global RhpTrapThreads
align 4
RhpTrapThreads: dd 0
section .text
global RhpGcPoll
RhpGcPoll:
    ret

; Stack probe, called by ILC in the prolog of a method whose frame spans several pages, before RSP moves: R11 holds the
; lowest address of the new frame. Every page from the one below RSP's down to R11's is read, in order, so a frame
; larger than a guard page still meets the guard (the thread's stack overflow) before anything is written past it.
; Clobbers RAX; R11 and RSP are kept.
global RhpStackProbe
RhpStackProbe:
    mov rax, rsp
    and rax, -4096                  ; the page RSP lies in (already touched)
.next_page:
    sub rax, 4096
    test [rax], al                  ; a read: faults on a guard page, changes nothing
    cmp rax, r11
    ja .next_page
    ret

; ---------------------------------------------------------------------------------------------
; Interface dispatch. An interface call site does `lea r11, [cell]; call [r11]` with `this` in RDI.
; A cell starts at RhpInitialDynamicInterfaceDispatch, which asks the managed resolver for the
; target, caches it in the cell (monomorphic cache) and jumps there with every argument register
; intact. Later calls go through sing_interface_dispatch_cached: one compare and an indirect jump.
; ---------------------------------------------------------------------------------------------
section .text
extern sing_resolve_interface_call

global RhpInitialDynamicInterfaceDispatch
RhpInitialDynamicInterfaceDispatch:
    test rdi, rdi
    jz sing_interface_call_on_null
    push rbp
    mov rbp, rsp
    push rdi
    push rsi
    push rdx
    push rcx
    push r8
    push r9
    sub rsp, 8 * 16                 ; xmm0-7 (16 bytes each); keeps RSP 16-byte aligned
    movdqu [rsp + 0x00], xmm0
    movdqu [rsp + 0x10], xmm1
    movdqu [rsp + 0x20], xmm2
    movdqu [rsp + 0x30], xmm3
    movdqu [rsp + 0x40], xmm4
    movdqu [rsp + 0x50], xmm5
    movdqu [rsp + 0x60], xmm6
    movdqu [rsp + 0x70], xmm7
    mov rsi, r11                    ; (object this, InterfaceDispatchCell* cell)
    call sing_resolve_interface_call
    mov r11, rax
    movdqu xmm0, [rsp + 0x00]
    movdqu xmm1, [rsp + 0x10]
    movdqu xmm2, [rsp + 0x20]
    movdqu xmm3, [rsp + 0x30]
    movdqu xmm4, [rsp + 0x40]
    movdqu xmm5, [rsp + 0x50]
    movdqu xmm6, [rsp + 0x60]
    movdqu xmm7, [rsp + 0x70]
    add rsp, 8 * 16
    pop r9
    pop r8
    pop rcx
    pop rdx
    pop rsi
    pop rdi
    pop rbp
    jmp r11

; Cached path: [r11 + 8] points at { MethodTable* type; void* target; ... }.
global sing_interface_dispatch_cached
sing_interface_dispatch_cached:
    test rdi, rdi
    jz sing_interface_call_on_null
    mov rax, [r11 + 8]
    mov r10, [rdi]
    cmp r10, [rax]
    jne RhpInitialDynamicInterfaceDispatch
    jmp [rax + 8]

; An interface call on a null reference: raise NullReferenceException as if the call site threw it
; (the return address on the stack is the caller's).
extern sing_throw_from_call
sing_interface_call_on_null:
    mov edi, 1                      ; HardwareExceptions.NullReference
    jmp sing_throw_from_call

global sing_cached_dispatch_stub_address
sing_cached_dispatch_stub_address:
    lea rax, [sing_interface_dispatch_cached]
    ret

; void sing_gc_spill_registers_and_call(void (*scan)(nint* stackPointer))
; Pushes every callee-saved register so that references held only in registers are on the stack the
; conservative scan reads, then calls scan with the current stack pointer.
global sing_gc_spill_registers_and_call
sing_gc_spill_registers_and_call:
    push rbp
    mov rbp, rsp
    push rbx
    push r12
    push r13
    push r14
    push r15
    sub rsp, 8
    mov rax, rdi
    mov rdi, rsp
    call rax
    add rsp, 8
    pop r15
    pop r14
    pop r13
    pop r12
    pop rbx
    pop rbp
    ret

; Serialized TSC read: lfence keeps earlier instructions from drifting past the read. Used by the
; runtime (GC pauses, Stopwatch) and the kernel.
global sing_runtime_rdtsc
sing_runtime_rdtsc:
    lfence
    rdtsc
    shl rdx, 32
    or rax, rdx
    ret

; CPUID leaf 1's ECX (feature flags: bit 30 = RDRAND). CPUID is unprivileged, so this runs in ring 0 and ring 3.
; uint sing_runtime_cpuid1_ecx(void)
global sing_runtime_cpuid1_ecx
sing_runtime_cpuid1_ecx:
    push rbx
    mov eax, 1
    xor ecx, ecx
    cpuid
    mov eax, ecx
    pop rbx
    ret

; One 64-bit RDRAND value, retried up to 10 times while the CPU reports none ready (CF = 0), as Intel advises.
; Returns 0 when all ten attempts failed (the caller treats 0 as a failure: a genuine 0 has probability 2^-64).
; Only call it when CPUID says RDRAND exists (otherwise it is an invalid opcode).
; ulong sing_runtime_rdrand64(void)
global sing_runtime_rdrand64
sing_runtime_rdrand64:
    mov ecx, 10
.retry:
    rdrand rax
    jc .done
    dec ecx
    jnz .retry
    xor eax, eax
.done:
    ret

; Bulk memory: forward copy and fill with string instructions (8 bytes per step, then the remaining bytes).
; void sing_copy_forward(byte* destination, byte* source, nuint length)
global sing_copy_forward
sing_copy_forward:
    mov rcx, rdx
    shr rcx, 3
    rep movsq
    mov rcx, rdx
    and rcx, 7
    rep movsb
    ret

; void sing_fill(byte* destination, ulong pattern8, nuint length)  (pattern8 = the byte repeated 8 times)
global sing_fill
sing_fill:
    mov rax, rsi
    mov rcx, rdx
    shr rcx, 3
    rep stosq
    mov rcx, rdx
    and rcx, 7
    rep stosb
    ret

; Per-thread runtime slots. The host points GS at the running thread's slot block (the kernel rewrites the GS
; base on every context switch); each object space's runtime owns one slot, at the offset its host chose.
; void* sing_thread_slot_get(nint offset)
global sing_thread_slot_get
sing_thread_slot_get:
    mov rax, [gs:rdi]
    ret

; void sing_thread_slot_set(nint offset, void* value)
global sing_thread_slot_set
sing_thread_slot_set:
    mov [gs:rdi], rsi
    ret

; ---- Allocation fast paths (ObjectAllocator) ----
; The running thread's allocation context (AllocationContext: Pointer at 0, Limit at 8) lies at the GS slot whose offset
; the host chose (sing_set_allocation_slot; -1 until then). An object is bumped out of the context's zeroed region: its
; type (and an array's length) written first, then Pointer moved past it (publishing it to the collector), as the C#
; path does. Whatever does not fit, or a thread without a context yet, takes the C# slow path with the same arguments.
section .data
align 8
sing_allocation_slot: dq -1
section .text

MIN_OBJECT_SIZE equ 24
HAS_COMPONENT_SIZE equ 0x80000000
FAST_ARRAY_LENGTH equ 0x10000          ; longer (or negative) lengths take the slow path: no overflow below it

; void sing_set_allocation_slot(nint offset)
global sing_set_allocation_slot
sing_set_allocation_slot:
    mov [rel sing_allocation_slot], rdi
    ret

; rax = the running thread's allocation context, or a jump to .slow when the host set no slot or the thread has none.
%macro LOAD_ALLOCATION_CONTEXT 0
    mov rax, [rel sing_allocation_slot]
    test rax, rax
    js .slow
    mov rax, [gs:rax]
    test rax, rax
    jz .slow
%endmacro

; rcx = the object's size (BaseSize and components), rounded up to 8 here. Bumps the context in rax by it and writes the
; type (rdi) after the header word, or jumps to .slow when it does not fit; rdx = the object's header address.
%macro BUMP_AND_WRITE_TYPE 0
    add rcx, 7
    and rcx, -8
    cmp rcx, MIN_OBJECT_SIZE
    jb .slow
    mov rdx, [rax]
    mov r8, [rax + 8]
    sub r8, rdx
    cmp rcx, r8
    ja .slow
    mov [rdx + 8], rdi
%endmacro

; Moves the context's pointer (rax) past the object at rdx of size rcx, publishing it, and returns the object.
%macro PUBLISH_AND_RETURN 0
    add rcx, rdx
    mov [rax], rcx
    lea rax, [rdx + 8]
    ret
%endmacro

; object RhpNewFast(MethodTable* type)
global RhpNewFast
extern sing_new_object_slow
RhpNewFast:
    LOAD_ALLOCATION_CONTEXT
    mov ecx, [rdi + 4]                  ; BaseSize
    BUMP_AND_WRITE_TYPE
    PUBLISH_AND_RETURN
.slow:
    jmp sing_new_object_slow

; object RhpNewArrayFast(MethodTable* type, int length), and RhpNewPtrArrayFast (the same for arrays of references)
global RhpNewArrayFast, RhpNewPtrArrayFast
extern sing_new_array_slow
RhpNewArrayFast:
RhpNewPtrArrayFast:
    LOAD_ALLOCATION_CONTEXT
    cmp esi, FAST_ARRAY_LENGTH
    jae .slow
    mov ecx, [rdi]                      ; flags: the component size in the low 16 bits
    test ecx, HAS_COMPONENT_SIZE
    jz .slow
    movzx ecx, cx
    mov r8d, esi
    imul rcx, r8
    mov r8d, [rdi + 4]                  ; + BaseSize
    add rcx, r8
    BUMP_AND_WRITE_TYPE
    mov [rdx + 16], esi                 ; the length
    PUBLISH_AND_RETURN
.slow:
    jmp sing_new_array_slow

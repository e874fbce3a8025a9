; Floating-point functions of System.Math, computed on the x87 unit in 64-bit-mantissa extended precision and
; rounded once to double (System V: arguments in xmm0/xmm1, result in xmm0). The x87 instructions give results
; within about an extended-precision ulp, so the rounded double is almost always the correctly rounded one,
; which is what glibc (and so .NET on Linux) returns. fmod/fmodf are the symbols the compiler calls for
; `double % double` and `float % float`: fprem computes the remainder exactly.
bits 64
default rel
section .text

; Moves xmm0 (and xmm1) onto the x87 stack through the red zone.
%macro LOAD1 0
    movsd [rsp - 8], xmm0
    fld qword [rsp - 8]
%endmacro

%macro STORE 0
    fstp qword [rsp - 8]
    movsd xmm0, [rsp - 8]
%endmacro

; double fmod(double x, double y): x - n*y with n = trunc(x/y), exact. Special cases (NaN, infinities, zero y)
; are handled by fprem as IEEE 754 requires: NaN for x infinite or y zero, x for y infinite.
global fmod
fmod:
    movsd [rsp - 16], xmm1
    fld qword [rsp - 16]          ; st0 = y
    movsd [rsp - 8], xmm0
    fld qword [rsp - 8]           ; st0 = x, st1 = y
.again:
    fprem
    fnstsw ax
    test ax, 0x0400               ; C2: reduction incomplete
    jnz .again
    fstp st1
    STORE
    ret

global fmodf
fmodf:
    movss [rsp - 16], xmm1
    fld dword [rsp - 16]
    movss [rsp - 8], xmm0
    fld dword [rsp - 8]
.again:
    fprem
    fnstsw ax
    test ax, 0x0400
    jnz .again
    fstp st1
    fstp dword [rsp - 8]
    movss xmm0, [rsp - 8]
    ret

global sing_sqrt
sing_sqrt:
    sqrtsd xmm0, xmm0
    ret

; sin/cos/tan for |x| < 2^63 (the caller handles larger and non-finite arguments).
global sing_sin
sing_sin:
    LOAD1
    fsin
    STORE
    ret

global sing_cos
sing_cos:
    LOAD1
    fcos
    STORE
    ret

global sing_tan
sing_tan:
    LOAD1
    fptan
    fstp st0                      ; fptan pushes 1.0
    STORE
    ret

; atan2(y, x): fpatan computes atan(st1 / st0) with the quadrant of (st0, st1). Arguments: xmm0 = y, xmm1 = x.
global sing_atan2
sing_atan2:
    movsd [rsp - 8], xmm0
    fld qword [rsp - 8]           ; y
    movsd [rsp - 8], xmm1
    fld qword [rsp - 8]           ; x
    fpatan
    STORE
    ret

; asin(x) = atan2(x, sqrt(1 - x*x)), acos(x) = atan2(sqrt(1 - x*x), x), for |x| <= 1, in extended precision.
global sing_asin
sing_asin:
    LOAD1                         ; x
    fld st0
    fmul st0, st0                 ; x*x, x
    fld1
    fsubrp st1, st0               ; 1 - x*x, x
    fsqrt                         ; s, x
    fpatan                        ; atan(x / s)
    STORE
    ret

global sing_acos
sing_acos:
    LOAD1                         ; x
    fld st0
    fmul st0, st0
    fld1
    fsubrp st1, st0               ; 1 - x*x, x
    fsqrt                         ; s, x
    fxch st1                      ; x, s
    fpatan                        ; atan(s / x), quadrant of (x, s)
    STORE
    ret

; log2(x) * constant, for x > 0 finite: fyl2x computes st1 * log2(st0).
global sing_ln
sing_ln:
    fldln2
    LOAD1
    fyl2x
    STORE
    ret

global sing_log10
sing_log10:
    fldlg2
    LOAD1
    fyl2x
    STORE
    ret

global sing_log2
sing_log2:
    fld1
    LOAD1
    fyl2x
    STORE
    ret

; 2^t for finite t: 2^frac via f2xm1 (|frac| <= 0.5), times 2^int via fscale.
; exp2_st0: replaces st0 = t with 2^t (uses two more stack slots).
%macro EXP2_ST0 0
    fld st0
    frndint                       ; n, t
    fsub st1, st0                 ; n, f = t - n
    fxch st1                      ; f, n
    f2xm1
    fld1
    faddp st1, st0                ; 2^f, n
    fscale                        ; 2^f * 2^n, n
    fstp st1
%endmacro

; exp(x) = 2^(x * log2 e), for |x| < 1000 (the caller handles overflow, underflow and non-finite x).
global sing_exp
sing_exp:
    LOAD1
    fldl2e
    fmulp st1, st0
    EXP2_ST0
    STORE
    ret

; x^y = 2^(y * log2 x) for x > 0 finite, y finite (the caller handles the rest and the range of the result).
global sing_pow_positive
sing_pow_positive:
    movsd [rsp - 8], xmm1
    fld qword [rsp - 8]           ; y
    movsd [rsp - 8], xmm0
    fld qword [rsp - 8]           ; x, y
    fyl2x                         ; y * log2 x
    EXP2_ST0
    STORE
    ret

; x^n for an integer n by repeated squaring in extended precision (exact while the products fit 64 bits, as
; for 10^n up to n = 27), then 1/x^|n| for negative n, then one rounding. xmm0 = x, rdi = n.
global sing_pow_integer
sing_pow_integer:
    mov rsi, rdi
    test rdi, rdi
    jns .positive
    neg rdi
.positive:
    fld1                          ; result
    LOAD1                         ; base, result
.loop:
    test rdi, rdi
    jz .done
    test rdi, 1
    jz .square
    fmul st1, st0                 ; result *= base
.square:
    fmul st0, st0
    shr rdi, 1
    jmp .loop
.done:
    fstp st0                      ; result
    test rsi, rsi
    jns .store
    fld1
    fdivrp st1, st0               ; 1 / result
.store:
    STORE
    ret

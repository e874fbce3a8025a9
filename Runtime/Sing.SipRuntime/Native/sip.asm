; Per-image data of a SIP: the ABI marker the loader checks, and accessors for the image's own tables.
bits 64
default rel

section .singularity.abi progbits alloc noexec nowrite align=8
global sip_abi_marker
sip_abi_marker:
    db "SINGABI", 0                 ; AbiImageMarker.Magic
    dd 1                            ; AbiImageMarker.AbiVersion (AbiTable.CurrentVersion)
    dd 0

section .text
extern __modules_start, __modules_end, __eh_frame_start, __eh_frame_end, __image_start, __image_end

global sip_modules_start, sip_modules_end, sip_eh_frame_start, sip_eh_frame_end, sip_image_start, sip_image_end
sip_modules_start:
    lea rax, [__modules_start]
    ret
sip_modules_end:
    lea rax, [__modules_end]
    ret
sip_eh_frame_start:
    lea rax, [__eh_frame_start]
    ret
sip_eh_frame_end:
    lea rax, [__eh_frame_end]
    ret
sip_image_start:
    lea rax, [__image_start]
    ret
sip_image_end:
    lea rax, [__image_end]
    ret

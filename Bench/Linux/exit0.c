/*
 * exit0 -- the smallest possible static x86-64 Linux program: it calls
 * exit_group(0) and nothing else.  linuxbench's CreateProc rows spawn it, so
 * that they measure process creation and teardown, not C-library start-up.
 *
 * Built with: gcc -O2 -Wall -Wextra -static -nostdlib -o exit0 exit0.c
 */

void _start(void) __attribute__((noreturn, used));

void _start(void)
{
    __asm__ volatile(
        "mov $231, %%eax\n\t" /* __NR_exit_group */
        "xor %%edi, %%edi\n\t"
        "syscall\n\t"
        :
        :
        : "rax", "rdi", "rcx", "r11", "memory");
    for (;;) {
    }
}

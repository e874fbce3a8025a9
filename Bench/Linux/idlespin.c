/*
 * idlespin.c -- keeps the vCPU from halting while a storage row waits for
 * the disk.  Under QEMU's -icount shift=0,sleep=off a halted vCPU makes
 * virtual time jump to the guest's next timer deadline, so a row that sleeps
 * in the kernel waiting for an AHCI interrupt would be charged those jumps
 * (up to a second each) instead of instructions: a full Disk.SeqRead-4K run
 * measured a median of 3.2 million "cycles" per KiB that way, with a minimum
 * of 5,929.  A SCHED_IDLE process that spins runs only when nothing else
 * can, exactly where the idle loop would halt; it has the effect of the
 * kernel's idle=poll for the rows that need it, without changing the boot.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "disk.h"

pid_t idle_spinner_start(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        die("fork-idle-spinner");
    if (pid == 0) {
        struct sched_param none = {.sched_priority = 0};
        if (sched_setscheduler(0, SCHED_IDLE, &none) != 0)
            _exit(1);
        for (;;)
            __asm__ volatile("pause");
    }
    return pid;
}

void idle_spinner_stop(pid_t pid)
{
    int st;
    kill(pid, SIGKILL);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    /* Exit status 1: it could not make itself SCHED_IDLE and spun at normal priority. */
    if (WIFEXITED(st) && WEXITSTATUS(st) == 1)
        fail("idle-spinner", "sched_setscheduler(SCHED_IDLE) failed in the spinner");
}

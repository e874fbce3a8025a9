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
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "disk.h"

pid_t idle_spinner_start(void)
{
    fflush(stdout);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0)
        die("fork-idle-spinner");
    if (pid == 0) {
        /* Never outlive the row: a fatal error line ends the parent with _exit
         * while the spinner runs.  And hold no pipe open that a reader of the
         * parent's output would wait on. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(0);
        int null = open("/dev/null", O_RDWR | O_CLOEXEC);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
        }
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

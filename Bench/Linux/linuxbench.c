/*
 * linuxbench -- the Linux baseline for SingBench.
 *
 * Runs the microbenchmarks of "Deconstructing Process Isolation" (Aiken et
 * al. 2006, section 4.1 and Table 1), "Singularity: Rethinking the Software
 * Stack" (Table 1) and the mode-switch / buffered-read measurements of
 * LaForest 2008 (Tables 2 and 3) on Linux, timing them with the time-stamp
 * counter (lfence; rdtsc).  One line per row goes to stdout, which in the
 * benchmark VM is the serial console:
 *
 *   BENCH linux start version=1 mode=<full|quick> reps=<r> ...
 *   BENCH linux <Name> cycles_per_op=<median> iterations=<n> min=<min>
 *         max=<max> ns_per_op=<median> reps=<r> sing=<SingBench row|->
 *         role=<primary|alt|info> ref=<paper tables> secs=<row wall time>
 *   BENCH linux done rows=<n> skipped=<n> failed=<n> secs=<s> tsc_per_ns=<f>
 *         status=<ok|fail>
 * (see README.md for the meaning of each field).
 *
 * The same binary is the initramfs's /init: when it runs as PID 1 it mounts
 * /proc, /sys and /dev, runs the benchmarks in a child process, and then
 * ends the VM -- through QEMU's isa-debug-exit device at I/O port 0xf4 if it
 * is present (value 0 = success, so QEMU exits with status 1; value 1 =
 * failure, QEMU status 3), else with reboot(RB_POWER_OFF).
 *
 * With bench.disk=1 (run.sh --disk IMAGE) it first loads the storage
 * modules, waits for /dev/sda and mounts /dev/sda1 read-only at /mnt for the
 * Disk.*, File.* and WebFiles rows (disksetup.c, diskrows.c, webfiles.c).
 * When the initramfs carries /bin/computebench (run.sh --compute: the stock
 * .NET NativeAOT build of Bench/Compute) it runs it last and relays its
 * Compute.* rows (compute_rows).
 *
 * Options (when not PID 1): --quick, --reps N, --only NAME[,NAME...],
 * --exit0 PATH, --disk DEVICE-OR-IMAGE, --mnt DIR (a mounted copy of the
 * image's FAT partition), --keep-cache (WebFiles leaves the host's page
 * cache alone).  Kernel command line (read from /proc/cmdline in
 * both cases): bench.quick=1, bench.reps=N, bench.only=NAME[,NAME...],
 * bench.exit=debugexit|poweroff, bench.selftest=fail (fail on purpose),
 * bench.disk=1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "disk.h"

extern char **environ;

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

const char *skip_reason;

void die(const char *what)
{
    fprintf(stdout, "BENCH linux error what=%s errno=%d msg=\"%s\"\n", what, errno,
            strerror(errno));
    fflush(stdout);
    _exit(2);
}

void fail(const char *what, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (char *p = msg; *p; p++)
        if (*p == '"' || *p == '\n')
            *p = '\'';
    fprintf(stdout, "BENCH linux error what=%s msg=\"%s\"\n", what, msg);
    fflush(stdout);
    _exit(2);
}

static void pin_cpu0(void)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(0, &set);
    /* Pins the calling thread; threads and children created later inherit it. */
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        fprintf(stdout, "BENCH linux warning what=sched_setaffinity errno=%d\n", errno);
}

static void write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, buf, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            die("write");
        }
        buf += w;
        len -= (size_t)w;
    }
}

static void read_all(int fd, char *buf, size_t len)
{
    while (len > 0) {
        ssize_t r = read(fd, buf, len);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            die("read");
        }
        if (r == 0) {
            errno = EPIPE;
            die("read-eof");
        }
        buf += r;
        len -= (size_t)r;
    }
}

long warmup_of(long iters)
{
    long w = iters / 20;
    return w < 2 ? 2 : w;
}

/* ------------------------------------------------------------------------ */
/* Benchmarks.  Each measures `iters` operations (after a short warm-up of  */
/* the same operation, untimed) and fills in *s.  Return 0, or -1 if the    */
/* row cannot run here (reported as skipped).                               */

static volatile pid_t cached_pid;

/* ABICall: a real system call.  syscall(SYS_getpid) always enters the
 * kernel (glibc's getpid() would too since 2.25, but the raw call makes it
 * explicit and independent of any caching). */
static int b_abicall(long iters, long arg, struct span *s)
{
    (void)arg;
    for (long i = 0; i < warmup_of(iters); i++)
        syscall(SYS_getpid);
    span_start(s);
    for (long i = 0; i < iters; i++)
        syscall(SYS_getpid);
    span_stop(s);
    return 0;
}

/* ABICall-clock_getres: the ABI call 004 Table 1 used on Unix.  Issued as a
 * raw system call: glibc would answer clock_getres from the vDSO. */
static int b_clock_getres(long iters, long arg, struct span *s)
{
    (void)arg;
    struct timespec ts;
    for (long i = 0; i < warmup_of(iters); i++)
        syscall(SYS_clock_getres, CLOCK_MONOTONIC, &ts);
    span_start(s);
    for (long i = 0; i < iters; i++)
        syscall(SYS_clock_getres, CLOCK_MONOTONIC, &ts);
    span_stop(s);
    return 0;
}

/* 002 Table 2, "sysenter" row: getpid via the 64-bit `syscall` instruction,
 * inline, with no C-library wrapper. */
static inline long raw_getpid_syscall(void)
{
    long ret;
    __asm__ volatile("syscall" : "=a"(ret) : "0"((long)SYS_getpid) : "rcx", "r11", "memory");
    return ret;
}

static int b_getpid_syscall(long iters, long arg, struct span *s)
{
    (void)arg;
    for (long i = 0; i < warmup_of(iters); i++)
        raw_getpid_syscall();
    span_start(s);
    for (long i = 0; i < iters; i++)
        raw_getpid_syscall();
    span_stop(s);
    return 0;
}

/* 002 Table 2, "int 0x80" row: getpid through the legacy 32-bit gate
 * (i386 syscall number 20), which needs the kernel's IA-32 emulation. */
static inline long raw_getpid_int80(void)
{
    long ret;
    __asm__ volatile("int $0x80" : "=a"(ret) : "0"(20L) : "memory");
    return ret;
}

static int int80_works(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        long r = raw_getpid_int80();
        _exit(r == (long)getpid() ? 0 : 1);
    }
    int st = 0;
    if (waitpid(pid, &st, 0) != pid)
        return 0;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static int b_getpid_int80(long iters, long arg, struct span *s)
{
    (void)arg;
    static int checked, ok;
    if (!checked) {
        ok = int80_works();
        checked = 1;
    }
    if (!ok)
        return -1;
    for (long i = 0; i < warmup_of(iters); i++)
        raw_getpid_int80();
    span_start(s);
    for (long i = 0; i < iters; i++)
        raw_getpid_int80();
    span_stop(s);
    return 0;
}

/* 002 Table 2, "direct" row: reading the pid from user memory, no mode
 * switch at all.  This is also the loop-plus-timer floor of every row. */
static int b_getpid_direct(long iters, long arg, struct span *s)
{
    (void)arg;
    long sum = 0;
    cached_pid = getpid();
    span_start(s);
    for (long i = 0; i < iters; i++)
        sum += cached_pid;
    span_stop(s);
    __asm__ volatile("" : : "r"(sum));
    return 0;
}

/* 002 Table 3: a 1-byte buffered read.  arg 0: read(2) of 1 byte from
 * /dev/zero (what lmbench's lat_syscall read does); arg 1: pread(2) of 1
 * byte at offset 0 of a file in the RAM-backed root file system (page cache). */
static int b_readbyte(long iters, long arg, struct span *s)
{
    char c;
    int fd;
    if (arg == 0) {
        fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return -1;
    } else {
        char path[] = "/tmp/linuxbench.XXXXXX";
        fd = mkstemp(path);
        if (fd < 0) {
            strcpy(path, "/linuxbench.XXXXXX");
            fd = mkstemp(path);
        }
        if (fd < 0)
            return -1;
        unlink(path);
        char block[4096];
        memset(block, 'x', sizeof block);
        write_all(fd, block, sizeof block);
    }
    for (long i = 0; i < warmup_of(iters); i++)
        if (pread(fd, &c, 1, 0) != 1)
            die("pread");
    span_start(s);
    if (arg == 0) {
        for (long i = 0; i < iters; i++)
            if (read(fd, &c, 1) != 1)
                die("read");
    } else {
        for (long i = 0; i < iters; i++)
            if (pread(fd, &c, 1, 0) != 1)
                die("pread");
    }
    span_stop(s);
    close(fd);
    return 0;
}

/* ThreadYield: two threads of one process on one CPU, each calling
 * sched_yield() `iters` times; cycles are divided by the 2*iters yields.
 * The number of yields that actually switched to the other thread is
 * counted and reported as switch_ratio. */
struct yield_ctx {
    long iters;
    pthread_barrier_t barrier;
    volatile int last;
    long switches[2];
};

static struct yield_ctx yctx;
static double last_switch_ratio = -1.0;

static void yield_loop(int me)
{
    long sw = 0;
    for (long i = 0; i < yctx.iters; i++) {
        sched_yield();
        if (yctx.last != me) {
            sw++;
            yctx.last = me;
        }
    }
    yctx.switches[me] = sw;
}

static void *yield_thread(void *p)
{
    (void)p;
    pthread_barrier_wait(&yctx.barrier);
    yield_loop(1);
    return NULL;
}

/* arg 0: both threads SCHED_FIFO at the same priority, so that every
 * sched_yield() hands the CPU to the other thread (the Singularity
 * scheduler's behaviour).  arg 1: default SCHED_OTHER (CFS), where a yield
 * often returns to the caller; see switch_ratio. */
static int b_threadyield(long iters, long arg, struct span *s)
{
    pthread_t t;
    pthread_attr_t attr;
    struct sched_param fifo = {.sched_priority = 1}, other = {.sched_priority = 0};
    int policy_set = 0;

    pthread_attr_init(&attr);
    if (arg == 0) {
        if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &fifo) != 0)
            return -1;
        policy_set = 1;
        pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
        pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
        pthread_attr_setschedparam(&attr, &fifo);
    }
    yctx.iters = iters;
    yctx.last = 0;
    pthread_barrier_init(&yctx.barrier, NULL, 2);
    if (pthread_create(&t, &attr, yield_thread, NULL) != 0)
        die("pthread_create");
    pthread_attr_destroy(&attr);
    for (long i = 0; i < warmup_of(iters); i++)
        sched_yield();
    pthread_barrier_wait(&yctx.barrier);
    span_start(s);
    yield_loop(0);
    pthread_join(t, NULL);
    span_stop(s);
    if (policy_set)
        pthread_setschedparam(pthread_self(), SCHED_OTHER, &other);
    pthread_barrier_destroy(&yctx.barrier);
    s->cycles /= 2; /* per yield: 2*iters yields happened */
    s->ns /= 2;
    last_switch_ratio = (double)(yctx.switches[0] + yctx.switches[1]) / (double)(2 * iters);
    return 0;
}

/* MutexLockUnlock: an uncontended pthread mutex taken and released (C#'s
 * lock statement on an object nobody else holds: SingBench's Lock.EnterExit). */
static int b_mutex(long iters, long arg, struct span *s)
{
    (void)arg;
    static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    static volatile long counter;
    for (long i = 0; i < warmup_of(iters); i++) {
        pthread_mutex_lock(&m);
        counter++;
        pthread_mutex_unlock(&m);
    }
    span_start(s);
    for (long i = 0; i < iters; i++) {
        pthread_mutex_lock(&m);
        counter++;
        pthread_mutex_unlock(&m);
    }
    span_stop(s);
    return 0;
}

/* WorkHandoff: hand an empty work item to a waiting worker thread and wait
 * for it to be done, with a mutex and two condition variables (what
 * Task.Run(...).Wait() does with the thread pool: SingBench's Task.RunWait). */
static struct {
    pthread_mutex_t m;
    pthread_cond_t posted, done;
    long pending, finished, stop;
} hctx = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0};

static void *handoff_worker(void *p)
{
    pthread_mutex_lock(&hctx.m);
    while (!hctx.stop) {
        while (hctx.pending == 0 && !hctx.stop)
            pthread_cond_wait(&hctx.posted, &hctx.m);
        if (hctx.pending > 0) {
            hctx.pending--;
            hctx.finished++;
            pthread_cond_signal(&hctx.done);
        }
    }
    pthread_mutex_unlock(&hctx.m);
    return p;
}

static void handoff_once(void)
{
    pthread_mutex_lock(&hctx.m);
    long target = hctx.finished + 1;
    hctx.pending++;
    pthread_cond_signal(&hctx.posted);
    while (hctx.finished < target)
        pthread_cond_wait(&hctx.done, &hctx.m);
    pthread_mutex_unlock(&hctx.m);
}

static int b_handoff(long iters, long arg, struct span *s)
{
    (void)arg;
    pthread_t worker;
    hctx.stop = 0;
    if (pthread_create(&worker, NULL, handoff_worker, NULL) != 0)
        die("pthread_create");
    for (long i = 0; i < warmup_of(iters); i++)
        handoff_once();
    span_start(s);
    for (long i = 0; i < iters; i++)
        handoff_once();
    span_stop(s);
    pthread_mutex_lock(&hctx.m);
    hctx.stop = 1;
    pthread_cond_signal(&hctx.posted);
    pthread_mutex_unlock(&hctx.m);
    pthread_join(worker, NULL);
    return 0;
}

/* CreateThread: pthread_create of a thread that returns at once, + join. */
static void *empty_thread(void *p)
{
    return p;
}

static int b_createthread(long iters, long arg, struct span *s)
{
    (void)arg;
    pthread_t t;
    for (long i = 0; i < warmup_of(iters); i++) {
        if (pthread_create(&t, NULL, empty_thread, NULL) != 0)
            die("pthread_create");
        pthread_join(t, NULL);
    }
    span_start(s);
    for (long i = 0; i < iters; i++) {
        if (pthread_create(&t, NULL, empty_thread, NULL) != 0)
            die("pthread_create");
        pthread_join(t, NULL);
    }
    span_stop(s);
    return 0;
}

/* CreateChannel: a bidirectional kernel channel (AF_UNIX socketpair), then
 * closing both ends. */
static int b_createchannel(long iters, long arg, struct span *s)
{
    (void)arg;
    int sv[2];
    for (long i = 0; i < warmup_of(iters); i++) {
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
            die("socketpair");
        close(sv[0]);
        close(sv[1]);
    }
    span_start(s);
    for (long i = 0; i < iters; i++) {
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
            die("socketpair");
        close(sv[0]);
        close(sv[1]);
    }
    span_stop(s);
    return 0;
}

/* CreateProc: start a process from a tiny static binary that exits at once,
 * and wait for it.  arg 0: posix_spawn (glibc: clone(CLONE_VM|CLONE_VFORK) +
 * execve); arg 1: fork + execve. */
static const char *exit0_path = "/bin/exit0";

static void spawn_exit0(long how)
{
    char *argv[] = {(char *)"exit0", NULL};
    pid_t pid;
    if (how == 0) {
        int rc = posix_spawn(&pid, exit0_path, NULL, NULL, argv, environ);
        if (rc != 0) {
            errno = rc;
            die("posix_spawn");
        }
    } else {
        pid = fork();
        if (pid < 0)
            die("fork");
        if (pid == 0) {
            execve(exit0_path, argv, environ);
            _exit(127);
        }
    }
    int st;
    if (waitpid(pid, &st, 0) != pid)
        die("waitpid");
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        errno = ECHILD;
        die("exit0-status");
    }
}

static int b_createproc(long iters, long arg, struct span *s)
{
    if (access(exit0_path, X_OK) != 0)
        return -1;
    fflush(stdout);
    for (long i = 0; i < warmup_of(iters); i++)
        spawn_exit0(arg);
    span_start(s);
    for (long i = 0; i < iters; i++)
        spawn_exit0(arg);
    span_stop(s);
    return 0;
}

/* PageAlloc: allocate and commit one 4 KiB page (mmap + first touch), then
 * give it back (munmap). */
static inline void page_once(void)
{
    volatile char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                            -1, 0);
    if (p == MAP_FAILED)
        die("mmap");
    p[0] = 1;
    munmap((void *)p, 4096);
}

static int b_pagealloc(long iters, long arg, struct span *s)
{
    (void)arg;
    for (long i = 0; i < warmup_of(iters); i++)
        page_once();
    span_start(s);
    for (long i = 0; i < iters; i++)
        page_once();
    span_stop(s);
    return 0;
}

/* Round trips.  The initiator writes `size` bytes to the echoer, which
 * reads them all and writes `size` bytes back; one op = one round trip.
 * kind 0: two processes over two pipes; kind 1: two processes over one
 * AF_UNIX stream socketpair; kind 2: two threads of one process over two
 * pipes. */
enum { RT_PIPE = 0, RT_UNIX = 1, RT_THREAD = 2 };

#define RT_MAX (32 * 1024)

struct echo_args {
    int rfd, wfd;
    long count;
    size_t size;
};

static void echo_loop(const struct echo_args *a)
{
    static char buf[RT_MAX];
    for (long i = 0; i < a->count; i++) {
        read_all(a->rfd, buf, a->size);
        write_all(a->wfd, buf, a->size);
    }
}

static void *echo_thread(void *p)
{
    echo_loop((const struct echo_args *)p);
    return NULL;
}

static int run_rt(int kind, long iters, size_t size, struct span *s)
{
    static char buf[RT_MAX];
    int to_echo[2], from_echo[2];
    int my_r, my_w;
    struct echo_args ea;
    long warm = warmup_of(iters);
    pid_t pid = -1;
    pthread_t thr;

    memset(buf, 'a', sizeof buf);
    ea.count = warm + iters;
    ea.size = size;
    if (kind == RT_UNIX) {
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
            die("socketpair");
        my_r = my_w = sv[0];
        ea.rfd = ea.wfd = sv[1];
    } else {
        if (pipe2(to_echo, O_CLOEXEC) != 0 || pipe2(from_echo, O_CLOEXEC) != 0)
            die("pipe");
        my_r = from_echo[0];
        my_w = to_echo[1];
        ea.rfd = to_echo[0];
        ea.wfd = from_echo[1];
    }

    fflush(stdout);
    if (kind == RT_THREAD) {
        if (pthread_create(&thr, NULL, echo_thread, &ea) != 0)
            die("pthread_create");
    } else {
        pid = fork();
        if (pid < 0)
            die("fork");
        if (pid == 0) {
            if (my_r != my_w)
                close(my_r);
            close(my_w);
            echo_loop(&ea);
            _exit(0);
        }
        if (ea.rfd != ea.wfd)
            close(ea.rfd);
        close(ea.wfd);
    }

    for (long i = 0; i < warm; i++) {
        write_all(my_w, buf, size);
        read_all(my_r, buf, size);
    }
    span_start(s);
    for (long i = 0; i < iters; i++) {
        write_all(my_w, buf, size);
        read_all(my_r, buf, size);
    }
    span_stop(s);

    if (kind == RT_THREAD) {
        pthread_join(thr, NULL);
        close(ea.rfd);
        if (ea.wfd != ea.rfd)
            close(ea.wfd);
    } else {
        int st;
        if (waitpid(pid, &st, 0) != pid)
            die("waitpid");
    }
    close(my_r);
    if (my_w != my_r)
        close(my_w);
    return 0;
}

static int b_pipert(long iters, long arg, struct span *s)
{
    return run_rt(RT_PIPE, iters, (size_t)arg, s);
}

static int b_unixrt(long iters, long arg, struct span *s)
{
    return run_rt(RT_UNIX, iters, (size_t)arg, s);
}

static int b_threadrt(long iters, long arg, struct span *s)
{
    return run_rt(RT_THREAD, iters, (size_t)arg, s);
}

/* ------------------------------------------------------------------------ */
/* The table of rows.  Iteration counts follow 004 section 4.1 (20,000, but */
/* ABICall 10,000, PageAlloc 1,000, CreateProc 100); rows the paper does    */
/* not have use 10,000.  Quick mode divides every count by 10.              */

struct row {
    const char *name;
    bench_fn fn;
    long arg;
    long iters;
    const char *sing; /* SingBench row it is compared with, or "-" */
    const char *role; /* primary: the comparison row for `sing`; alt: another
                         Linux way to do it; info: context only */
    const char *ref;  /* paper table(s) the row reproduces, '+'-joined */
};

static const struct row rows[] = {
    {"ABICall", b_abicall, 0, 10000, "ABICall", "primary", "004-Fig4+004-T1"},
    {"ABICall-clock_getres", b_clock_getres, 0, 10000, "ABICall", "alt", "004-T1+001-T1"},
    {"Getpid-syscall", b_getpid_syscall, 0, 10000, "-", "info", "002-T2-sysenter"},
    {"Getpid-int80", b_getpid_int80, 0, 10000, "-", "info", "002-T2-int80"},
    {"Getpid-direct", b_getpid_direct, 0, 10000, "-", "info", "002-T2-direct"},
    {"ReadByte-devzero", b_readbyte, 0, 10000, "-", "info", "002-T3"},
    {"ReadByte-file", b_readbyte, 1, 10000, "-", "info", "002-T3"},
    {"ThreadYield", b_threadyield, 0, 20000, "ThreadYield", "primary", "004-Fig4+004-T1"},
    {"ThreadYield-cfs", b_threadyield, 1, 20000, "ThreadYield", "info", "004-Fig4"},
    {"CreateThread", b_createthread, 0, 20000, "CreateThread", "primary", "004-Fig4"},
    {"CreateChannel", b_createchannel, 0, 20000, "CreateChannel", "primary", "004-Fig4"},
    {"MutexLockUnlock", b_mutex, 0, 20000, "Lock.EnterExit", "primary", "-"},
    {"WorkHandoff", b_handoff, 0, 20000, "Task.RunWait", "primary", "-"},
    {"PageAlloc", b_pagealloc, 0, 1000, "PageAlloc", "primary", "004-Fig4"},
    {"CreateProc", b_createproc, 0, 100, "CreateProc", "primary", "004-Fig4+004-T1"},
    {"CreateProc-fork", b_createproc, 1, 100, "CreateProc", "alt", "004-Fig4+004-T1"},
    {"ThreadRT-1", b_threadrt, 1, 20000, "SR-1", "primary", "004-Fig4"},
    {"ThreadRT-32", b_threadrt, 32, 20000, "SR-32", "primary", "004-Fig4"},
    {"ThreadRT-1K", b_threadrt, 1024, 20000, "SR-1K", "primary", "004-Fig4"},
    {"ThreadRT-32K", b_threadrt, 32768, 20000, "SR-32K", "primary", "004-Fig4"},
    {"PipeRT-1", b_pipert, 1, 20000, "PSR-1", "alt", "004-Fig4"},
    {"PipeRT-32", b_pipert, 32, 20000, "PSR-32", "alt", "004-Fig4"},
    {"PipeRT-1K", b_pipert, 1024, 20000, "PSR-1K", "alt", "004-Fig4"},
    {"PipeRT-32K", b_pipert, 32768, 20000, "PSR-32K", "alt", "004-Fig4"},
    {"UnixRT-1", b_unixrt, 1, 20000, "PSR-1", "primary", "004-Fig4+004-T1+001-T1"},
    {"UnixRT-32", b_unixrt, 32, 20000, "PSR-32", "primary", "004-Fig4"},
    {"UnixRT-1K", b_unixrt, 1024, 20000, "PSR-1K", "primary", "004-Fig4"},
    {"UnixRT-32K", b_unixrt, 32768, 20000, "PSR-32K", "primary", "004-Fig4"},
    /* Storage (Bench/WebFiles/README.md).  The SeqRead rows read SEQREAD_BYTES
     * (quick: SEQREAD_BYTES_QUICK), one op = 1 KiB; WebFiles replays the
     * image's request list, one op = one request. */
    {"Disk.SeqRead-4K", b_seqread, 4096, SEQREAD_BYTES / 1024, "Disk.SeqRead-4K", "primary", "-"},
    {"Disk.SeqRead-64K", b_seqread, 65536, SEQREAD_BYTES / 1024, "Disk.SeqRead-64K", "primary", "-"},
    {"File.OpenReadClose", b_openreadclose, 0, 10000, "File.OpenReadClose", "primary", "-"},
    {"WebFiles", b_webfiles, 0, 0, "WebFiles", "primary", "004-S4.3"},
};

#define NROWS ((int)(sizeof rows / sizeof rows[0]))

/* ------------------------------------------------------------------------ */
/* Configuration                                                             */

struct config cfg = {0, 0, "", 0, 0, 0, "", "", 0};

static void read_cmdline(struct config *c)
{
    char buf[4096];
    int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return;
    buf[n] = 0;
    for (char *tok = strtok(buf, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
        if (strcmp(tok, "bench.quick=1") == 0)
            c->quick = 1;
        else if (strcmp(tok, "bench.quick=0") == 0)
            c->quick = 0;
        else if (strncmp(tok, "bench.reps=", 11) == 0)
            c->reps = atoi(tok + 11);
        else if (strncmp(tok, "bench.only=", 11) == 0)
            snprintf(c->only, sizeof c->only, "%s", tok + 11);
        else if (strcmp(tok, "bench.exit=debugexit") == 0)
            c->exit_mode = 1;
        else if (strcmp(tok, "bench.exit=poweroff") == 0)
            c->exit_mode = 2;
        else if (strcmp(tok, "bench.selftest=fail") == 0)
            c->selftest_fail = 1;
        else if (strcmp(tok, "bench.disk=1") == 0)
            c->disk = 1;
    }
}

static int selected(const char *name)
{
    if (!cfg.only[0])
        return 1;
    size_t len = strlen(name);
    const char *p = cfg.only;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == len && strncmp(p, name, len) == 0)
            return 1;
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void sanitize(char *s)
{
    for (; *s; s++)
        if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '"' || *s == '=')
            *s = '_';
}

static void cpu_model(char *out, size_t len)
{
    snprintf(out, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "re");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *v = strchr(line, ':');
            if (v) {
                v++;
                while (*v == ' ')
                    v++;
                snprintf(out, len, "%s", v);
                sanitize(out);
                /* trim trailing underscores left by the newline */
                size_t l = strlen(out);
                while (l > 0 && out[l - 1] == '_')
                    out[--l] = 0;
            }
            break;
        }
    }
    fclose(f);
}

/* Seconds since the kernel started (CLOCK_BOOTTIME, what /proc/uptime shows): in the VM, the boot time up to here. */
static double uptime_secs(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_BOOTTIME, &ts) != 0)
        return -1;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void vuln_status(const char *name, char *out, size_t len)
{
    char path[128], buf[256];
    snprintf(out, len, "unknown");
    snprintf(path, sizeof path, "/sys/devices/system/cpu/vulnerabilities/%s", name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return;
    buf[n] = 0;
    snprintf(out, len, "%s", buf);
    sanitize(out);
    size_t l = strlen(out);
    while (l > 0 && out[l - 1] == '_')
        out[--l] = 0;
}

/* ------------------------------------------------------------------------ */
/* Compute rows: a stock .NET program (Bench/Compute/README.md)              */

#define COMPUTE_PROGRAM "/bin/computebench"

/* Runs /bin/computebench (in the initramfs only when run.sh --compute packed
 * it) and relays its "BENCH Compute.X ns_per_op=N iterations=N repetitions=R
 * min=N max=N collections=G checksum=C suite=compute" lines as rows, turning
 * nanoseconds into TSC cycles at the rate measured over its run (under
 * -icount both count instructions). Returns the rows relayed, or -1. */
static int compute_rows(int *failed)
{
    if (access(COMPUTE_PROGRAM, X_OK) != 0)
        return 0;
    static const char *const names[] = {"Compute.Numeric", "Compute.DictionaryStrings", "Compute.BinaryTrees", "Compute.Fannkuch",
                                         "Compute.SpectralNorm", "Compute.Sort", "Compute.StringBuilding"};
    int any = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        any |= selected(names[i]);
    if (!any)
        return 0;
    int fds[2];
    if (pipe(fds) != 0) {
        (*failed)++;
        return -1;
    }
    uint64_t c0 = tsc(), n0 = mono_ns();
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execl(COMPUTE_PROGRAM, "computebench", cfg.quick ? "quick" : "full", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    static char out[8192];
    size_t used = 0;
    ssize_t got;
    while (pid > 0 && used < sizeof out - 1 && (got = read(fds[0], out + used, sizeof out - 1 - used)) > 0)
        used += (size_t)got;
    out[used] = 0;
    close(fds[0]);
    int status = 0;
    if (pid > 0)
        waitpid(pid, &status, 0);
    double per_ns = (double)(tsc() - c0) / (double)(mono_ns() - n0);
    if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("BENCH linux error what=computebench msg=\"exit status %d\"\n", status);
        (*failed)++;
        return -1;
    }
    int relayed = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        char name[64];
        double ns, min, max;
        long iterations, collections, checksum;
        int reps;
        if (sscanf(line, "BENCH %63s ns_per_op=%lf iterations=%ld repetitions=%d min=%lf max=%lf collections=%ld checksum=%ld",
                   name, &ns, &iterations, &reps, &min, &max, &collections, &checksum) != 8 || !selected(name))
            continue;
        printf("BENCH linux %s cycles_per_op=%.0f iterations=%ld min=%.0f max=%.0f ns_per_op=%.0f reps=%d "
               "sing=%s role=primary ref=- collections=%ld checksum=%ld\n",
               name, ns * per_ns, iterations, min * per_ns, max * per_ns, ns, reps, name, collections, checksum);
        relayed++;
    }
    return relayed;
}

/* ------------------------------------------------------------------------ */
/* Running                                                                   */

static int run_all(void)
{
    int reps = cfg.reps > 0 ? cfg.reps : (cfg.quick ? 3 : 5);
    if (reps > 64)
        reps = 64;
    struct utsname u;
    char cpu[128], meltdown[256];
    uname(&u);
    cpu_model(cpu, sizeof cpu);
    vuln_status("meltdown", meltdown, sizeof meltdown);

    setvbuf(stdout, NULL, _IOLBF, 0);
    pin_cpu0();
    /* Leading newline: firmware escape sequences may precede us on the line. */
    printf("\nBENCH linux start version=1 mode=%s reps=%d kernel=%s cpu=%s meltdown=%s "
           "timer=lfence_rdtsc uptime_secs=%.3f\n",
           cfg.quick ? "quick" : "full", reps, u.release, cpu, meltdown, uptime_secs());

    if (cfg.selftest_fail) {
        errno = ECANCELED;
        die("selftest");
    }
    disk_setup();
    uint64_t run_c0 = tsc(), run_n0 = mono_ns();
    int nrows = 0, failed = 0, skipped = 0;
    for (int r = 0; r < NROWS; r++) {
        const struct row *row = &rows[r];
        if (!selected(row->name))
            continue;
        long iters = cfg.quick ? row->iters / 10 : row->iters;
        if (iters < 10)
            iters = 10;
        double per[64], per_ns[64];
        double ratio_sum = 0;
        long ops = iters;
        skip_reason = NULL;
        int ok = 1;
        uint64_t row_n0 = mono_ns();
        for (int k = 0; k < reps; k++) {
            struct span s = {0, 0, 0, 0, 0};
            last_switch_ratio = -1.0;
            int rc = row->fn(iters, row->arg, &s);
            if (rc < 0) {
                ok = 0;
                break;
            }
            ops = s.ops > 0 ? s.ops : iters;
            per[k] = (double)s.cycles / (double)ops;
            per_ns[k] = (double)s.ns / (double)ops;
            if (last_switch_ratio >= 0)
                ratio_sum += last_switch_ratio;
        }
        double row_secs = (double)(mono_ns() - row_n0) / 1e9;
        nrows++;
        if (!ok) {
            printf("BENCH linux %s skipped=1", row->name);
            if (skip_reason)
                printf(" reason=\"%s\"", skip_reason);
            printf(" sing=%s role=%s ref=%s\n", row->sing, row->role, row->ref);
            skipped++;
            continue;
        }
        double sorted[64], sorted_ns[64];
        memcpy(sorted, per, sizeof(double) * (size_t)reps);
        memcpy(sorted_ns, per_ns, sizeof(double) * (size_t)reps);
        qsort(sorted, (size_t)reps, sizeof(double), cmp_double);
        qsort(sorted_ns, (size_t)reps, sizeof(double), cmp_double);
        double med = (reps % 2) ? sorted[reps / 2]
                                : (sorted[reps / 2 - 1] + sorted[reps / 2]) / 2;
        double med_ns = (reps % 2) ? sorted_ns[reps / 2]
                                   : (sorted_ns[reps / 2 - 1] + sorted_ns[reps / 2]) / 2;
        printf("BENCH linux %s cycles_per_op=%.0f iterations=%ld min=%.0f max=%.0f "
               "ns_per_op=%.0f reps=%d sing=%s role=%s ref=%s secs=%.2f",
               row->name, med, ops, sorted[0], sorted[reps - 1], med_ns, reps, row->sing,
               row->role, row->ref, row_secs);
        if (row->fn == b_threadyield)
            printf(" switch_ratio=%.3f", ratio_sum / reps);
        if (row->fn == b_seqread) /* one op is 1 KiB; MB = 10^6 bytes of guest time */
            printf(" mb_per_s=%.2f bytes=%ld", med_ns > 0 ? 1024.0 * 1e3 / med_ns : 0.0, ops * 1024);
        if (row->fn == b_webfiles)
            printf(" total_cycles=%.0f requests=%ld bytes=%llu", med * (double)ops, ops,
                   (unsigned long long)webfiles_last_bytes);
        printf("\n");
    }
    int computed = compute_rows(&failed);
    if (computed > 0)
        nrows += computed;
    uint64_t run_c = tsc() - run_c0, run_n = mono_ns() - run_n0;
    printf("BENCH linux done rows=%d skipped=%d failed=%d secs=%.2f tsc_per_ns=%.4f status=%s\n", nrows,
           skipped, failed, (double)run_n / 1e9, run_n ? (double)run_c / (double)run_n : 0.0,
           failed ? "fail" : "ok");
    fflush(stdout);
    return failed ? 1 : 0;
}

/* ------------------------------------------------------------------------ */
/* PID 1                                                                     */

static void init_console(void)
{
    /* If the kernel found no /dev/console in the initramfs, fd 1 is closed:
     * mount devtmpfs and open the console ourselves. */
    if (fcntl(1, F_GETFD) < 0) {
        int fd = open("/dev/console", O_RDWR | O_NOCTTY);
        if (fd < 0)
            fd = open("/dev/ttyS0", O_RDWR | O_NOCTTY);
        if (fd >= 0) {
            dup2(fd, 0);
            dup2(fd, 1);
            dup2(fd, 2);
            if (fd > 2)
                close(fd);
        }
    }
}

static void try_debug_exit(unsigned char value)
{
    /* QEMU's isa-debug-exit at 0xf4: writing v ends QEMU with (v << 1) | 1.
     * Without the device the write goes nowhere and we carry on. */
    if (ioperm(0xf4, 4, 1) != 0)
        return;
    outb(value, 0xf4);
}

static void end_vm(int failed)
{
    fflush(stdout);
    sync();
    if (cfg.exit_mode != 2)
        try_debug_exit(failed ? 1 : 0);
    /* Still here: no debug-exit device (or bench.exit=poweroff). */
    reboot(RB_POWER_OFF);
    for (;;)
        pause();
}

static int as_init(void)
{
    mkdir("/proc", 0555);
    mkdir("/sys", 0555);
    mkdir("/dev", 0755);
    mkdir("/tmp", 01777);
    mount("proc", "/proc", "proc", 0, NULL);
    mount("sysfs", "/sys", "sysfs", 0, NULL);
    mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
    init_console();
    read_cmdline(&cfg);
    setvbuf(stdout, NULL, _IOLBF, 0);

    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        printf("BENCH linux error what=fork errno=%d\n", errno);
        end_vm(1);
    }
    if (pid == 0)
        _exit(run_all());

    int failed = 1;
    for (;;) {
        int st;
        pid_t w = wait(&st);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (w == pid) {
            failed = !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
            if (failed)
                printf("BENCH linux error what=benchmark-exit status=%d\n", st);
            break;
        }
    }
    end_vm(failed);
    return 0;
}

int main(int argc, char **argv)
{
    if (getpid() == 1)
        return as_init();

    read_cmdline(&cfg);
    static char exit0_buf[4096];
    if (access(exit0_path, X_OK) != 0) {
        /* Not in the VM: look for exit0 next to this program. */
        ssize_t n = readlink("/proc/self/exe", exit0_buf, sizeof exit0_buf - 16);
        if (n > 0) {
            exit0_buf[n] = 0;
            char *slash = strrchr(exit0_buf, '/');
            if (slash) {
                strcpy(slash + 1, "exit0");
                exit0_path = exit0_buf;
            }
        }
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            cfg.quick = 1;
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            cfg.reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            snprintf(cfg.only, sizeof cfg.only, "%s", argv[++i]);
        else if (strcmp(argv[i], "--exit0") == 0 && i + 1 < argc)
            exit0_path = argv[++i];
        else if (strcmp(argv[i], "--disk") == 0 && i + 1 < argc)
            snprintf(cfg.disk_dev, sizeof cfg.disk_dev, "%s", argv[++i]);
        else if (strcmp(argv[i], "--mnt") == 0 && i + 1 < argc)
            snprintf(cfg.mount_dir, sizeof cfg.mount_dir, "%s", argv[++i]);
        else if (strcmp(argv[i], "--keep-cache") == 0)
            cfg.keep_cache = 1;
        else {
            fprintf(stderr,
                    "usage: %s [--quick] [--reps N] [--only NAME[,NAME...]] [--exit0 PATH]\n"
                    "          [--disk DEVICE-OR-IMAGE] [--mnt DIR] [--keep-cache]\n",
                    argv[0]);
            return 2;
        }
    }
    return run_all();
}

/*
 * bench.h -- what linuxbench's source files share: the clock, the timed
 * interval, the row-function signature, the run's configuration and the
 * error lines.
 */
#ifndef LINUXBENCH_BENCH_H
#define LINUXBENCH_BENCH_H

#include <stdint.h>
#include <time.h>

/* ------------------------------------------------------------------------ */
/* Clocks                                                                    */

static inline uint64_t tsc(void)
{
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* One timed interval: TSC cycles and monotonic nanoseconds.  `ops` is the
 * number of operations timed when the row decides it itself (the disk rows:
 * KiB read, requests replayed); 0 means the `iters` the row was given. */
struct span {
    uint64_t c0, n0, cycles, ns;
    long ops;
};

static inline void span_start(struct span *s)
{
    s->n0 = mono_ns();
    s->c0 = tsc();
}

static inline void span_stop(struct span *s)
{
    uint64_t c1 = tsc();
    uint64_t n1 = mono_ns();
    s->cycles = c1 - s->c0;
    s->ns = n1 - s->n0;
}

/* A row measures `iters` operations (after an untimed warm-up) into *s and
 * returns 0, or returns -1 when it cannot run here (reported as skipped,
 * with skip_reason if the row set it). */
typedef int (*bench_fn)(long iters, long arg, struct span *s);

/* Set by a row that returns -1: why it was skipped (printed as reason="..."). */
extern const char *skip_reason;

long warmup_of(long iters);

/* ------------------------------------------------------------------------ */
/* Configuration (kernel command line, or options when not PID 1)           */

struct config {
    int quick;
    int reps;
    char only[512];
    int exit_mode;     /* 0 auto (debug-exit, then power off), 1 debugexit, 2 poweroff */
    int selftest_fail; /* bench.selftest=fail: die after the start line (tests the failure path) */
    int disk;          /* bench.disk=1: a disk is attached; load the storage modules and mount it */
    char disk_dev[256];  /* raw device of the Disk.* rows (guest: /dev/sda) */
    char mount_dir[256]; /* where the image's FAT partition is mounted (guest: /mnt) */
    int keep_cache;      /* host option --keep-cache: WebFiles does not drop the page cache */
};

extern struct config cfg;

/* ------------------------------------------------------------------------ */
/* Errors: one "BENCH linux error what=..." line, then exit status 2.       */

/* With errno and its text. */
__attribute__((noreturn)) void die(const char *what);
/* With a message of our own (no errno): for bad input such as a malformed request list. */
__attribute__((noreturn, format(printf, 2, 3))) void fail(const char *what, const char *fmt, ...);

#endif

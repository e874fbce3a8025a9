/*
 * diskrows.c -- Disk.SeqRead-4K/-64K (the raw device read sequentially from
 * offset 0 with O_DIRECT, so every request goes to the disk) and
 * File.OpenReadClose (a small file through vfat, warm), as
 * Bench/WebFiles/README.md defines them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disk.h"

#define NO_DISK "no disk attached (run.sh --disk IMAGE; host: --disk PATH)"
#define NO_MOUNT "no disk mounted (run.sh --disk IMAGE; host: --mnt DIR)"
#define SMALL_FILE "web/small.bin"
#define SMALL_FILE_BYTES 512

static uint64_t device_bytes(int fd)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        die("fstat-disk");
    if (S_ISREG(st.st_mode))
        return (uint64_t)st.st_size;
    uint64_t bytes = 0;
    if (ioctl(fd, BLKGETSIZE64, &bytes) != 0)
        die("BLKGETSIZE64");
    return bytes;
}

int b_seqread(long iters, long arg, struct span *s)
{
    (void)iters;
    if (!cfg.disk_dev[0]) {
        skip_reason = NO_DISK;
        return -1;
    }
    size_t request = (size_t)arg;
    long total = cfg.quick ? SEQREAD_BYTES_QUICK : SEQREAD_BYTES;
    int fd = open(cfg.disk_dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
    if (fd < 0)
        fail("open-disk", "%s with O_DIRECT: %s", cfg.disk_dev, strerror(errno));
    uint64_t size = device_bytes(fd);
    if (size < (uint64_t)total)
        fail("disk-too-small", "%s has %llu bytes; the SeqRead rows read the first %ld", cfg.disk_dev,
             (unsigned long long)size, total);
    /* O_DIRECT needs the buffer, offset and length aligned to the logical block. */
    void *buf;
    if (posix_memalign(&buf, 4096, request) != 0)
        die("posix_memalign");
    pid_t spinner = idle_spinner_start();
    /* Warm-up: a few requests, untimed (code paths and the device's queue). */
    for (long i = 0; i < 8; i++)
        if (pread(fd, buf, request, (off_t)(i * (long)request)) != (ssize_t)request)
            fail("seqread", "warm-up read at %ld of %s", i * (long)request, cfg.disk_dev);
    span_start(s);
    for (long off = 0; off < total; off += (long)request) {
        ssize_t r = pread(fd, buf, request, off);
        if (r != (ssize_t)request)
            fail("seqread", "read of %zu bytes at offset %ld of %s returned %zd (errno %d)", request,
                 off, cfg.disk_dev, r, errno);
    }
    span_stop(s);
    idle_spinner_stop(spinner);
    s->ops = total / 1024; /* one op = 1 KiB: cycles_per_op is cycles per KiB */
    free(buf);
    close(fd);
    return 0;
}

uint64_t open_read_close(int dirfd, const char *path, char *buf)
{
    int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        fail("open", "%s/%s: %s", cfg.mount_dir, path, strerror(errno));
    uint64_t total = 0;
    for (;;) {
        ssize_t r = read(fd, buf, READ_CHUNK);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            fail("read", "%s/%s at %llu: %s", cfg.mount_dir, path, (unsigned long long)total,
                 strerror(errno));
        }
        if (r == 0)
            break;
        total += (uint64_t)r;
    }
    close(fd);
    return total;
}

int b_openreadclose(long iters, long arg, struct span *s)
{
    (void)arg;
    static char buf[READ_CHUNK];
    if (!cfg.mount_dir[0]) {
        skip_reason = NO_MOUNT;
        return -1;
    }
    int dirfd = open(cfg.mount_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirfd < 0)
        fail("open", "%s: %s", cfg.mount_dir, strerror(errno));
    uint64_t got = open_read_close(dirfd, SMALL_FILE, buf);
    if (got != SMALL_FILE_BYTES)
        fail("small-file", "%s/%s has %llu bytes; Bench/WebFiles/README.md says %d", cfg.mount_dir,
             SMALL_FILE, (unsigned long long)got, SMALL_FILE_BYTES);
    for (long i = 0; i < warmup_of(iters); i++)
        open_read_close(dirfd, SMALL_FILE, buf);
    span_start(s);
    for (long i = 0; i < iters; i++)
        open_read_close(dirfd, SMALL_FILE, buf);
    span_stop(s);
    close(dirfd);
    return 0;
}

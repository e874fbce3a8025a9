/*
 * disk.h -- the storage rows of Bench/WebFiles/README.md (Disk.SeqRead-4K,
 * Disk.SeqRead-64K, File.OpenReadClose, WebFiles) and the setup that gives
 * them a disk: in the guest, the storage modules, /dev/sda and /dev/sda1
 * mounted at /mnt.
 */
#ifndef LINUXBENCH_DISK_H
#define LINUXBENCH_DISK_H

#include <stdint.h>
#include <sys/types.h>

#include "bench.h"

/* In the guest with bench.disk=1: loads the modules the initramfs lists,
 * waits for the disk and its first partition, mounts it read-only (vfat) and
 * sets cfg.disk_dev and cfg.mount_dir.  On a host run with --disk/--mnt it
 * only reports them.  Any failure is a fatal error line. */
void disk_setup(void);

/* Loads the kernel modules listed in `list` (one path per line, dependencies
 * first) with finit_module(2); returns how many were listed. */
int load_modules(const char *list);

/* Sequential O_DIRECT read of the raw disk in requests of `arg` bytes. */
int b_seqread(long iters, long arg, struct span *s);
/* open + read to end of file + close of web/small.bin (warm). */
int b_openreadclose(long iters, long arg, struct span *s);
/* The WebFiles client loop over web/requests.txt, page cache dropped first. */
int b_webfiles(long iters, long arg, struct span *s);

/* The client's read size: files are read in requests of at most 64 KiB. */
#define READ_CHUNK (64 * 1024)

/* open(mount_dir/path) read-only, read until end of file in READ_CHUNK
 * requests into buf, close; returns the bytes read.  A failed call is fatal. */
uint64_t open_read_close(int dirfd, const char *path, char *buf);

/* A SCHED_IDLE process that spins while a row waits for the disk, so the
 * vCPU never halts (idlespin.c says why); stop it with idle_spinner_stop. */
pid_t idle_spinner_start(void);
void idle_spinner_stop(pid_t spinner);

/* Bytes the SeqRead rows read per repetition: full, and quick mode. */
#define SEQREAD_BYTES (32L << 20)
#define SEQREAD_BYTES_QUICK (4L << 20)

/* Bytes WebFiles read in its last repetition (printed as bytes=). */
extern uint64_t webfiles_last_bytes;

#endif

/*
 * disksetup.c -- gives the storage rows their disk.  In the guest
 * (bench.disk=1): load the modules the initramfs lists, wait until the
 * kernel has found the disk and its first partition, and mount that
 * partition read-only as vfat at /mnt, as Bench/WebFiles/README.md says.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "disk.h"

#define MODULE_LIST "/lib/modules/disk-modules.list"
#define DISK "sda"
#define PARTITION "sda1"
#define MOUNT_DIR "/mnt"
/* AHCI probing and the partition scan run asynchronously after the modules load. */
#define WAIT_NS (30ull * 1000000000ull)

/* devtmpfs creates /dev/NAME; if /dev is not devtmpfs, make the node from
 * /sys/class/block/NAME/dev ("major:minor"). */
static int block_node(const char *name)
{
    char path[128], sys[128], text[32];
    struct stat st;
    snprintf(path, sizeof path, "/dev/%s", name);
    if (stat(path, &st) == 0 && S_ISBLK(st.st_mode))
        return 1;
    snprintf(sys, sizeof sys, "/sys/class/block/%s/dev", name);
    int fd = open(sys, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    unsigned maj, min;
    if (n <= 0)
        return 0;
    text[n] = 0;
    if (sscanf(text, "%u:%u", &maj, &min) != 2)
        return 0;
    if (mknod(path, S_IFBLK | 0600, makedev(maj, min)) != 0 && errno != EEXIST)
        die("mknod");
    return 1;
}

void disk_setup(void)
{
    if (!cfg.disk) {
        if (cfg.disk_dev[0] || cfg.mount_dir[0])
            printf("BENCH linux disk device=%s mount=%s modules=0\n",
                   cfg.disk_dev[0] ? cfg.disk_dev : "-", cfg.mount_dir[0] ? cfg.mount_dir : "-");
        return;
    }
    uint64_t t0 = mono_ns();
    int modules = load_modules(MODULE_LIST);
    uint64_t t1 = mono_ns();
    while (!(block_node(DISK) && block_node(PARTITION))) {
        if (mono_ns() - t1 > WAIT_NS)
            fail("disk-wait", "no /dev/" DISK " and /dev/" PARTITION " %llu s after loading %d modules "
                 "(is the image attached as -device ide-hd,bus=ide.0 on q35, with an MBR partition?)",
                 WAIT_NS / 1000000000ull, modules);
        usleep(10000);
    }
    uint64_t t2 = mono_ns();
    mkdir(MOUNT_DIR, 0755);
    if (mount("/dev/" PARTITION, MOUNT_DIR, "vfat", MS_RDONLY, "") != 0)
        fail("mount", "/dev/" PARTITION " -t vfat -o ro at " MOUNT_DIR ": %s", strerror(errno));
    uint64_t t3 = mono_ns();
    snprintf(cfg.disk_dev, sizeof cfg.disk_dev, "/dev/%s", DISK);
    snprintf(cfg.mount_dir, sizeof cfg.mount_dir, "%s", MOUNT_DIR);
    printf("BENCH linux disk device=%s partition=/dev/%s mount=%s fs=vfat modules=%d load_secs=%.3f "
           "wait_secs=%.3f mount_secs=%.3f\n",
           cfg.disk_dev, PARTITION, cfg.mount_dir, modules, (double)(t1 - t0) / 1e9,
           (double)(t2 - t1) / 1e9, (double)(t3 - t2) / 1e9);
}

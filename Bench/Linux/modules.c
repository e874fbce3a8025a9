/*
 * modules.c -- loads kernel modules without modprobe: the initramfs carries
 * the .ko files and a list of them in load order (Bench/Linux/build.sh
 * resolves it from the kernel's modules.dep), and each is handed to the
 * kernel with finit_module(2).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "disk.h"

int load_modules(const char *list)
{
    FILE *f = fopen(list, "re");
    if (!f)
        fail("disk-modules", "%s: %s (boot initramfs-disk.cpio.gz, as run.sh --disk does)", list,
             strerror(errno));
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!line[0])
            continue;
        int fd = open(line, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            fail("disk-modules", "%s (listed in %s): %s", line, list, strerror(errno));
        /* EEXIST: already loaded (or built in on another kernel); fine. */
        if (syscall(SYS_finit_module, fd, "", 0) != 0 && errno != EEXIST)
            fail("finit_module", "%s: %s", line, strerror(errno));
        close(fd);
        n++;
    }
    fclose(f);
    if (n == 0)
        fail("disk-modules", "%s lists no modules", list);
    return n;
}

/*
 * webfiles.c -- the WebFiles client of Bench/WebFiles/README.md (004 section
 * 4.3): read web/requests.txt whole and parse it (untimed), drop the page
 * cache, then time open + read to end of file + close of every request in
 * order (the first Q in quick mode), checking each file's length against
 * the list.  Any mismatch or malformed line is a fatal error line naming it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disk.h"

#define REQUEST_LIST "web/requests.txt"
#define HEADER_MAGIC "webfiles 1 "
/* Bounds that no conforming list comes near (50,000 requests of ~30-byte lines). */
#define MAX_LIST_BYTES (256L << 20)
#define MAX_REQUESTS 10000000L
#define MAX_PATH_LEN 255
#define MAX_FILE_BYTES (1ULL << 40)

struct request {
    const char *path; /* relative to the mount point (PATH without its leading '/') */
    uint64_t size;
};

struct request_list {
    char *text;
    struct request *req;
    long count, quick;
    uint64_t files, bytes;
};

uint64_t webfiles_last_bytes;

/* Parses "key=N" at *p followed by `end` (' ' or '\n'), advancing *p. */
static uint64_t header_field(char **p, const char *key, char end)
{
    size_t klen = strlen(key);
    if (strncmp(*p, key, klen) != 0 || (*p)[klen] != '=')
        fail("webfiles-requests", REQUEST_LIST " line 1: expected %s= at \"%.20s\" (header is "
             "'webfiles 1 files=F bytes=B requests=R quick=Q')", key, *p);
    char *q = *p + klen + 1, *digits = q;
    uint64_t v = 0;
    while (*q >= '0' && *q <= '9') {
        if (v > (UINT64_MAX - 9) / 10)
            fail("webfiles-requests", REQUEST_LIST " line 1: %s is too large", key);
        v = v * 10 + (uint64_t)(*q++ - '0');
    }
    if (q == digits || *q != end)
        fail("webfiles-requests", REQUEST_LIST " line 1: %s= needs a decimal number followed by %s",
             key, end == ' ' ? "a space" : "the end of the line");
    *p = q + 1;
    return v;
}

static int path_char_ok(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/' || c == '_' || c == '-' ||
           c == '.';
}

/* Parses the whole list in place (NULs replace the separators). */
static void parse_requests(char *text, size_t len, struct request_list *out)
{
    char *end = text + len, *p = text;
    if (len == 0 || end[-1] != '\n')
        fail("webfiles-requests", REQUEST_LIST " is empty or its last line has no '\\n'");
    if (strncmp(p, HEADER_MAGIC, strlen(HEADER_MAGIC)) != 0)
        fail("webfiles-requests", REQUEST_LIST " line 1 does not start with '" HEADER_MAGIC "'");
    p += strlen(HEADER_MAGIC);
    out->files = header_field(&p, "files", ' ');
    out->bytes = header_field(&p, "bytes", ' ');
    uint64_t r = header_field(&p, "requests", ' ');
    uint64_t q = header_field(&p, "quick", '\n');
    if (r < 1 || r > MAX_REQUESTS)
        fail("webfiles-requests", REQUEST_LIST " line 1: requests=%llu is outside 1..%ld",
             (unsigned long long)r, MAX_REQUESTS);
    if (q < 1 || q > r)
        fail("webfiles-requests", REQUEST_LIST " line 1: quick=%llu is outside 1..requests (%llu)",
             (unsigned long long)q, (unsigned long long)r);
    out->count = (long)r;
    out->quick = (long)q;
    out->req = calloc((size_t)r, sizeof *out->req);
    if (!out->req)
        die("calloc-requests");
    for (long i = 0; i < out->count; i++) {
        long line = i + 2;
        if (p >= end)
            fail("webfiles-requests", REQUEST_LIST " ends after %ld of the %ld requests its header "
                 "announces", i, out->count);
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *sp = memchr(p, ' ', (size_t)(nl - p));
        if (!sp)
            fail("webfiles-requests", REQUEST_LIST " line %ld: expected 'PATH SIZE'", line);
        size_t plen = (size_t)(sp - p);
        if (plen < 2 || plen > MAX_PATH_LEN || p[0] != '/')
            fail("webfiles-requests", REQUEST_LIST " line %ld: PATH must be absolute and 2..%d "
                 "characters", line, MAX_PATH_LEN);
        for (size_t k = 0; k < plen; k++)
            if (!path_char_ok(p[k]) || (p[k] == '/' && k + 1 < plen && p[k + 1] == '/'))
                fail("webfiles-requests", REQUEST_LIST " line %ld: PATH has byte 0x%02x at %zu "
                     "(lower case, digits, '_-./', single '/' separators)", line,
                     (unsigned char)p[k], k);
        const char *dots = memmem(p, plen, "/..", 3);
        if (dots && (dots + 3 == sp || dots[3] == '/'))
            fail("webfiles-requests", REQUEST_LIST " line %ld: PATH has a '..' component", line);
        uint64_t size = 0;
        char *d = sp + 1;
        if (d == nl)
            fail("webfiles-requests", REQUEST_LIST " line %ld: SIZE is missing", line);
        for (; d < nl; d++) {
            if (*d < '0' || *d > '9')
                fail("webfiles-requests", REQUEST_LIST " line %ld: SIZE has '%c' (decimal digits "
                     "only)", line, *d);
            size = size * 10 + (uint64_t)(*d - '0');
            if (size > MAX_FILE_BYTES)
                fail("webfiles-requests", REQUEST_LIST " line %ld: SIZE above %llu", line,
                     MAX_FILE_BYTES);
        }
        *sp = 0;
        out->req[i].path = p + 1;
        out->req[i].size = size;
        p = nl + 1;
    }
    if (p != end)
        fail("webfiles-requests", REQUEST_LIST " has more lines than the %ld requests its header "
             "announces", out->count);
}

static void load_requests(int dirfd, struct request_list *out)
{
    int fd = openat(dirfd, REQUEST_LIST, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        fail("webfiles-requests", "%s/" REQUEST_LIST ": %s", cfg.mount_dir, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0)
        die("fstat-requests");
    if (st.st_size <= 0 || st.st_size > MAX_LIST_BYTES)
        fail("webfiles-requests", "%s/" REQUEST_LIST " has %lld bytes (1..%ld expected)",
             cfg.mount_dir, (long long)st.st_size, MAX_LIST_BYTES);
    size_t len = (size_t)st.st_size;
    char *text = malloc(len + 1);
    if (!text)
        die("malloc-requests");
    for (size_t got = 0; got < len;) {
        ssize_t r = read(fd, text + got, len - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            fail("webfiles-requests", "%s/" REQUEST_LIST ": read stopped at %zu of %zu bytes",
                 cfg.mount_dir, got, len);
        got += (size_t)r;
    }
    close(fd);
    text[len] = 0;
    out->text = text;
    parse_requests(text, len, out);
}

static void drop_page_cache(void)
{
    if (cfg.keep_cache) /* host runs of the client's checks: leave the host's cache alone */
        return;
    sync();
    int fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, "3\n", 2) != 2)
        die("drop_caches");
    close(fd);
}

int b_webfiles(long iters, long arg, struct span *s)
{
    (void)iters;
    (void)arg;
    static struct request_list list;
    static char buf[READ_CHUNK];
    if (!cfg.mount_dir[0]) {
        skip_reason = "no disk mounted (run.sh --disk IMAGE; host: --mnt DIR)";
        return -1;
    }
    int dirfd = open(cfg.mount_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirfd < 0)
        fail("open", "%s: %s", cfg.mount_dir, strerror(errno));
    if (!list.req)
        load_requests(dirfd, &list);
    long n = cfg.quick ? list.quick : list.count;
    uint64_t bytes = 0;
    drop_page_cache();
    pid_t spinner = idle_spinner_start();
    span_start(s);
    for (long i = 0; i < n; i++) {
        uint64_t got = open_read_close(dirfd, list.req[i].path, buf);
        if (got != list.req[i].size)
            fail("webfiles-request", "request %ld (line %ld) /%s: read %llu bytes, the list says %llu",
                 i + 1, i + 2, list.req[i].path, (unsigned long long)got,
                 (unsigned long long)list.req[i].size);
        bytes += got;
    }
    span_stop(s);
    idle_spinner_stop(spinner);
    close(dirfd);
    s->ops = n;
    webfiles_last_bytes = bytes;
    return 0;
}

#!/usr/bin/env bash
# Builds the Linux baseline guest for SingBench:
#   artifacts/linux/vmlinuz            a Debian kernel (package linux-image-amd64)
#   artifacts/linux/initramfs.cpio.gz  /init = linuxbench (static), /bin/exit0
# Installs missing Debian packages with apt-get (nothing is downloaded any
# other way).  Incremental: each output is rebuilt only when older than its
# inputs.  Usage: Bench/Linux/build.sh [--force]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/artifacts/linux"
FORCE=0
for a in "$@"; do
    case "$a" in
        --force) FORCE=1 ;;
        -h|--help) sed -n 2,8p "$0"; exit 0 ;;
        *) echo "build.sh: unknown argument $a" >&2; exit 2 ;;
    esac
done

log() { echo "[linux-build] $*" >&2; }

# --- prerequisites ----------------------------------------------------------
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

pkg_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

# apt/dpkg may be busy with another engineer's install: wait for the locks.
apt_retry() {
    local tries=0
    until $SUDO env DEBIAN_FRONTEND=noninteractive apt-get \
            -o DPkg::Lock::Timeout=900 -o Acquire::Retries=3 "$@"; do
        tries=$((tries + 1))
        if [ "$tries" -ge 20 ]; then
            log "apt-get $* failed repeatedly"; return 1
        fi
        log "apt-get $1 failed (lock held?); retrying in 15 s ($tries/20)"
        sleep 15
    done
}

need=()
for p in gcc libc6-dev cpio gzip linux-image-amd64 qemu-system-x86; do
    pkg_installed "$p" || need+=("$p")
done
if [ "${#need[@]}" -gt 0 ]; then
    log "installing: ${need[*]}"
    apt_retry update -qq
    apt_retry install -y -qq --no-install-recommends "${need[@]}"
fi

# --- inputs -----------------------------------------------------------------
KERNEL_SRC="$(ls -1 /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$KERNEL_SRC" ]; then
    log "no /boot/vmlinuz-* after installing linux-image-amd64"; exit 1
fi

mkdir -p "$OUT/build"

# newer OUT IN...: true if OUT is missing or older than any IN (or --force)
stale() {
    local out="$1"; shift
    [ "$FORCE" -eq 1 ] && return 0
    [ -e "$out" ] || return 0
    local in
    for in in "$@"; do
        [ "$in" -nt "$out" ] && return 0
    done
    return 1
}

CFLAGS=(-O2 -Wall -Wextra -static -s)

# --- kernel -----------------------------------------------------------------
if stale "$OUT/vmlinuz" "$KERNEL_SRC"; then
    log "kernel: $KERNEL_SRC"
    cp "$KERNEL_SRC" "$OUT/vmlinuz.tmp"
    chmod 0644 "$OUT/vmlinuz.tmp"
    touch "$OUT/vmlinuz.tmp"
    mv -f "$OUT/vmlinuz.tmp" "$OUT/vmlinuz"
    basename "$KERNEL_SRC" | sed 's/^vmlinuz-//' > "$OUT/kernel-version"
fi

# --- programs ---------------------------------------------------------------
if stale "$OUT/build/linuxbench" "$HERE/linuxbench.c" "$HERE/build.sh"; then
    log "compiling linuxbench"
    gcc "${CFLAGS[@]}" -pthread -o "$OUT/build/linuxbench" "$HERE/linuxbench.c"
fi
if stale "$OUT/build/exit0" "$HERE/exit0.c" "$HERE/build.sh"; then
    log "compiling exit0"
    gcc "${CFLAGS[@]}" -nostdlib -o "$OUT/build/exit0" "$HERE/exit0.c"
fi

# --- initramfs --------------------------------------------------------------
if stale "$OUT/initramfs.cpio.gz" "$OUT/build/linuxbench" "$OUT/build/exit0" "$HERE/build.sh"; then
    log "packing initramfs"
    STAGE="$OUT/build/root"
    rm -rf "$STAGE"
    mkdir -p "$STAGE/bin" "$STAGE/dev" "$STAGE/proc" "$STAGE/sys" "$STAGE/tmp"
    chmod 1777 "$STAGE/tmp"
    install -m 0755 "$OUT/build/linuxbench" "$STAGE/init"
    install -m 0755 "$OUT/build/exit0" "$STAGE/bin/exit0"
    # The kernel opens /dev/console for /init before anything is mounted.
    # Without root we cannot mknod; /init then opens the console itself.
    if [ "$(id -u)" -eq 0 ]; then
        mknod -m 0600 "$STAGE/dev/console" c 5 1
    fi
    (cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort \
        | cpio --quiet -o -H newc --owner=0:0 --reproducible) \
        | gzip -9 -n > "$OUT/initramfs.cpio.gz.tmp"
    mv -f "$OUT/initramfs.cpio.gz.tmp" "$OUT/initramfs.cpio.gz"
fi

log "ok: $OUT/vmlinuz ($(cat "$OUT/kernel-version" 2>/dev/null || echo '?')), $OUT/initramfs.cpio.gz ($(stat -c %s "$OUT/initramfs.cpio.gz") bytes)"

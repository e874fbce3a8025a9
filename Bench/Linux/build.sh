#!/usr/bin/env bash
# Builds the Linux baseline guest for SingBench:
#   artifacts/linux/vmlinuz            a Debian kernel (package linux-image-amd64)
#   artifacts/linux/initramfs.cpio.gz  /init = linuxbench (static), /bin/exit0
#   artifacts/linux/initramfs-disk.cpio.gz  the same plus the storage modules
#                                      (AHCI, sd, vfat, NLS) that run.sh --disk needs
#   artifacts/linux/build/compute.cpio.gz   with --compute: /bin/computebench
#                                      (Bench/Compute/Stock, stock .NET NativeAOT)
#                                      and the C library it links (run.sh --compute)
# Installs missing Debian packages with apt-get (nothing is downloaded any
# other way).  Incremental: each output is rebuilt only when older than its
# inputs.  Usage: Bench/Linux/build.sh [--force] [--compute]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/artifacts/linux"
FORCE=0 COMPUTE=0
for a in "$@"; do
    case "$a" in
        --force) FORCE=1 ;;
        --compute) COMPUTE=1 ;;
        -h|--help) sed -n 2,13p "$0"; exit 0 ;;
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
BENCH_SOURCES=("$HERE/linuxbench.c" "$HERE/disksetup.c" "$HERE/modules.c" "$HERE/diskrows.c" "$HERE/webfiles.c" "$HERE/idlespin.c")
if stale "$OUT/build/linuxbench" "${BENCH_SOURCES[@]}" "$HERE/bench.h" "$HERE/disk.h" "$HERE/build.sh"; then
    log "compiling linuxbench"
    gcc "${CFLAGS[@]}" -pthread -o "$OUT/build/linuxbench" "${BENCH_SOURCES[@]}"
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

# --- storage modules (initramfs-disk) ---------------------------------------
# The disk rows need AHCI (q35's SATA controller), the SCSI disk driver and
# vfat with the code page and I/O character set the kernel's FAT defaults
# name.  Dependencies come from the kernel's own modules.dep, so the list
# follows the kernel package; modules built into the kernel are skipped.
KVER="$(cat "$OUT/kernel-version")"
MODDIR="/lib/modules/$KVER"
KCONFIG="/boot/config-$KVER"
for f in "$MODDIR/modules.dep" "$MODDIR/modules.builtin" "$KCONFIG"; do
    [ -f "$f" ] || { log "missing $f (package linux-image-$KVER)"; exit 1; }
done
codepage="$(sed -n 's/^CONFIG_FAT_DEFAULT_CODEPAGE=//p' "$KCONFIG")"
iocharset="$(sed -n 's/^CONFIG_FAT_DEFAULT_IOCHARSET="\(.*\)"$/\1/p' "$KCONFIG")"
WANTED=(ahci sd_mod vfat "nls_cp${codepage:-437}" "nls_${iocharset:-ascii}")

# Module paths (relative to $MODDIR) in load order: each after its dependencies.
resolve_modules() {
    awk -v wanted="${WANTED[*]}" '
        function norm(path,   n) { n = path; sub(/.*\//, "", n); sub(/\.ko(\.(xz|zst|gz))?$/, "", n); gsub(/-/, "_", n); return n }
        FILENAME ~ /modules\.builtin$/ { builtin[norm($0)] = 1; next }
        { mod = $1; sub(/:$/, "", mod); byname[norm(mod)] = mod; deps[mod] = ""
          for (i = 2; i <= NF; i++) deps[mod] = deps[mod] " " $i }
        function visit(mod,   n, d, i) {
            if (mod in done) return
            done[mod] = 1
            n = split(deps[mod], d, " ")
            for (i = n; i >= 1; i--) visit(d[i])
            print mod
        }
        END {
            n = split(wanted, w, " ")
            for (i = 1; i <= n; i++) {
                name = w[i]; gsub(/-/, "_", name)
                if (name in byname) visit(byname[name])
                else if (!(name in builtin)) { print "module " w[i] " is neither in modules.dep nor built in" > "/dev/stderr"; exit 1 }
            }
        }' "$MODDIR/modules.builtin" "$MODDIR/modules.dep"
}

MODULES_CPIO="$OUT/build/disk-modules.cpio.gz"
if stale "$MODULES_CPIO" "$MODDIR/modules.dep" "$KCONFIG" "$HERE/build.sh"; then
    log "collecting storage modules for $KVER"
    MODLIST="$(resolve_modules)" || { log "could not resolve the storage modules from $MODDIR/modules.dep"; exit 1; }
    MSTAGE="$OUT/build/modroot"
    rm -rf "$MSTAGE"
    mkdir -p "$MSTAGE/lib/modules"
    : > "$MSTAGE/lib/modules/disk-modules.list"
    while read -r rel; do
        src="$MODDIR/$rel"
        dst="$MSTAGE/lib/modules/$KVER/${rel%.ko*}.ko"
        mkdir -p "$(dirname "$dst")"
        # finit_module is given plain .ko files: decompress here, not in the guest.
        case "$rel" in
            *.ko) cp "$src" "$dst" ;;
            *.ko.xz) xz -dc "$src" > "$dst" ;;
            *.ko.zst) zstd -qdc "$src" > "$dst" ;;
            *.ko.gz) gzip -dc "$src" > "$dst" ;;
            *) log "unexpected module file $rel"; exit 1 ;;
        esac
        echo "/lib/modules/$KVER/${rel%.ko*}.ko" >> "$MSTAGE/lib/modules/disk-modules.list"
    done <<< "$MODLIST"
    log "storage modules: $(sed 's|.*/||' "$MSTAGE/lib/modules/disk-modules.list" | tr '\n' ' ')"
    (cd "$MSTAGE" && find . -mindepth 1 | LC_ALL=C sort \
        | cpio --quiet -o -H newc --owner=0:0 --reproducible) \
        | gzip -9 -n > "$MODULES_CPIO.tmp"
    mv -f "$MODULES_CPIO.tmp" "$MODULES_CPIO"
fi
# The kernel unpacks concatenated cpio archives one after the other.
if stale "$OUT/initramfs-disk.cpio.gz" "$OUT/initramfs.cpio.gz" "$MODULES_CPIO"; then
    cat "$OUT/initramfs.cpio.gz" "$MODULES_CPIO" > "$OUT/initramfs-disk.cpio.gz.tmp"
    mv -f "$OUT/initramfs-disk.cpio.gz.tmp" "$OUT/initramfs-disk.cpio.gz"
fi
log "ok: $OUT/initramfs-disk.cpio.gz ($(stat -c %s "$OUT/initramfs-disk.cpio.gz") bytes)"

# --- compute rows (--compute) -----------------------------------------------
# Bench/Compute's workloads as a stock .NET program: published with the SDK's
# NativeAOT (the ILC the SIPs are compiled with), with the dynamic C library
# it links copied from this machine (ldd names them), in a cpio that run.sh
# appends to the initramfs.
if [ "$COMPUTE" -eq 1 ]; then
    COMPUTE_SRC="$ROOT/Bench/Compute"
    COMPUTE_OUT="$OUT/build/compute"
    COMPUTE_CPIO="$OUT/build/compute.cpio.gz"
    mapfile -t COMPUTE_INPUTS < <(find "$COMPUTE_SRC/Workloads" "$COMPUTE_SRC/Stock" -name '*.cs' -o -name '*.csproj' | grep -v '/obj/\|/bin/')
    if stale "$COMPUTE_CPIO" "${COMPUTE_INPUTS[@]}" "$HERE/build.sh"; then
        log "publishing computebench (stock .NET NativeAOT)"
        dotnet publish "$COMPUTE_SRC/Stock/ComputeBench.csproj" -c Release -nologo -v:q -o "$COMPUTE_OUT" >&2
        CSTAGE="$OUT/build/computeroot"
        rm -rf "$CSTAGE"
        mkdir -p "$CSTAGE/bin"
        install -m 0755 "$COMPUTE_OUT/computebench" "$CSTAGE/bin/computebench"
        # Each library at the path the loader looks for it, the loader at the path the binary names.
        for lib in $(ldd "$COMPUTE_OUT/computebench" | awk '/=>/ { print $3 } !/=>/ && $1 ~ /^\// { print $1 }'); do
            mkdir -p "$CSTAGE$(dirname "$lib")"
            cp -L "$lib" "$CSTAGE$lib"
        done
        (cd "$CSTAGE" && find . -mindepth 1 | LC_ALL=C sort \
            | cpio --quiet -o -H newc --owner=0:0 --reproducible) \
            | gzip -9 -n > "$COMPUTE_CPIO.tmp"
        mv -f "$COMPUTE_CPIO.tmp" "$COMPUTE_CPIO"
    fi
    log "ok: $COMPUTE_CPIO ($(stat -c %s "$COMPUTE_CPIO") bytes)"
fi

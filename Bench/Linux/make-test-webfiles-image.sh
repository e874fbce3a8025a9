#!/usr/bin/env bash
# Makes a small disk image in the layout of Bench/WebFiles/README.md, for
# testing the Linux guest's storage rows without the full generator
# (sing-diskimage --webfiles): an MBR with one FAT32 partition from sector
# 2048 to the end, /web/small.bin (512 bytes), a small file set in SPECweb99's
# four size classes under /web/dNNNN/cK_M, and /web/requests.txt in the
# spec's format.  Deterministic sizes, contents, request list, volume id and times.
# Uses only Debian tools: coreutils, awk, mkfs.fat (dosfstools), mtools.
#
# Usage: Bench/Linux/make-test-webfiles-image.sh --out IMAGE [--requests R] [--quick Q]
# Prints one summary line: "webfiles-test-image out=IMAGE files=F bytes=B
# requests=R quick=Q quick_bytes=QB" (QB: bytes the first Q requests read).
set -euo pipefail

OUT="" REQUESTS=300 QUICK=60
while [ $# -gt 0 ]; do
    case "$1" in
        --out) OUT="$2"; shift ;;
        --requests) REQUESTS="$2"; shift ;;
        --quick) QUICK="$2"; shift ;;
        -h|--help) sed -n 2,13p "$0"; exit 0 ;;
        *) echo "make-test-webfiles-image.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$OUT" ] || { echo "make-test-webfiles-image.sh: --out IMAGE is required" >&2; exit 2; }
case "$REQUESTS$QUICK" in *[!0-9]*) echo "make-test-webfiles-image.sh: --requests and --quick take numbers" >&2; exit 2 ;; esac
[ "$QUICK" -ge 1 ] && [ "$QUICK" -le "$REQUESTS" ] \
    || { echo "make-test-webfiles-image.sh: need 1 <= quick ($QUICK) <= requests ($REQUESTS)" >&2; exit 2; }
for tool in mkfs.fat mcopy mmd awk; do
    command -v "$tool" >/dev/null || { echo "make-test-webfiles-image.sh: $tool is missing (Build/install-prerequisites.sh installs dosfstools and mtools)" >&2; exit 1; }
done

DISK_MIB=48         # the SeqRead rows read the first 32 MiB of the disk
PART_START=2048     # sectors
DIRS=4 PER_CLASS=3  # 4 directories x 4 classes x 3 files = 48 files
STAGE="$(mktemp -d "${TMPDIR:-/tmp}/linuxdisk-webfiles.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT

# The file set.  SPECweb99's classes: file M of class K has (M+1) * 102.4 * 10^K
# bytes (0.1-0.9 KB, 1-9 KB, 10-90 KB, 100-900 KB); M = 0..PER_CLASS-1 here.
mkdir -p "$STAGE/web"
head -c 512 /dev/zero | tr '\0' 's' > "$STAGE/web/small.bin"
: > "$STAGE/files"
for ((d = 0; d < DIRS; d++)); do
    dir=$(printf "d%04d" "$d")
    mkdir -p "$STAGE/web/$dir"
    for ((k = 0; k < 4; k++)); do
        for ((m = 0; m < PER_CLASS; m++)); do
            size=$(( (m + 1) * 1024 * 10 ** k / 10 ))
            # Contents name the file, so a read of the wrong file is visible in a dump.
            { yes "$dir/c${k}_$m" || true; } | head -c "$size" > "$STAGE/web/$dir/c${k}_$m"
            echo "/web/$dir/c${k}_$m $size" >> "$STAGE/files"
        done
    done
done

# The request list: Zipf-like popularity (file i of n drawn with weight 1/(i+1)),
# from a fixed linear congruential generator so every run makes the same list.
awk -v r="$REQUESTS" -v q="$QUICK" -v list="$STAGE/web/requests.txt" '
    { path[NR - 1] = $1; size[NR - 1] = $2; n = NR; bytes += $2 }
    END {
        for (i = 0; i < n; i++) { total += 1 / (i + 1); cum[i] = total }
        seed = 12345
        printf "webfiles 1 files=%d bytes=%d requests=%d quick=%d\n", n, bytes, r, q > list
        for (j = 0; j < r; j++) {
            seed = (seed * 1103515245 + 12345) % 2147483648
            u = seed / 2147483648 * total
            for (i = 0; i < n - 1 && cum[i] < u; i++) ;
            printf "%s %d\n", path[i], size[i] > list
            if (j < q) qbytes += size[i]
        }
        printf "files=%d bytes=%d requests=%d quick=%d quick_bytes=%d\n", n, bytes, r, q, qbytes
    }' "$STAGE/files" > "$STAGE/summary"
find "$STAGE/web" -exec touch -h -d "2024-01-01 00:00:00 UTC" {} +

# The partition, then the disk around it.
PART_SECTORS=$(( DISK_MIB * 2048 - PART_START ))
rm -f "$STAGE/part.img"
mkfs.fat -F 32 -h "$PART_START" -n WEBFILES --invariant -C "$STAGE/part.img" $(( PART_SECTORS / 2 )) >/dev/null
export MTOOLS_SKIP_CHECK=1
mcopy -s -m -i "$STAGE/part.img" "$STAGE/web" ::/
rm -f "$OUT"
truncate -s "${DISK_MIB}M" "$OUT"
dd if="$STAGE/part.img" of="$OUT" bs=512 seek="$PART_START" conv=notrunc,sparse status=none

# MBR: one partition entry (boot flag 0, CHS fields unused (0xfe 0xff 0xff),
# type 0x0c FAT32 LBA, first sector, sector count, little endian) and 0x55AA.
le32() { printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(( $1 & 255 )) $(( ($1 >> 8) & 255 )) $(( ($1 >> 16) & 255 )) $(( ($1 >> 24) & 255 )); }
# shellcheck disable=SC2059  # the format strings are the bytes
{
    printf '\x00\xfe\xff\xff\x0c\xfe\xff\xff'
    printf "$(le32 "$PART_START")"
    printf "$(le32 "$PART_SECTORS")"
} | dd of="$OUT" bs=1 seek=446 conv=notrunc status=none
printf '\x55\xaa' | dd of="$OUT" bs=1 seek=510 conv=notrunc status=none

echo "webfiles-test-image out=$OUT $(cat "$STAGE/summary")"

#!/usr/bin/env bash
# Boots the Linux baseline guest (Bench/Linux/build.sh output) headless in
# QEMU, captures the serial console, and prints the BENCH lines.
#
# Usage: Bench/Linux/run.sh [--quick] [--icount] [--accel tcg|kvm] [--timeout SECS]
#                           [--cpu MODEL] [--mem SIZE] [--reps N] [--only ROWS]
#                           [--log FILE] [--append "KERNEL ARGS"] [--machine TYPE]
#                           [--disk IMAGE] [--compute] [--no-build]
#   --quick        ~10x fewer iterations and 3 repetitions (bench.quick=1)
#   --icount       TCG with -icount shift=0,sleep=off (deterministic; 1 tick per
#                  guest instruction, so "cycles" are instructions)
#   --accel A      tcg (default) or kvm (/dev/kvm here is a slow software one)
#   --timeout S    kill QEMU after S seconds (default 300 quick / 1500 full)
#   --cpu MODEL    QEMU -cpu model (default max; use the model the OS runs on)
#   --reps N       repetitions per row (default 5, quick 3)
#   --only ROWS    comma-separated row names to run
#   --log FILE     serial log (default artifacts/linux/run-<mode>-<size>[-partial].log)
#   --machine TYPE QEMU -machine type (default: QEMU's own, i440fx "pc"); the
#                  SingBench harness passes q35, the machine Singularity boots on
#   --disk IMAGE   attach IMAGE (raw, snapshot=on: never written) as a SATA disk
#                  on q35's AHCI controller, boot initramfs-disk.cpio.gz (the
#                  storage modules) and pass bench.disk=1; implies --machine q35
#                  (Bench/WebFiles/README.md)
#   --compute      add /bin/computebench (Bench/Compute: the compute rows as a
#                  stock .NET NativeAOT program, with the C library it links)
#                  to the initramfs; its Compute.* rows run after the others
# Exit status: 0 when the guest printed "BENCH linux done ... status=ok" and
# left QEMU through isa-debug-exit with value 0 (QEMU status 1) or by a clean
# power-off (QEMU status 0); 1 otherwise; 124 on timeout.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/artifacts/linux"

QUICK=0 ICOUNT=0 ACCEL=tcg TIMEOUT="" CPU=max MEM=512M REPS="" ONLY="" LOG="" APPEND="" MACHINE="" DISK="" BUILD=1 COMPUTE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --icount) ICOUNT=1 ;;
        --accel) ACCEL="$2"; shift ;;
        --timeout) TIMEOUT="$2"; shift ;;
        --cpu) CPU="$2"; shift ;;
        --mem) MEM="$2"; shift ;;
        --reps) REPS="$2"; shift ;;
        --only) ONLY="$2"; shift ;;
        --log) LOG="$2"; shift ;;
        --append) APPEND="$2"; shift ;;
        --machine) MACHINE="$2"; shift ;;
        --disk) DISK="$2"; shift ;;
        --compute) COMPUTE=1 ;;
        --no-build) BUILD=0 ;;
        -h|--help) sed -n 2,31p "$0"; exit 0 ;;
        *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

if [ "$BUILD" -eq 1 ]; then
    if [ "$COMPUTE" -eq 1 ]; then "$HERE/build.sh" --compute || exit 1
    else "$HERE/build.sh" || exit 1
    fi
fi
INITRD="$OUT/initramfs.cpio.gz"
DISK_ARGS=()
if [ -n "$DISK" ]; then
    [ -f "$DISK" ] || { echo "run.sh: --disk $DISK: no such file" >&2; exit 2; }
    case "${MACHINE:-q35}" in
        q35|pc-q35-*) MACHINE="${MACHINE:-q35}" ;;
        *) echo "run.sh: --disk needs --machine q35 (the disk goes on q35's AHCI controller), not $MACHINE" >&2; exit 2 ;;
    esac
    INITRD="$OUT/initramfs-disk.cpio.gz"
    # A comma in a -drive file= value must be doubled.
    DISK_ARGS=(-drive "file=${DISK//,/,,},if=none,id=d0,format=raw,snapshot=on" -device ide-hd,drive=d0,bus=ide.0)
fi
if [ "$COMPUTE" -eq 1 ]; then
    # The kernel unpacks concatenated cpio archives one after the other.
    [ -f "$OUT/build/compute.cpio.gz" ] || { echo "run.sh: missing $OUT/build/compute.cpio.gz (run Bench/Linux/build.sh --compute)" >&2; exit 1; }
    cat "$INITRD" "$OUT/build/compute.cpio.gz" > "$OUT/build/initramfs-run.cpio.gz"
    INITRD="$OUT/build/initramfs-run.cpio.gz"
fi
for f in "$OUT/vmlinuz" "$INITRD"; do
    [ -f "$f" ] || { echo "run.sh: missing $f (run Bench/Linux/build.sh)" >&2; exit 1; }
done

MODE="tcg"
ACCEL_ARGS=(-accel tcg)
case "$ACCEL" in
    tcg)
        if [ "$ICOUNT" -eq 1 ]; then
            MODE="tcg-icount"
            ACCEL_ARGS+=(-icount shift=0,sleep=off)
        fi ;;
    kvm)
        MODE="kvm"
        ACCEL_ARGS=(-accel kvm)
        [ "$ICOUNT" -eq 1 ] && echo "run.sh: --icount ignored with kvm" >&2 ;;
    *) echo "run.sh: --accel must be tcg or kvm" >&2; exit 2 ;;
esac
SIZE=full
[ "$QUICK" -eq 1 ] && SIZE=quick
[ -n "$TIMEOUT" ] || { [ "$QUICK" -eq 1 ] && TIMEOUT=300 || TIMEOUT=1500; }
PART=""
[ -n "$ONLY" ] && PART="-partial"
[ -n "$LOG" ] || LOG="$OUT/run-$MODE-$SIZE$PART.log"
mkdir -p "$(dirname "$LOG")"

CMDLINE="console=ttyS0 quiet panic=-1"
[ "$QUICK" -eq 1 ] && CMDLINE+=" bench.quick=1"
[ -n "$REPS" ] && CMDLINE+=" bench.reps=$REPS"
[ -n "$ONLY" ] && CMDLINE+=" bench.only=$ONLY"
[ -n "$DISK" ] && CMDLINE+=" bench.disk=1"
[ -n "$APPEND" ] && CMDLINE+=" $APPEND"

MACHINE_ARGS=()
[ -n "$MACHINE" ] && MACHINE_ARGS=(-machine "$MACHINE")
QEMU=(qemu-system-x86_64 "${MACHINE_ARGS[@]}" "${ACCEL_ARGS[@]}" -cpu "$CPU" -m "$MEM" -smp 1
      -nographic -serial stdio -monitor none -no-reboot -nic none
      -device isa-debug-exit,iobase=0xf4,iosize=0x04 "${DISK_ARGS[@]}"
      -kernel "$OUT/vmlinuz" -initrd "$INITRD" -append "$CMDLINE")

echo "[linux-run] mode=$MODE size=$SIZE cpu=$CPU machine=${MACHINE:-default} disk=${DISK:-none} timeout=${TIMEOUT}s log=$LOG" >&2
echo "[linux-run] ${QEMU[*]}" >&2
T0=$(date +%s.%N)
timeout --kill-after=10 "$TIMEOUT" "${QEMU[@]}" </dev/null >"$LOG" 2>&1
RC=$?
T1=$(date +%s.%N)
WALL=$(awk -v a="$T0" -v b="$T1" 'BEGIN { printf "%.1f", b - a }')

tr -d '\r' <"$LOG" | grep -ao 'BENCH linux .*' || true

STATUS=1
if [ "$RC" -eq 124 ] || [ "$RC" -eq 137 ]; then
    STATUS=124
    echo "[linux-run] TIMEOUT after ${TIMEOUT}s" >&2
elif tr -d '\r' <"$LOG" | grep -aq 'BENCH linux done .*status=ok' \
        && { [ "$RC" -eq 1 ] || [ "$RC" -eq 0 ]; }; then
    STATUS=0
fi
echo "BENCH linux wall mode=$MODE size=$SIZE cpu=$CPU secs=$WALL qemu_exit=$RC status=$([ $STATUS -eq 0 ] && echo ok || echo fail)"
if [ "$STATUS" -ne 0 ]; then
    echo "[linux-run] failed (qemu exit $RC); serial log tail:" >&2
    tr -d '\r' <"$LOG" | tail -n 30 >&2
fi
exit "$STATUS"

#!/usr/bin/env bash
# Builds the Linux guest of the HTTP benchmark: artifacts/linux/initramfs-http.cpio.gz, booted with the kernel that
# build.sh copies (artifacts/linux/vmlinuz). Its /init (a busybox sh script) loads the e1000 driver, configures eth0
# as QEMU's user network has it (10.0.2.15/24, gateway 10.0.2.2), serves FILES (a directory: the benchmark's file set,
# the same files Singularity's web server serves) with busybox httpd on port 80 and a discard sink (busybox nc into
# /dev/null) on port 9, and prints "linuxbench: httpd ready" on the console.
#
# Usage: Bench/Linux/build-http.sh FILES
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/artifacts/linux"
FILES="${1:?usage: build-http.sh FILES}"
log() { echo "[linux-http] $*" >&2; }

"$HERE/build.sh" >&2
if ! dpkg-query -W -f='${Status}' busybox-static 2>/dev/null | grep -q "install ok installed"; then
    log "installing busybox-static"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends busybox-static
fi
KVER="$(cat "$OUT/kernel-version")"
MODDIR="/lib/modules/$KVER"

# e1000 and what it depends on, in load order, from the kernel's own modules.dep.
modules=()
resolve() {
    local name="$1" line dep
    line="$(grep -E "(^|/)${name}\.ko(\.(xz|zst|gz))?:" "$MODDIR/modules.dep" | head -n 1)" || true
    [ -n "$line" ] || { grep -qE "/${name}\.ko" "$MODDIR/modules.builtin" && return 0; log "module $name not found"; exit 1; }
    for dep in ${line#*:}; do resolve "$(basename "${dep%%.ko*}")"; done
    local path="${line%%:*}"
    for m in "${modules[@]}"; do [ "$m" = "$path" ] && return 0; done
    modules+=("$path")
}
resolve e1000

STAGE="$OUT/build/httproot"
rm -rf "$STAGE"
mkdir -p "$STAGE/bin" "$STAGE/dev" "$STAGE/proc" "$STAGE/sys" "$STAGE/lib/modules" "$STAGE/www"
cp /bin/busybox "$STAGE/bin/busybox"
for applet in sh mount insmod ip httpd nc sleep cat echo; do ln -s busybox "$STAGE/bin/$applet"; done
for rel in "${modules[@]}"; do
    dst="$STAGE/lib/modules/$(basename "${rel%%.ko*}").ko"
    case "$rel" in
        *.ko) cp "$MODDIR/$rel" "$dst" ;;
        *.ko.xz) xz -dc "$MODDIR/$rel" > "$dst" ;;
        *.ko.zst) zstd -qdc "$MODDIR/$rel" > "$dst" ;;
        *.ko.gz) gzip -dc "$MODDIR/$rel" > "$dst" ;;
    esac
    echo "/lib/modules/$(basename "$dst")" >> "$STAGE/lib/modules/load-order"
done
cp -r "$FILES/." "$STAGE/www/"
cat > "$STAGE/init" <<'INIT'
#!/bin/busybox sh
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
while read -r m; do insmod "$m" || echo "linuxbench: insmod $m failed"; done < /lib/modules/load-order
ip link set lo up
ip link set eth0 up
ip addr add 10.0.2.15/24 dev eth0
ip route add default via 10.0.2.2
httpd -p 80 -h /www
( while true; do nc -l -p 9 > /dev/null; done ) &
echo "linuxbench: httpd ready"
while true; do sleep 3600; done
INIT
chmod 0755 "$STAGE/init"
(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort | cpio --quiet -o -H newc --owner=0:0 --reproducible) | gzip -1 -n > "$OUT/initramfs-http.cpio.gz"
log "ok: $OUT/initramfs-http.cpio.gz ($(stat -c %s "$OUT/initramfs-http.cpio.gz") bytes; modules: $(tr '\n' ' ' < "$STAGE/lib/modules/load-order"))"

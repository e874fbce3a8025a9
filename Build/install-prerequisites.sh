#!/usr/bin/env bash
# Installs the Debian packages the build, boot and tests need, if any is missing.
# On a system without apt-get it names what to install and fails.
set -euo pipefail
quiet=0
[[ "${1:-}" == "--quiet" ]] && quiet=1

# command -> Debian package
declare -A needed=(
  [nasm]=nasm
  [ld]=binutils
  [nm]=binutils
  [grub-mkrescue]=grub-common
  [xorriso]=xorriso
  [mformat]=mtools
  [mkfs.fat]=dosfstools
  [fsck.fat]=dosfstools
  [sfdisk]=fdisk
  [qemu-system-x86_64]=qemu-system-x86
  # The system page's browser test (Tests/Sing.Boot.Tests/WebServerBootTests.cs): Debian's chromium and chromedriver.
  [chromium]=chromium
  [chromedriver]=chromium-driver
  # The HTTP rows of the benchmark (Tools/Sing.Build/HttpBenchmark.cs); busybox-static for its Linux guest is installed
  # by Bench/Linux/build-http.sh when the benchmark runs (it replaces a busybox package, so only when asked for).
  [wrk]=wrk
)
missing=()
for cmd in "${!needed[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${needed[$cmd]}")
done
# GRUB's BIOS and UEFI platform files are needed for a hybrid ISO.
[[ -d /usr/lib/grub/i386-pc ]] || missing+=(grub-pc-bin)
[[ -d /usr/lib/grub/x86_64-efi ]] || missing+=(grub-efi-amd64-bin)
# UEFI firmware for QEMU: the UEFI boot test and `run --uefi` (Tools/Sing.Qemu, QemuFirmware.Uefi).
[[ -f /usr/share/ovmf/OVMF.fd ]] || missing+=(ovmf)
# The bench charts (Tools/Sing.Build, ScottPlot on Skia without fontconfig) read DejaVu Sans from its file.
[[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]] || missing+=(fonts-dejavu-core)

if [[ ${#missing[@]} -eq 0 ]]; then
  [[ $quiet -eq 1 ]] || echo "prerequisites: all present"
  exit 0
fi

# De-duplicate.
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: missing tools; install these packages (Debian names): ${missing[*]}" >&2
  exit 1
fi
sudo_cmd=()
[[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
echo "prerequisites: installing ${missing[*]}"
# Another apt process may hold the lock; wait for it rather than fail.
export DEBIAN_FRONTEND=noninteractive
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  if "${sudo_cmd[@]}" apt-get update -qq && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
    exit 0
  fi
  echo "prerequisites: apt-get failed (attempt $attempt); retrying in 15 s" >&2
  sleep 15
done
echo "error: could not install ${missing[*]}" >&2
exit 1

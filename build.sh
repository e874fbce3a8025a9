#!/usr/bin/env bash
# One entry point for building, booting, testing, benchmarking and debugging Singularity.
#   ./build.sh run     build the ISO and boot it in QEMU, serial console on this terminal (quit: Ctrl-A X)
#   ./build.sh test    build everything and run the whole test suite
#   ./build.sh bench   boot time, then SingBench beside the Linux guest (--quick for CI); artifacts/bench/
#   ./build.sh soak    isolation tests at full size: 10 million ABI fuzz calls, 1,000 kills per workload (--quick)
#   ./build.sh debug   boot paused for gdb and print the gdb command line
#   ./build.sh clean   remove build outputs
# Options after the verb go to the build tool (./build.sh help lists them). Missing Debian packages are
# installed first; PowerShell users can run build.ps1, which does the same.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$root"

verb="${1:-help}"
[[ $# -gt 0 ]] && shift

if ! command -v dotnet >/dev/null 2>&1; then
  echo "error: the .NET SDK (dotnet, version in global.json) is required; install it from your distribution or Microsoft's packages." >&2
  exit 1
fi
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

tool() {
  dotnet build Tools/Sing.Build/Sing.Build.csproj -nologo -v quiet -clp:ErrorsOnly
  dotnet "Tools/Sing.Build/bin/Debug/net10.0/sing-build.dll" "$@"
}

case "$verb" in
  run|debug)
    bash Build/install-prerequisites.sh
    tool "$verb" "$@"
    ;;
  bench)
    bash Build/install-prerequisites.sh
    tool bench "$@"
    ;;
  soak)
    bash Build/install-prerequisites.sh
    tool soak "$@"
    ;;
  test)
    bash Build/install-prerequisites.sh
    dotnet build Singularity.sln -nologo -clp:ErrorsOnly
    log="$(mktemp)"
    status=0
    dotnet test Singularity.sln --no-build -nologo "$@" 2>&1 | tee "$log" || status=$?
    # One closing line over every test project: "tests: N passed, N failed".
    awk '/(Passed|Failed)! +- +Failed: +[0-9]+, Passed: +[0-9]+/ {
           gsub(",", ""); for (i = 1; i <= NF; i++) { if ($i == "Failed:") f += $(i+1); if ($i == "Passed:") p += $(i+1) } }
         END { printf "tests: %d passed, %d failed\n", p, f }' "$log"
    rm -f "$log"
    exit $status
    ;;
  clean)
    rm -rf artifacts
    find . -type d \( -name bin -o -name obj \) -prune -not -path "./.git/*" -exec rm -rf {} +
    echo "clean: removed artifacts/ and every bin/ and obj/"
    ;;
  help|-h|--help)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    ;;
  *)
    echo "error: unknown verb '$verb' (try: run, test, bench, soak, debug, clean)" >&2
    exit 2
    ;;
esac

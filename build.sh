#!/usr/bin/env bash
# One entry point for building, booting, testing, benchmarking and debugging Singularity.
#   ./build.sh run     build the ISO and boot it in QEMU, serial console on this terminal (quit: Ctrl-A X)
#   ./build.sh test    build everything and run the whole test suite (other arguments go to dotnet test)
#   ./build.sh bench   boot time, then SingBench beside the Linux guest (--quick for CI); artifacts/bench/
#   ./build.sh soak    isolation tests at full size: 10 million ABI fuzz calls, 1,000 kills per workload (--quick)
#   ./build.sh debug   boot paused for gdb and print the gdb command line
#   ./build.sh vmware  write artifacts/singularity.vmx beside the ISO, for VMware Workstation, Player or Fusion
#   ./build.sh pack    the SDK and template packages (Sing.Sdk, Sing.Templates) in artifacts/packages/
#   ./build.sh clean   remove build outputs
# Options after the verb go to the build tool, sing-build (./build.sh help lists the verbs, ./build.sh VERB --help
# the options). Missing Debian packages are installed first; PowerShell users can run build.ps1, which does the same.
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

wants_help() {
  local a
  for a in "$@"; do
    [[ "$a" == "-h" || "$a" == "--help" || "$a" == "-?" ]] && return 0
  done
  return 1
}

# sing-build: built first (with the kernel ISO), then run with the arguments given.
tool() {
  dotnet build Tools/Sing.Build/Sing.Build.csproj -nologo -v quiet -clp:ErrorsOnly
  dotnet "Tools/Sing.Build/bin/Debug/net10.0/sing-build.dll" "$@"
}

# sing-build alone, for help and usage errors: they need no kernel.
tool_only() {
  dotnet build Tools/Sing.Build/Sing.Build.csproj -nologo -v quiet -clp:ErrorsOnly -p:SingToolOnly=true
  dotnet "Tools/Sing.Build/bin/Debug/net10.0/sing-build.dll" "$@"
}

case "$verb" in
  run|debug|bench|soak)
    if wants_help "$@"; then
      tool_only "$verb" "$@"
      exit
    fi
    bash Build/install-prerequisites.sh
    tool "$verb" "$@"
    ;;
  vmware)
    # Builds the ISO (the tool depends on it), then writes the .vmx beside it.
    if wants_help "$@"; then
      tool_only vmware "$@"
      exit
    fi
    bash Build/install-prerequisites.sh
    tool vmware "$@"
    ;;
  test)
    if wants_help "$@"; then
      tool_only test --help
      exit
    fi
    bash Build/install-prerequisites.sh
    dotnet build Singularity.sln -nologo -clp:ErrorsOnly
    # sing-build runs dotnet test with progress and prints the closing line "tests: N passed, N failed".
    tool test "$@"
    ;;
  pack)
    # Sing.Sdk and Sing.Templates (Sdk/README.md); other arguments go to dotnet pack (e.g. -p:SingPackageVersion=0.2.0).
    # Debug, as the other verbs build (a -c Release after the verb overrides it).
    dotnet pack Singularity.sln -c Debug -o artifacts/packages -nologo -clp:ErrorsOnly "$@"
    ls artifacts/packages
    ;;
  clean)
    rm -rf artifacts
    find . -type d \( -name bin -o -name obj \) -prune -not -path "./.git/*" -exec rm -rf {} +
    echo "clean: removed artifacts/ and every bin/ and obj/"
    ;;
  help|-h|--help|-\?)
    # The comment block at the top of this file, whatever its length.
    awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
    echo
    tool_only --help
    ;;
  *)
    # sing-build names the unknown verb and suggests the nearest one.
    tool_only "$verb" "$@"
    ;;
esac

#!/usr/bin/env pwsh
# Same verbs and options as build.sh (run, test, bench, soak, debug, clean; `build.ps1 help`, `build.ps1 VERB --help`),
# for hosts with PowerShell 7. On Linux it delegates to build.sh; the QEMU/ISO work itself lives in Tools/Sing.Build
# (C#), so both scripts drive one implementation.
# No param() block: PowerShell would bind -h or -quick to its own parameters; every argument is passed on unchanged.
$ErrorActionPreference = 'Stop'
Set-Location $PSScriptRoot
if ($IsLinux -or $IsMacOS) {
    & bash ./build.sh @args
    exit $LASTEXITCODE
}
$verb = if ($args.Count -gt 0) { $args[0] } else { 'help' }
Write-Error "Singularity builds with Linux tools (ILC for linux-x64, nasm, GNU ld, grub-mkrescue). On Windows use WSL and run ./build.sh $verb."
exit 1

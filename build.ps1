#!/usr/bin/env pwsh
# Same verbs as build.sh (run, test, bench, soak, debug, clean), for hosts with PowerShell 7.
# On Linux it delegates to build.sh; the QEMU/ISO work itself lives in Tools/Sing.Build (C#), so both scripts
# drive one implementation.
param(
    [Parameter(Position = 0)] [string] $Verb = 'help',
    [Parameter(ValueFromRemainingArguments = $true)] [string[]] $Rest
)
$ErrorActionPreference = 'Stop'
Set-Location $PSScriptRoot
if ($IsLinux -or $IsMacOS) {
    & bash ./build.sh $Verb @Rest
    exit $LASTEXITCODE
}
Write-Error "Singularity builds with Linux tools (ILC for linux-x64, nasm, GNU ld, grub-mkrescue). On Windows use WSL and run ./build.sh $Verb."
exit 1

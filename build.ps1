#!/usr/bin/env pwsh
# Same verbs and options as build.sh, for hosts with PowerShell 7 (Linux or macOS: the toolchain is Linux's ILC, nasm,
# GNU ld and grub-mkrescue; on Windows use WSL). Like build.sh it installs missing Debian packages, then hands the verb
# to the C# build tool, sing-build (Tools/Sing.Build), so both scripts drive one implementation:
#   build.ps1 run | test | bench | soak | debug | vmware | pack | clean | help    (build.ps1 VERB --help: the options)
# Tests/Sing.Build.Tests/BuildScriptTests.cs checks that every verb build.sh accepts has its branch here.
# No param() block: PowerShell would bind -h or -quick to its own parameters; every argument is passed on unchanged.
$ErrorActionPreference = 'Stop'
Set-Location $PSScriptRoot

if (-not ($IsLinux -or $IsMacOS)) {
    Write-Error "Singularity builds with Linux tools (ILC for linux-x64, nasm, GNU ld, grub-mkrescue). On Windows use WSL and run ./build.sh or build.ps1 there."
    exit 1
}
if (-not (Get-Command dotnet -ErrorAction SilentlyContinue)) {
    Write-Error "the .NET SDK (dotnet, version in global.json) is required; install it from your distribution or Microsoft's packages."
    exit 1
}
$env:DOTNET_CLI_TELEMETRY_OPTOUT = '1'
$env:DOTNET_NOLOGO = '1'

$verb = if ($args.Count -gt 0) { [string]$args[0] } else { 'help' }
$rest = @(if ($args.Count -gt 1) { $args[1..($args.Count - 1)] })

# Runs a program and stops this script with its exit status when it fails.
function Invoke-Checked([string]$program, [string[]]$arguments) {
    & $program @arguments
    if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
}

# sing-build with the given arguments; -ToolOnly builds the tool without the kernel ISO (help, usage errors).
function Invoke-Tool([string[]]$arguments, [switch]$ToolOnly) {
    $build = @('build', 'Tools/Sing.Build/Sing.Build.csproj', '-nologo', '-v', 'quiet', '-clp:ErrorsOnly')
    if ($ToolOnly) { $build += '-p:SingToolOnly=true' }
    Invoke-Checked 'dotnet' $build
    & dotnet 'Tools/Sing.Build/bin/Debug/net10.0/sing-build.dll' @arguments
    exit $LASTEXITCODE
}

function Test-WantsHelp([string[]]$arguments) {
    return [bool]($arguments | Where-Object { $_ -in '-h', '--help', '-?' })
}

function Install-Prerequisites {
    Invoke-Checked 'bash' @('Build/install-prerequisites.sh')
}

switch -Exact -CaseSensitive ($verb) {
    'run'    { if (Test-WantsHelp $rest) { Invoke-Tool (@($verb) + $rest) -ToolOnly }; Install-Prerequisites; Invoke-Tool (@($verb) + $rest) }
    'debug'  { if (Test-WantsHelp $rest) { Invoke-Tool (@($verb) + $rest) -ToolOnly }; Install-Prerequisites; Invoke-Tool (@($verb) + $rest) }
    'bench'  { if (Test-WantsHelp $rest) { Invoke-Tool (@($verb) + $rest) -ToolOnly }; Install-Prerequisites; Invoke-Tool (@($verb) + $rest) }
    'soak'   { if (Test-WantsHelp $rest) { Invoke-Tool (@($verb) + $rest) -ToolOnly }; Install-Prerequisites; Invoke-Tool (@($verb) + $rest) }
    'vmware' { if (Test-WantsHelp $rest) { Invoke-Tool (@($verb) + $rest) -ToolOnly }; Install-Prerequisites; Invoke-Tool (@($verb) + $rest) }
    'test' {
        if (Test-WantsHelp $rest) { Invoke-Tool @('test', '--help') -ToolOnly }
        Install-Prerequisites
        Invoke-Checked 'dotnet' @('build', 'Singularity.sln', '-nologo', '-clp:ErrorsOnly')
        # sing-build runs dotnet test with progress and prints the closing line "tests: N passed, N failed".
        Invoke-Tool (@('test') + $rest)
    }
    'pack' {
        # Sing.Sdk and Sing.Templates (Sdk/README.md); other arguments go to dotnet pack (a -c Release overrides Debug).
        Invoke-Checked 'dotnet' (@('pack', 'Singularity.sln', '-c', 'Debug', '-o', 'artifacts/packages', '-nologo', '-clp:ErrorsOnly') + $rest)
        Get-ChildItem artifacts/packages
    }
    'clean' {
        if (Test-Path artifacts) { Remove-Item -Recurse -Force artifacts }
        # Outer folders first; a bin/ or obj/ inside one already gone is skipped.
        Get-ChildItem -Directory -Recurse -Force |
            Where-Object { $_.Name -in 'bin', 'obj' -and $_.FullName -notmatch '[\\/]\.git([\\/]|$)' } |
            Sort-Object { $_.FullName.Length } |
            ForEach-Object { if (Test-Path -LiteralPath $_.FullName) { Remove-Item -LiteralPath $_.FullName -Recurse -Force } }
        Write-Output 'clean: removed artifacts/ and every bin/ and obj/'
    }
    'help'   { Invoke-Tool @('--help') -ToolOnly }
    '-h'     { Invoke-Tool @('--help') -ToolOnly }
    '--help' { Invoke-Tool @('--help') -ToolOnly }
    '-?'     { Invoke-Tool @('--help') -ToolOnly }
    # sing-build names an unknown verb and suggests the nearest one.
    default  { Invoke-Tool (@($verb) + $rest) -ToolOnly }
}

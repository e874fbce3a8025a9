using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Build.Tests;

/// <summary>Issue 19 end to end, as a user outside the repository meets it: pack Sing.Sdk and Sing.Templates, install
/// the templates into a temporary DOTNET_CLI_HOME (packages restored into a temporary NUGET_PACKAGES, so no cache of
/// another worktree sees these packages), create each SIP template's project in a temporary folder, build it
/// warning-free, add all three to one system image (sing-build's --add machinery: verified again and compiled by this
/// repository's toolchain, composed with the built-in programs) and boot it once, checking each program's output.
/// The app then gets an ordinary compiler warning (CS1718), which must stay a warning for users: it builds, and the
/// image runs it, first through run= (which starts the clock driver it binds) and then from the shell.
/// The contract template is created and its tests run on the hosted channel runtime.</summary>
public sealed class SdkTemplateTests(ITestOutputHelper output) : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "sdk-e2e-" + Guid.NewGuid().ToString("N")[..8]);

    public void Dispose()
    {
        if (Directory.Exists(_folder)) Directory.Delete(_folder, recursive: true);
    }

    private Dictionary<string, string> Environment => new()
    {
        ["DOTNET_CLI_HOME"] = Path.Combine(_folder, "home"),
        ["NUGET_PACKAGES"] = Path.Combine(_folder, "nuget"),
        ["DOTNET_NOLOGO"] = "1",
        ["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1",
        // The test host's MSBuild variables would point the child builds at this process's SDK resolution.
        ["MSBuildSDKsPath"] = "",
        ["MSBUILD_EXE_PATH"] = "",
        ["MSBuildExtensionsPath"] = "",
    };

    [Fact]
    public async Task EachTemplateBuildsWarningFreeOutsideTheRepositoryAndRunsInOneBootedImage()
    {
        Directory.CreateDirectory(_folder);
        string packages = Path.Combine(_folder, "packages");
        var watch = Stopwatch.StartNew();
        foreach (string project in new[] { "Sdk/Sing.Sdk/Sing.Sdk.csproj", "Sdk/Sing.Contracts.Package/Sing.Contracts.Package.csproj", "Sdk/Sing.Templates/Sing.Templates.csproj" })
            // The solution's build (before the test suite) built what the packages carry.
            await Dotnet(Cli.Root, "pack", Path.Combine(Cli.Root, project), "--no-build", "-c", "Debug", "-o", packages, "-nologo", "-clp:ErrorsOnly");
        Assert.True(File.Exists(Path.Combine(packages, "Sing.Sdk.0.1.0.nupkg")), "Sing.Sdk.0.1.0.nupkg was not packed");
        WriteNuGetConfig(packages);
        Log($"packed in {watch.Elapsed.TotalSeconds:F0} s");

        await Dotnet(_folder, "new", "install", Path.Combine(packages, "Sing.Templates.0.1.0.nupkg"));
        var programs = new (string Template, string Name)[] { ("sing-app", "Greeter"), ("sing-service", "Counter"), ("sing-driver", "Kbd") };
        foreach (var (template, name) in programs)
        {
            await Dotnet(_folder, "new", template, "-n", name, "-o", Path.Combine(_folder, name));
            string build = await Dotnet(Path.Combine(_folder, name), "build", "-nologo");
            Assert.Contains(" 0 Warning(s)", build);
            string program = name.ToLowerInvariant();
            Assert.True(File.Exists(Path.Combine(_folder, name, "bin", "sing", $"sip-{program}.elf")), $"{template}: no image in bin/sing");
            Assert.Equal(3, File.ReadAllLines(Path.Combine(_folder, name, "README.md")).Length);
        }
        Log($"templates built in {watch.Elapsed.TotalSeconds:F0} s");

        // An ordinary warning in a user's program is a warning, not an error (Sing.Sdk does not make warnings errors),
        // and the code around it runs: Main's result depends on it.
        string greeter = Path.Combine(_folder, "Greeter");
        File.WriteAllText(Path.Combine(greeter, "Odd.cs"), """
            namespace Greeter
            {
                internal static class Odd
                {
                    internal static bool Same(int x) => x == x;
                }
            }
            """);
        string main = Path.Combine(greeter, "Program.cs");
        string source = File.ReadAllText(main);
        Assert.Contains("            return 0;\n", source);
        File.WriteAllText(main, source.Replace("            return 0;\n", "            return Odd.Same(0) ? 0 : 3;\n"));
        string warned = await Dotnet(greeter, "build", "-nologo");
        Assert.Contains("warning CS1718", warned);
        Assert.Contains(" 1 Warning(s)", warned);
        Assert.Contains(" 0 Error(s)", warned);

        await Dotnet(_folder, "new", "sing-contract", "-n", "Ping", "-o", Path.Combine(_folder, "Ping"));
        string tests = await Dotnet(Path.Combine(_folder, "Ping", "Ping.Tests"), "test", "-nologo");
        Assert.Contains("Passed!", tests);
        Assert.Equal(3, File.ReadAllLines(Path.Combine(_folder, "Ping", "README.md")).Length);
        Log($"contract tested in {watch.Elapsed.TotalSeconds:F0} s");

        var log = new StringWriter();
        string iso;
        try { iso = await AddedPrograms.BuildImageAsync(programs.Select(p => Path.Combine(_folder, p.Name)).ToArray(), log, Environment); }
        finally { output.WriteLine(log.ToString()); }
        Log($"image built in {watch.Elapsed.TotalSeconds:F0} s");
        QemuResult boot = await QemuRunner.RunAsync(new QemuOptions
        {
            IsoPath = iso,
            // The boot services' names exist once they are started, before their first line: the pause lets the driver
            // reach its first line however slowly this host runs the guest.
            // run= first: the greeter binds /dev/rtc, so the kernel starts the clock driver before it (and not again
            // with the other boot services after it).
            KernelOptions = "run=greeter:Singularity user=root script=wait /service/counter; wait /dev/kbd; greeter Singularity; sleep 2; names /; shutdown",
            Timeout = TimeSpan.FromMinutes(3),
        });
        Log($"booted in {watch.Elapsed.TotalSeconds:F0} s");
        output.WriteLine(boot.Serial);
        Assert.True(boot.Status == KernelExitStatus.Success, boot.Describe());
        Assert.Contains("run: starting boot service rtc first (greeter binds what it registers)", boot.Serial);
        Assert.Matches(@"run: greeter \(pid \d+\) exited with code 0\n", boot.Serial);
        Assert.DoesNotContain("cannot start rtc", boot.Serial);
        Assert.Single(Regex.Matches(boot.Serial, "boot: started rtc "));
        Assert.Equal(2, Regex.Matches(boot.Serial, "Greeter: hello, Singularity, from SIP").Count);
        Assert.Contains("[greeter:", boot.Serial);
        Assert.Contains("Greeter: hello, Singularity, from SIP", boot.Serial);
        Assert.Matches(@"Greeter: the clock says 20\d\d-\d\d-\d\d \d\d:\d\d UTC", boot.Serial);
        Assert.Contains("[greeter exited with code 0]", boot.Serial);
        Assert.Contains("Counter: serving /service/counter (increment 1)", boot.Serial);
        Assert.Contains("boot: started kbd", boot.Serial);
        Assert.Matches(@"Kbd: ports 0x60\+5, controller status 0x[0-9a-f]{2}", boot.Serial);
        Assert.Contains("  /dev/kbd\n", boot.Serial);
        Assert.Contains("  /service/counter\n", boot.Serial);
    }

    private void WriteNuGetConfig(string packages)
    {
        // Our packages from the folder just packed; everything else (ILC, xunit) from the machine's own package cache
        // as a read-only fallback, or nuget.org.
        string shared = System.Environment.GetEnvironmentVariable("NUGET_PACKAGES") is { Length: > 0 } p ? p
            : Path.Combine(System.Environment.GetFolderPath(System.Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        File.WriteAllText(Path.Combine(_folder, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
                <add key="sing" value="{packages}" />
                <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
              </packageSources>
              <fallbackPackageFolders>
                <add key="shared" value="{shared}" />
              </fallbackPackageFolders>
            </configuration>
            """);
    }

    private void Log(string line) => output.WriteLine(line);

    private async Task<string> Dotnet(string directory, params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { WorkingDirectory = directory, UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var a in args) start.ArgumentList.Add(a);
        foreach (var (name, value) in Environment)
        {
            if (value.Length == 0) start.Environment.Remove(name);
            else start.Environment[name] = value;
        }
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        var text = new StringBuilder().Append(await stdout).Append(await stderr).ToString();
        Assert.True(process.ExitCode == 0, $"dotnet {string.Join(' ', args)} in {directory} failed ({process.ExitCode}):\n{text}");
        return text;
    }
}

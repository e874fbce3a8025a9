using System.Diagnostics;

namespace Sing.Build;

/// <summary>artifacts/webfiles.img (Bench/WebFiles/README.md), the disk the storage rows and WebFiles run on: the
/// build makes it (Tools/Sing.DiskImage); when it is missing the bench builds that project first. Bench boots attach
/// it with snapshot=on, so every run reads the same bytes.</summary>
internal static class WebFilesImage
{
    public static string Path => System.IO.Path.Combine(Cli.Root, "artifacts", "webfiles.img");

    public static async Task<string> EnsureAsync(IWorkProgress progress)
    {
        ArgumentNullException.ThrowIfNull(progress);
        if (File.Exists(Path)) return Path;
        progress.Log($"bench: {Path} is missing; building it (dotnet build Tools/Sing.DiskImage)");
        var info = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false, WorkingDirectory = Cli.Root };
        foreach (string a in new[] { "build", "Tools/Sing.DiskImage/Sing.DiskImage.csproj", "-nologo", "-clp:ErrorsOnly" }) info.ArgumentList.Add(a);
        using var process = Process.Start(info) ?? throw new InvalidOperationException("could not start dotnet");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        if (process.ExitCode != 0 || !File.Exists(Path))
            throw new InvalidOperationException($"building {Path} failed (status {process.ExitCode}):\n{await stdout}{await stderr}");
        return Path;
    }

    /// <summary>The QEMU options of a bench boot with the WebFiles image attached as the first SATA disk.</summary>
    public static Sing.Qemu.QemuOptions Attach(Sing.Qemu.QemuOptions qemu, string image)
    {
        ArgumentNullException.ThrowIfNull(qemu);
        return qemu with { Disks = [image], DiskSnapshots = true };
    }
}

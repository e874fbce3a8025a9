namespace Sing.Build;

/// <summary>`vmware`: writes artifacts/singularity.vmx beside the ISO (build.sh builds the ISO first), so that
/// VMware Workstation, Player or Fusion opens the machine as it is.</summary>
internal static class VmwareVerb
{
    public static string DefaultVmxPath => Path.Combine(Cli.Root, "artifacts", "singularity.vmx");

    /// <param name="machine">its IsoFileName is relative to the .vmx's folder (VMware resolves it there)</param>
    public static int Run(VmwareMachine machine, string vmxPath, TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(machine);
        ArgumentNullException.ThrowIfNull(vmxPath);
        ArgumentNullException.ThrowIfNull(output);
        string folder = Path.GetDirectoryName(Path.GetFullPath(vmxPath))!;
        string iso = Path.Combine(folder, machine.IsoFileName);
        if (!File.Exists(iso))
            throw new FileNotFoundException($"no ISO at {iso} for the .vmx to boot; './build.sh vmware' builds it first", iso);
        File.WriteAllText(vmxPath, VmwareConfiguration.Write(machine));
        output.WriteLine($"vmware: wrote {vmxPath} ({(machine.Uefi ? "UEFI" : "BIOS")}, {machine.MemoryMiB} MiB, CD {machine.IsoFileName})");
        output.WriteLine(machine.Serial == VmwareSerial.File
            ? $"  the serial console goes to {Path.Combine(folder, machine.SerialLogFileName)}"
            : $"  the serial console is the pipe {machine.PipeName} (VMware serves it; connect a terminal program to it)");
        output.WriteLine("  keep the .vmx beside the ISO (copy both to a VMware host) and open it: File > Open");
        return 0;
    }
}

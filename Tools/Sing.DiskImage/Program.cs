using Sing.DiskImage;
using Sing.Storage.Fat;

// sing-diskimage --tree DIR --out FILE [--size MiB]: writes the data disk image (see DiskImageBuilder).
string? tree = null, output = null;
int megabytes = 64;
for (int i = 0; i + 1 < args.Length; i += 2)
{
    switch (args[i])
    {
        case "--tree": tree = args[i + 1]; break;
        case "--out": output = args[i + 1]; break;
        case "--size" when int.TryParse(args[i + 1], out int size): megabytes = size; break;
        default:
            Console.Error.WriteLine($"sing-diskimage: unknown option {args[i]}");
            return 2;
    }
}
if (tree is null || output is null || !Directory.Exists(tree))
{
    Console.Error.WriteLine("usage: sing-diskimage --tree DIR --out FILE [--size MiB]");
    return 2;
}
try
{
    byte[] disk = DiskImageBuilder.Build(tree, megabytes);
    Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
    string temporary = output + ".tmp";
    File.WriteAllBytes(temporary, disk);
    File.Move(temporary, output, overwrite: true);
    Console.WriteLine($"sing-diskimage: {output}: {megabytes} MiB, MBR with one FAT32 partition at sector {DiskImageBuilder.PartitionStart}, files from {tree}");
    return 0;
}
catch (FatException e)
{
    Console.Error.WriteLine($"sing-diskimage: {e.Message}");
    return 1;
}

using Sing.DiskImage;
using Sing.Storage.Fat;

// sing-diskimage --tree DIR --out FILE [--size MiB]: writes the data disk image (see DiskImageBuilder).
// sing-diskimage --webfiles --out FILE: writes the WebFiles benchmark's image (see WebFilesImageBuilder).
string? tree = null, output = null;
int megabytes = 64;
bool webFiles = false;
for (int i = 0; i < args.Length; i++)
{
    string? value = i + 1 < args.Length ? args[i + 1] : null;
    switch (args[i])
    {
        case "--webfiles": webFiles = true; continue;
        case "--tree" when value != null: tree = value; break;
        case "--out" when value != null: output = value; break;
        case "--size" when int.TryParse(value, out int size): megabytes = size; break;
        default:
            Console.Error.WriteLine($"sing-diskimage: unknown option or missing value: {args[i]}");
            return 2;
    }
    i++;
}
if (output is null || (webFiles ? tree is not null : tree is null || !Directory.Exists(tree)))
{
    Console.Error.WriteLine("usage: sing-diskimage --tree DIR --out FILE [--size MiB] | sing-diskimage --webfiles --out FILE");
    return 2;
}
try
{
    byte[] disk = webFiles ? WebFilesImageBuilder.Build() : DiskImageBuilder.Build(tree!, megabytes);
    Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(output))!);
    string temporary = output + ".tmp";
    File.WriteAllBytes(temporary, disk);
    File.Move(temporary, output, overwrite: true);
    Console.WriteLine(webFiles
        ? $"sing-diskimage: {output}: {WebFilesImageBuilder.Megabytes} MiB, WebFiles set of {WebFileSet.FileCount} files ({WebFileSet.TotalBytes} bytes) and {WebRequestList.Requests} requests"
        : $"sing-diskimage: {output}: {megabytes} MiB, MBR with one FAT32 partition at sector {DiskImageBuilder.PartitionStart}, files from {tree}");
    return 0;
}
catch (FatException e)
{
    Console.Error.WriteLine($"sing-diskimage: {e.Message}");
    return 1;
}

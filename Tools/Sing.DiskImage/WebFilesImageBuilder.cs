using System.Text;
using Sing.Storage.Fat;

namespace Sing.DiskImage;

/// <summary>artifacts/webfiles.img (Bench/WebFiles/README.md): the file set of <see cref="WebFileSet"/>, written one
/// directory at a time (a directory's files lie together on the disk, as a server's would), then /web/requests.txt and
/// /web/small.bin. The same bytes on every build.</summary>
public static class WebFilesImageBuilder
{
    public const int Megabytes = 128;
    public const int SmallFileBytes = 512;
    public const string RequestsPath = WebFileSet.Root + "/requests.txt";
    public const string SmallFilePath = WebFileSet.Root + "/small.bin";

    public static byte[] Build()
    {
        byte[] disk = DiskImageBuilder.NewDisk(Megabytes, out FatVolume volume);
        volume.CreateDirectory(WebFileSet.Root);
        var buffer = new byte[WebFileSet.Base[^1] * 9];
        for (int d = 0; d < WebFileSet.Directories; d++)
        {
            volume.CreateDirectory(WebFileSet.DirectoryOf(d));
            for (int c = 0; c < WebFileSet.Count.Length; c++)
                for (int j = d; j < WebFileSet.Count[c]; j += WebFileSet.Directories)
                {
                    string path = WebFileSet.PathOf(c, j);
                    int size = WebFileSet.SizeOf(c, j);
                    WebFileSet.Fill(path, buffer.AsSpan(0, size));
                    Write(volume, path, buffer, size);
                }
        }
        byte[] list = Encoding.ASCII.GetBytes(WebRequestList.Text());
        Write(volume, RequestsPath, list, list.Length);
        WebFileSet.Fill(SmallFilePath, buffer.AsSpan(0, SmallFileBytes));
        Write(volume, SmallFilePath, buffer, SmallFileBytes);
        volume.Sync();
        return disk;
    }

    private static void Write(FatVolume volume, string path, byte[] data, int count)
    {
        FatFile file = volume.Open(path, write: true, create: true, truncate: false);
        file.Write(0, data, 0, count);
        file.Close();
    }
}

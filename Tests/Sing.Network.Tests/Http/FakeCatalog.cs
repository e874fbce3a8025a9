using Sing.Web.Http;

namespace Sing.Network.Tests.Http;

/// <summary>A document root held in a table: full path → metadata; every path asked is recorded.</summary>
internal sealed class FakeCatalog : IFileCatalog
{
    public static readonly DateTime Modified = new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc).AddMilliseconds(700);
    private readonly Dictionary<string, FileMetadata> _entries = new();
    public List<string> Asked { get; } = new();
    public bool Down { get; set; }

    public FakeCatalog()
    {
        Dir("/fs/www");
        File("/fs/www/index.html", 1234);
        Dir("/fs/www/docs");
        File("/fs/www/docs/index.html", 10);
        File("/fs/www/docs/a b.txt", 5);
        Dir("/fs/www/empty");
        File("/fs/www/style.css", 77);
        File("/fs/www/app.wasm", 9);
        File("/fs/www/noext", 3);
    }

    public FakeCatalog Dir(string path) { _entries[path] = FileMetadata.Directory(Modified); return this; }
    public FakeCatalog File(string path, long length) { _entries[path] = FileMetadata.File(length, Modified); return this; }

    public FileMetadata Describe(string path)
    {
        Asked.Add(path);
        if (Down) return FileMetadata.NotAnswered;
        return _entries.TryGetValue(path, out FileMetadata m) ? m : FileMetadata.Missing;
    }
}

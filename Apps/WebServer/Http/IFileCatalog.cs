#nullable enable
namespace Sing.Web.Http
{
    /// <summary>The file system as the HTTP engine sees it: metadata by full path. The glue answers from the file
    /// system's contract; tests answer from a table. Paths given here are the document root joined with a normalised
    /// request path (<see cref="RequestPath"/>): no "." or ".." segments, no empty segment, no trailing slash.</summary>
    public interface IFileCatalog
    {
        FileMetadata Describe(string path);
    }
}

#nullable enable
namespace Sing.Web.Http
{
    /// <summary>The Content-Type of a file by its extension (case-insensitive); text types carry charset=utf-8.</summary>
    public static class ContentTypes
    {
        public const string Default = "application/octet-stream";

        public static string ForPath(string path)
        {
            int slash = path.LastIndexOf('/');
            int dot = path.LastIndexOf('.');
            if (dot <= slash + 1) return Default;   // no extension, or a name that only starts with a dot
            return ForExtension(path.Substring(dot + 1));
        }

        public static string ForExtension(string extension) => extension.ToLowerInvariant() switch
        {
            "html" or "htm" => "text/html; charset=utf-8",
            "css" => "text/css; charset=utf-8",
            "js" or "mjs" => "text/javascript; charset=utf-8",
            "json" => "application/json",
            "txt" => "text/plain; charset=utf-8",
            "xml" => "application/xml",
            "svg" => "image/svg+xml",
            "png" => "image/png",
            "jpg" or "jpeg" => "image/jpeg",
            "gif" => "image/gif",
            "ico" => "image/x-icon",
            "wasm" => "application/wasm",
            "pdf" => "application/pdf",
            _ => Default,
        };
    }
}

#nullable enable
namespace Sing.Web.Http
{
    /// <summary>The status codes this server answers with (RFC 9110 §15) and their reason phrases.</summary>
    public static class HttpStatus
    {
        public const int Ok = 200;
        public const int MovedPermanently = 301;
        public const int NotModified = 304;
        public const int BadRequest = 400;
        public const int NotFound = 404;
        public const int MethodNotAllowed = 405;
        public const int RequestTimeout = 408;
        public const int LengthRequired = 411;
        public const int ContentTooLarge = 413;
        public const int UriTooLong = 414;
        public const int HeaderFieldsTooLarge = 431;
        public const int InternalServerError = 500;
        public const int NotImplemented = 501;
        public const int VersionNotSupported = 505;

        public static string ReasonPhrase(int status) => status switch
        {
            Ok => "OK",
            MovedPermanently => "Moved Permanently",
            NotModified => "Not Modified",
            BadRequest => "Bad Request",
            NotFound => "Not Found",
            MethodNotAllowed => "Method Not Allowed",
            RequestTimeout => "Request Timeout",
            LengthRequired => "Length Required",
            ContentTooLarge => "Content Too Large",
            UriTooLong => "URI Too Long",
            HeaderFieldsTooLarge => "Request Header Fields Too Large",
            InternalServerError => "Internal Server Error",
            NotImplemented => "Not Implemented",
            VersionNotSupported => "HTTP Version Not Supported",
            _ => "Unknown",
        };
    }
}

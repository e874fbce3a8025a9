#nullable enable
namespace Sing.Web.Http
{
    /// <summary>The methods this server implements; any other well-formed method is answered 405.</summary>
    public enum RequestMethod
    {
        Other,
        Get,
        Head,
    }
}

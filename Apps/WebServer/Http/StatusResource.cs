#nullable enable
namespace Sing.Web.Http
{
    /// <summary>The live system page's resources under /system/ (rendered by Sing.Web.Status).</summary>
    public enum StatusResource
    {
        None,
        /// <summary>/system/: the HTML page.</summary>
        Page,
        /// <summary>/system/status.json: one snapshot as JSON.</summary>
        Json,
        /// <summary>/system/graph.svg: the process and channel graph.</summary>
        Graph,
    }
}

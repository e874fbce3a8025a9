#nullable enable
using System.Text;
using Sing.Web.Http;

namespace Sing.Web.Status
{
    /// <summary>The bytes of one /system/ resource for a snapshot: what the glue hands to
    /// <see cref="HttpConnection.CompleteStatus"/> after a ServeStatus action.</summary>
    public static class StatusRenderer
    {
        public static byte[] Render(StatusResource resource, SystemSnapshot snapshot)
        {
            string text = resource switch
            {
                StatusResource.Page => StatusPage.Render(snapshot),
                StatusResource.Json => StatusJson.Render(snapshot),
                StatusResource.Graph => GraphSvg.Render(snapshot, standalone: true),
                _ => throw new System.ArgumentException("no status resource to render", nameof(resource)),
            };
            return Encoding.UTF8.GetBytes(text);
        }
    }
}

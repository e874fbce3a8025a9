#nullable enable
namespace Sing.Web.Status
{
    /// <summary>Channels between two processes: <see cref="Count"/> channels with one endpoint in
    /// <see cref="FromPid"/> and the other in <see cref="ToPid"/>.</summary>
    public sealed class ChannelEdge
    {
        public int FromPid { get; set; }
        public int ToPid { get; set; }
        public int Count { get; set; }
    }
}

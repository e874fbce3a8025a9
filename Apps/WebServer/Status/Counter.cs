#nullable enable
namespace Sing.Web.Status
{
    /// <summary>A named figure (a network counter: "tcp.segments_in", ...).</summary>
    public sealed class Counter
    {
        public string Name { get; set; } = "";
        public long Value { get; set; }

        public Counter() { }

        public Counter(string name, long value) { Name = name; Value = value; }
    }
}

#nullable enable
namespace Sing.Web.Http
{
    /// <summary>One header field line as received: the name in its original case, the value without surrounding
    /// white space. Bytes 0x80-0xFF (obs-text) are kept as the Latin-1 characters of the same code.</summary>
    public readonly struct HttpField
    {
        public readonly string Name;
        public readonly string Value;

        public HttpField(string name, string value) { Name = name; Value = value; }
    }
}

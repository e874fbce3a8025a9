namespace System.Text.Json.Serialization.Metadata
{
    /// <summary>A value the serializer could not convert (or a cycle it met), on its way out through the methods of
    /// the objects and arrays around it, which add their steps to its path (JsonException.AddPathStep);
    /// JsonSerializer makes .NET's message at the top: "WHAT Path: $.a[2].b | LineNumber: L | BytePositionInLine: B."</summary>
    internal sealed class JsonPathException : JsonException
    {
        internal JsonPathException(string what, long? line, long? byteInLine, Exception inner)
            : base(what, null, line, byteInLine, inner)
        {
            What = what;
        }

        internal string What { get; set; }
    }
}

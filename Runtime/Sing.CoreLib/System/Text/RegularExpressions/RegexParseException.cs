namespace System.Text.RegularExpressions
{
    /// <summary>A pattern that does not parse: "Invalid pattern 'p' at offset n. reason", as .NET words it.</summary>
    public sealed class RegexParseException : ArgumentException
    {
        public RegexParseError Error { get; }

        /// <summary>The position in the pattern where the parser noticed the error.</summary>
        public int Offset { get; }

        internal RegexParseException(RegexParseError error, int offset, string pattern, string reason)
            : base("Invalid pattern '" + pattern + "' at offset " + offset + ". " + reason)
        {
            Error = error;
            Offset = offset;
        }
    }
}

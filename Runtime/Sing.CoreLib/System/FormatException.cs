namespace System
{
    /// <summary>Thrown for a malformed format string or unparsable text.</summary>
    public class FormatException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131537);

        public FormatException() : base("One of the identified items was in an invalid format.") { }
        public FormatException(string message) : base(message) { }
    }
}

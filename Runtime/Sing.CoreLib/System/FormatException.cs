namespace System
{
    /// <summary>Thrown for a malformed format string or unparsable text.</summary>
    public class FormatException : SystemException
    {
        public FormatException() : base("One of the identified items was in an invalid format.") { }
        public FormatException(string message) : base(message) { }
    }
}

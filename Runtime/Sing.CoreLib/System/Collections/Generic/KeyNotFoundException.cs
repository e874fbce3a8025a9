namespace System.Collections.Generic
{
    /// <summary>Thrown by a dictionary's indexer when the key is absent.</summary>
    public class KeyNotFoundException : SystemException
    {
        public KeyNotFoundException() : base("The given key was not present in the dictionary.") { }
        public KeyNotFoundException(string message) : base(message) { }
    }
}

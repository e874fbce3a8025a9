namespace System.Collections.Generic
{
    /// <summary>Thrown by a dictionary's indexer when the key is absent.</summary>
    public class KeyNotFoundException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131577);

        public KeyNotFoundException() : base("The given key was not present in the dictionary.") { }
        public KeyNotFoundException(string message) : base(message) { }
    }
}

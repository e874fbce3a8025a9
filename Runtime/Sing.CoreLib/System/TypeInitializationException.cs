namespace System
{
    /// <summary>What a type's static constructor threw, wrapped; thrown again at every later use of the type.</summary>
    public sealed class TypeInitializationException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131534);

        public TypeInitializationException(string fullTypeName, Exception innerException)
            : base($"The type initializer for '{fullTypeName}' threw an exception.", innerException)
        {
            TypeName = fullTypeName ?? string.Empty;
        }

        /// <summary>The full name of the type whose initializer failed.</summary>
        public string TypeName { get; }
    }
}

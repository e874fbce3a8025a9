namespace System.Security.Cryptography
{
    /// <summary>An error during a cryptographic operation (.NET's type and default message).</summary>
    public class CryptographicException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131430);   // CORSEC_E_CRYPTO

        public CryptographicException() : base("Error occurred during a cryptographic operation.") { }

        public CryptographicException(int hr) : this() => HResult = hr;

        public CryptographicException(string message) : base(message) { }

        public CryptographicException(string message, Exception inner) : base(message, inner) { }

        public CryptographicException(string format, string insert) : base(string.Format(format, insert)) { }
    }
}

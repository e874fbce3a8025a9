namespace System.Security.Cryptography
{
    /// <summary>A hash keyed by a secret (.NET's base of the HMAC classes): the key is copied in and out.</summary>
    public abstract class KeyedHashAlgorithm : HashAlgorithm
    {
        protected byte[] KeyValue;

        protected KeyedHashAlgorithm() { }

        public virtual byte[] Key
        {
            get => (byte[])KeyValue.Clone();
            set => KeyValue = (byte[])value.Clone();
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing && KeyValue != null)
            {
                KeyValue.AsSpan().Clear();
                KeyValue = null;
            }
            base.Dispose(disposing);
        }
    }
}

namespace System.Security.Cryptography
{
    /// <summary>The base of the hash objects (<see cref="SHA256.Create"/>, <see cref="HMACSHA256"/>), with .NET's
    /// members for byte arrays and spans: <c>ComputeHash</c>, <c>TryComputeHash</c>, <c>Hash</c>, <c>HashSize</c>,
    /// <c>Initialize</c>, <c>Dispose</c>/<c>Clear</c>. Not here: streams (<c>ComputeHash(Stream)</c>, the async form)
    /// and the <c>ICryptoTransform</c> block members (<c>TransformBlock</c>, <c>TransformFinalBlock</c>).</summary>
    public abstract class HashAlgorithm : IDisposable
    {
        private bool _disposed;
        protected int HashSizeValue;
        protected internal byte[] HashValue;
        protected int State;

        protected HashAlgorithm() { }

        public virtual int HashSize => HashSizeValue;

        public virtual byte[] Hash
        {
            get
            {
                ObjectDisposedException.ThrowIf(_disposed, this);
                if (State != 0) throw new CryptographicException("Hash must be finalized before the hash value is retrieved.");
                return HashValue is null ? null : (byte[])HashValue.Clone();
            }
        }

        public byte[] ComputeHash(byte[] buffer)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            ArgumentNullException.ThrowIfNull(buffer);
            HashCore(buffer, 0, buffer.Length);
            return CaptureHashAndReinitialize();
        }

        public byte[] ComputeHash(byte[] buffer, int offset, int count)
        {
            ArgumentNullException.ThrowIfNull(buffer);
            ArgumentOutOfRangeException.ThrowIfNegative(offset);
            if (count < 0 || count > buffer.Length) throw new ArgumentException("Value was invalid.");
            if (buffer.Length - count < offset)
                throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");
            ObjectDisposedException.ThrowIf(_disposed, this);
            HashCore(buffer, offset, count);
            return CaptureHashAndReinitialize();
        }

        public bool TryComputeHash(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (destination.Length < HashSizeValue / 8)
            {
                bytesWritten = 0;
                return false;
            }
            HashCore(source);
            if (!TryHashFinal(destination, out bytesWritten)) throw new InvalidOperationException("The hash final step wrote more than the destination could hold.");
            HashValue = null;
            Initialize();
            return true;
        }

        private byte[] CaptureHashAndReinitialize()
        {
            HashValue = HashFinal();
            var result = (byte[])HashValue.Clone();
            Initialize();
            return result;
        }

        public abstract void Initialize();

        protected abstract void HashCore(byte[] array, int ibStart, int cbSize);

        protected abstract byte[] HashFinal();

        protected virtual void HashCore(ReadOnlySpan<byte> source) => HashCore(source.ToArray(), 0, source.Length);

        protected virtual bool TryHashFinal(Span<byte> destination, out int bytesWritten)
        {
            int size = HashSizeValue / 8;
            if (destination.Length < size)
            {
                bytesWritten = 0;
                return false;
            }
            byte[] final = HashFinal();
            final.AsSpan().CopyTo(destination);
            bytesWritten = final.Length;
            return true;
        }

        public void Dispose()
        {
            Dispose(true);
        }

        public void Clear() => Dispose();

        protected virtual void Dispose(bool disposing)
        {
            if (disposing)
            {
                if (HashValue != null) HashValue.AsSpan().Clear();
                HashValue = null;
                _disposed = true;
            }
        }
    }
}

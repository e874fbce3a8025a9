namespace System.Security.Cryptography
{
    /// <summary>SHA-256 (FIPS 180-4), as .NET's class: the one-shot <c>HashData</c>/<c>TryHashData</c> and
    /// <see cref="Create"/> for a reusable hash object. The algorithm is <see cref="Sha256Provider"/>.</summary>
    public abstract class SHA256 : HashAlgorithm
    {
        public const int HashSizeInBits = 256;
        public const int HashSizeInBytes = 32;

        protected SHA256() => HashSizeValue = HashSizeInBits;

        public static SHA256 Create() => new Implementation();

        public static byte[] HashData(byte[] source)
        {
            ArgumentNullException.ThrowIfNull(source);
            return HashData(new ReadOnlySpan<byte>(source));
        }

        public static byte[] HashData(ReadOnlySpan<byte> source)
        {
            var hash = new byte[HashSizeInBytes];
            Sha256Provider.HashData(source, hash);
            return hash;
        }

        public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            if (!TryHashData(source, destination, out int bytesWritten))
                throw new ArgumentException("Destination is too short.", nameof(destination));
            return bytesWritten;
        }

        public static bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
        {
            if (destination.Length < HashSizeInBytes)
            {
                bytesWritten = 0;
                return false;
            }
            Sha256Provider.HashData(source, destination);
            bytesWritten = HashSizeInBytes;
            return true;
        }

        private sealed class Implementation : SHA256
        {
            private readonly Sha256Provider _provider = new Sha256Provider();

            public override void Initialize() => _provider.Reset();

            protected override void HashCore(byte[] array, int ibStart, int cbSize) => _provider.Append(new ReadOnlySpan<byte>(array, ibStart, cbSize));

            protected override void HashCore(ReadOnlySpan<byte> source) => _provider.Append(source);

            protected override byte[] HashFinal()
            {
                var hash = new byte[HashSizeInBytes];
                _provider.Finish(hash);
                return hash;
            }

            protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
            {
                if (destination.Length < HashSizeInBytes)
                {
                    bytesWritten = 0;
                    return false;
                }
                _provider.Finish(destination);
                bytesWritten = HashSizeInBytes;
                return true;
            }

            protected override void Dispose(bool disposing)
            {
                if (disposing) _provider.Clear();
                base.Dispose(disposing);
            }
        }
    }
}

namespace System.Security.Cryptography
{
    /// <summary>HMAC-SHA256 (RFC 2104 over FIPS 180-4), as .NET's class: the one-shot <c>HashData</c>/<c>TryHashData</c>
    /// and a keyed hash object. A key longer than the 64-byte block is replaced by its SHA-256 (which
    /// <see cref="Key"/> then returns, as .NET's). The algorithm is <see cref="HmacProvider"/>. Not here: .NET's
    /// intermediate <c>HMAC</c> base class, streams, <c>Verify</c>.</summary>
    public class HMACSHA256 : KeyedHashAlgorithm
    {
        public const int HashSizeInBits = 256;
        public const int HashSizeInBytes = 32;
        private const int BlockSize = 64;

        private HmacProvider _hmac;

        /// <summary>A keyed hash with a random 64-byte key.</summary>
        public HMACSHA256() : this(RandomNumberGenerator.GetBytes(BlockSize)) { }

        public HMACSHA256(byte[] key)
        {
            ArgumentNullException.ThrowIfNull(key);
            HashSizeValue = HashSizeInBits;
            SetKey(key);
        }

        public override byte[] Key
        {
            get => base.Key;
            set
            {
                ArgumentNullException.ThrowIfNull(value);
                SetKey(value);
            }
        }

        private void SetKey(byte[] key)
        {
            _hmac?.Clear();
            _hmac = new HmacProvider(new Sha256Provider(), key);
            KeyValue = key.Length > BlockSize ? SHA256.HashData(key) : (byte[])key.Clone();
        }

        public override void Initialize() => _hmac.Begin();

        protected override void HashCore(byte[] rgb, int ib, int cb) => _hmac.Append(new ReadOnlySpan<byte>(rgb, ib, cb));

        protected override void HashCore(ReadOnlySpan<byte> source) => _hmac.Append(source);

        protected override byte[] HashFinal()
        {
            var mac = new byte[HashSizeInBytes];
            _hmac.Finish(mac);
            return mac;
        }

        protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
        {
            if (destination.Length < HashSizeInBytes)
            {
                bytesWritten = 0;
                return false;
            }
            _hmac.Finish(destination);
            bytesWritten = HashSizeInBytes;
            return true;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing) _hmac?.Clear();
            base.Dispose(disposing);
        }

        public static byte[] HashData(byte[] key, byte[] source)
        {
            ArgumentNullException.ThrowIfNull(key);
            ArgumentNullException.ThrowIfNull(source);
            return HashData(new ReadOnlySpan<byte>(key), new ReadOnlySpan<byte>(source));
        }

        public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source)
        {
            var mac = new byte[HashSizeInBytes];
            Compute(key, source, mac);
            return mac;
        }

        public static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
        {
            if (!TryHashData(key, source, destination, out int bytesWritten))
                throw new ArgumentException("Destination is too short.", nameof(destination));
            return bytesWritten;
        }

        public static bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
        {
            if (destination.Length < HashSizeInBytes)
            {
                bytesWritten = 0;
                return false;
            }
            Compute(key, source, destination);
            bytesWritten = HashSizeInBytes;
            return true;
        }

        private static void Compute(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
        {
            var hmac = new HmacProvider(new Sha256Provider(), key);
            hmac.Compute(source, destination);
            hmac.Clear();
        }
    }
}

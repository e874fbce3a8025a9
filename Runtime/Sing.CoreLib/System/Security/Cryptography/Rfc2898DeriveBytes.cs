using System.Text;

namespace System.Security.Cryptography
{
    /// <summary>PBKDF2 (RFC 8018) with HMAC over SHA-1, SHA-256, SHA-384 or SHA-512: .NET's static
    /// <c>Pbkdf2</c> overloads, with its argument checks, exception types and messages. Passwords given as
    /// characters are UTF-8 encoded (a lone surrogate throws EncoderFallbackException, as in .NET). The algorithm is <see cref="Pbkdf2Provider"/>. Not here: the instance
    /// (<c>new Rfc2898DeriveBytes(...)</c>, <c>GetBytes</c>), which .NET marks obsolete for most uses.</summary>
    public class Rfc2898DeriveBytes
    {
        private Rfc2898DeriveBytes() { }

        public static byte[] Pbkdf2(byte[] password, byte[] salt, int iterations, HashAlgorithmName hashAlgorithm, int outputLength)
        {
            ArgumentNullException.ThrowIfNull(password);
            ArgumentNullException.ThrowIfNull(salt);
            return Pbkdf2(new ReadOnlySpan<byte>(password), new ReadOnlySpan<byte>(salt), iterations, hashAlgorithm, outputLength);
        }

        public static byte[] Pbkdf2(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int iterations, HashAlgorithmName hashAlgorithm, int outputLength)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(iterations);
            ArgumentOutOfRangeException.ThrowIfNegative(outputLength);
            HashProvider hash = ProviderFor(hashAlgorithm);
            var result = new byte[outputLength];
            Pbkdf2Provider.Derive(hash, password, salt, iterations, result);
            return result;
        }

        public static void Pbkdf2(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> destination, int iterations, HashAlgorithmName hashAlgorithm)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(iterations);
            HashProvider hash = ProviderFor(hashAlgorithm);
            Pbkdf2Provider.Derive(hash, password, salt, iterations, destination);
        }

        public static byte[] Pbkdf2(string password, byte[] salt, int iterations, HashAlgorithmName hashAlgorithm, int outputLength)
        {
            ArgumentNullException.ThrowIfNull(password);
            ArgumentNullException.ThrowIfNull(salt);
            return Pbkdf2(password.AsSpan(), new ReadOnlySpan<byte>(salt), iterations, hashAlgorithm, outputLength);
        }

        public static byte[] Pbkdf2(ReadOnlySpan<char> password, ReadOnlySpan<byte> salt, int iterations, HashAlgorithmName hashAlgorithm, int outputLength)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(iterations);
            ArgumentOutOfRangeException.ThrowIfNegative(outputLength);
            HashProvider hash = ProviderFor(hashAlgorithm);
            var result = new byte[outputLength];
            DeriveFromChars(hash, password, salt, iterations, result);
            return result;
        }

        public static void Pbkdf2(ReadOnlySpan<char> password, ReadOnlySpan<byte> salt, Span<byte> destination, int iterations, HashAlgorithmName hashAlgorithm)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(iterations);
            HashProvider hash = ProviderFor(hashAlgorithm);
            DeriveFromChars(hash, password, salt, iterations, destination);
        }

        private static void DeriveFromChars(HashProvider hash, ReadOnlySpan<char> password, ReadOnlySpan<byte> salt, int iterations, Span<byte> destination)
        {
            if (destination.IsEmpty) return;
            // .NET encodes with a UTF-8 encoding that throws on a lone surrogate (ours would replace it by U+FFFD).
            for (int i = 0; i < password.Length; i++)
            {
                char c = password[i];
                if (char.IsHighSurrogate(c) && i + 1 < password.Length && char.IsLowSurrogate(password[i + 1])) i++;
                else if (char.IsSurrogate(c)) throw new EncoderFallbackException(c, i);
            }
            var bytes = new byte[Encoding.UTF8.GetByteCount(password)];
            Encoding.UTF8.GetBytes(password, bytes);
            Pbkdf2Provider.Derive(hash, bytes, salt, iterations, destination);
            bytes.AsSpan().Clear();
        }

        /// <summary>The hash for a name, checked as .NET checks it: a null or empty name is an argument error, a
        /// name .NET does not know a <see cref="CryptographicException"/>.</summary>
        private static HashProvider ProviderFor(HashAlgorithmName hashAlgorithm)
        {
            string name = hashAlgorithm.Name;
            ArgumentException.ThrowIfNullOrEmpty(name, nameof(hashAlgorithm));
            if (name == "SHA256") return new Sha256Provider();
            if (name == "SHA1") return new Sha1Provider();
            if (name == "SHA384") return new Sha512Provider(is384: true);
            if (name == "SHA512") return new Sha512Provider(is384: false);
            if (name == "SHA3-256" || name == "SHA3-384" || name == "SHA3-512")
                throw new PlatformNotSupportedException("SHA-3 is not supported on this platform.");
            throw new CryptographicException("'" + name + "' is not a known hash algorithm.");
        }
    }
}

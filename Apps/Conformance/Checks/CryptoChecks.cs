using System;
using System.Security.Cryptography;
using System.Text;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>System.Security.Cryptography: SHA-256, HMAC-SHA256 and PBKDF2 outputs (hex), constant-time
    /// comparison, argument errors, and the random number generator (booleans only: its values are random).</summary>
    internal static class CryptoChecks
    {
        private static byte[] Bytes(string s) => Encoding.UTF8.GetBytes(s);

        public static void Run()
        {
            Hashes();
            Macs();
            KeyDerivation();
            Comparison();
            Names();
            Random();
        }

        private static byte[] Pattern(int length)
        {
            var data = new byte[length];
            for (int i = 0; i < length; i++) data[i] = (byte)(i * 7 + 3);
            return data;
        }

        private static void Hashes()
        {
            Line("sha256-empty", Convert.ToHexString(SHA256.HashData(Array.Empty<byte>())));
            Line("sha256-abc", Convert.ToHexString(SHA256.HashData(Bytes("abc"))));
            Line("sha256-pattern-1000", Convert.ToHexString(SHA256.HashData(Pattern(1000))));
            Line("sha256-55-56-64", Convert.ToHexString(SHA256.HashData(Pattern(55)).AsSpan(0, 4)) + " "
                + Convert.ToHexString(SHA256.HashData(Pattern(56)).AsSpan(0, 4)) + " " + Convert.ToHexString(SHA256.HashData(Pattern(64)).AsSpan(0, 4)));
            ReadOnlySpan<byte> span = Bytes("span input");
            Line("sha256-span", Convert.ToHexString(SHA256.HashData(span)));
            var destination = new byte[40];
            int written = SHA256.HashData(span, destination);
            Line("sha256-destination", written + " " + Convert.ToHexString(destination));
            Line("sha256-try-short", SHA256.TryHashData(span, new byte[31], out int none) + " " + none);
            Line("sha256-try", SHA256.TryHashData(span, destination, out int bytesWritten) + " " + bytesWritten);
            Line("sha256-destination-short", Throws(() => SHA256.HashData(Bytes("x"), new byte[16])));
            Line("sha256-null", Throws(() => SHA256.HashData((byte[])null)));
            Line("sha256-sizes", SHA256.HashSizeInBits + " " + SHA256.HashSizeInBytes);
            using (SHA256 sha = SHA256.Create())
            {
                Line("sha256-object", Convert.ToHexString(sha.ComputeHash(Bytes("abc"))) + " " + sha.HashSize);
                Line("sha256-object-again", Convert.ToHexString(sha.ComputeHash(Pattern(1000), 10, 500)));
                Line("sha256-object-hash", Convert.ToHexString(sha.Hash));
                Line("sha256-object-null", Throws(() => sha.ComputeHash((byte[])null)));
                byte[] data = Pattern(10);
                Line("sha256-object-bad-offset", Throws(() => sha.ComputeHash(data, -1, 2)));
                Line("sha256-object-bad-count", Throws(() => sha.ComputeHash(data, 0, 11)) + " | " + Throws(() => sha.ComputeHash(data, 0, -1)));
                Line("sha256-object-past-end", Throws(() => sha.ComputeHash(data, 5, 6)));
                var digest = new byte[32];
                Line("sha256-object-try", sha.TryComputeHash(Bytes("abc"), digest, out int digestLength) + " " + digestLength + " " + Convert.ToHexString(digest.AsSpan(0, 4))
                    + " " + sha.TryComputeHash(Bytes("abc"), new byte[31], out int shortLength) + " " + shortLength);
                sha.Dispose();
                Line("sha256-object-disposed", Throws(() => sha.ComputeHash(data)));
            }
        }

        private static void Macs()
        {
            Line("hmac-jefe", Convert.ToHexString(HMACSHA256.HashData(Bytes("Jefe"), Bytes("what do ya want for nothing?"))));
            Line("hmac-long-key", Convert.ToHexString(HMACSHA256.HashData(Pattern(131), Pattern(200))));
            Line("hmac-empty", Convert.ToHexString(HMACSHA256.HashData(Array.Empty<byte>(), Array.Empty<byte>())));
            ReadOnlySpan<byte> key = Bytes("key");
            var destination = new byte[32];
            Line("hmac-span", HMACSHA256.HashData(key, Bytes("The quick brown fox jumps over the lazy dog"), destination) + " " + Convert.ToHexString(destination));
            Line("hmac-span-array", Convert.ToHexString(HMACSHA256.HashData(key, Bytes("message"))));
            Line("hmac-null-key", Throws(() => HMACSHA256.HashData(null, new byte[1])));
            Line("hmac-null-source", Throws(() => HMACSHA256.HashData(new byte[1], (byte[])null)));
            Line("hmac-destination-short", Throws(() => HMACSHA256.HashData(new byte[1], new byte[1], new byte[31])));
            Line("hmac-sizes", HMACSHA256.HashSizeInBits + " " + HMACSHA256.HashSizeInBytes);
            using (var hmac = new HMACSHA256(Bytes("secret")))
            {
                Line("hmac-object", Convert.ToHexString(hmac.ComputeHash(Bytes("payload"))));
                Line("hmac-object-again", Convert.ToHexString(hmac.ComputeHash(Bytes("payload"))));
                Line("hmac-object-key", Convert.ToHexString(hmac.Key) + " " + hmac.HashSize);
            }
            using (var hmac = new HMACSHA256(Pattern(100)))
                Line("hmac-object-long-key", Convert.ToHexString(hmac.ComputeHash(Pattern(10))) + " " + hmac.Key.Length);
            Line("hmac-ctor-null", Throws(() => new HMACSHA256(null)));
            using (var hmac = new HMACSHA256())
            {
                Line("hmac-random-key", hmac.Key.Length);
                hmac.Key = Bytes("Jefe");
                Line("hmac-key-set", Convert.ToHexString(hmac.ComputeHash(Bytes("what do ya want for nothing?"))));
                Line("hmac-key-set-null", Throws(() => hmac.Key = null));
            }
        }

        private static void KeyDerivation()
        {
            HashAlgorithmName sha256 = HashAlgorithmName.SHA256;
            Line("pbkdf2-rfc7914", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2(Bytes("passwd"), Bytes("salt"), 1, sha256, 64)));
            Line("pbkdf2-string", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2("correct horse", Bytes("NaCl-salt"), 1000, sha256, 32)));
            Line("pbkdf2-string-unicode", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2("pässwörd ✓", Bytes("salt"), 3, sha256, 20)));
            Line("pbkdf2-chars", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2("correct horse".AsSpan(), Bytes("NaCl-salt"), 1000, sha256, 32)));
            Line("pbkdf2-bytes-span", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2(new ReadOnlySpan<byte>(Pattern(70)), Bytes("s"), 10, sha256, 70)));
            var destination = new byte[45];
            Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), Bytes("salt"), destination, 20, sha256);
            Line("pbkdf2-destination", Convert.ToHexString(destination));
            var fromChars = new byte[33];
            Rfc2898DeriveBytes.Pbkdf2("pw".AsSpan(), Bytes("salt"), fromChars, 20, sha256);
            Line("pbkdf2-chars-destination", Convert.ToHexString(fromChars));
            Line("pbkdf2-empty", Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), Bytes("salt"), 5, sha256, 0).Length);
            Line("pbkdf2-empty-password-salt", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2(Array.Empty<byte>(), Array.Empty<byte>(), 2, sha256, 16)));
            Line("pbkdf2-sha1-rfc6070", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2(Bytes("password"), Bytes("salt"), 2, HashAlgorithmName.SHA1, 20)));
            Line("pbkdf2-sha384", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2("pw", Bytes("salt"), 3, HashAlgorithmName.SHA384, 50)));
            Line("pbkdf2-sha512", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2("pw", Bytes("salt"), 3, HashAlgorithmName.SHA512, 70)));
            byte[] salt = Bytes("salt");
            Line("pbkdf2-lone-surrogate", Throws(() => Rfc2898DeriveBytes.Pbkdf2("ab\uD800c", Bytes("salt"), 1, sha256, 4)) + " | "
                + Throws(() => Rfc2898DeriveBytes.Pbkdf2("\uDC00", Bytes("salt"), 1, sha256, 4)) + " | "
                + Throws(() => Rfc2898DeriveBytes.Pbkdf2("x\uD83D".AsSpan(), Bytes("salt"), new byte[4], 1, sha256)));
            Line("pbkdf2-lone-surrogate-empty-output", Throws(() => Rfc2898DeriveBytes.Pbkdf2("ab\uD800c", Bytes("salt"), 1, sha256, 0)));
            Line("pbkdf2-surrogate-pair", Convert.ToHexString(Rfc2898DeriveBytes.Pbkdf2("key \uD83D\uDD11", Bytes("salt"), 2, sha256, 16)));
            Line("pbkdf2-iterations-zero", Throws(() => Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), salt, 0, sha256, 16)));
            Line("pbkdf2-iterations-negative", Throws(() => Rfc2898DeriveBytes.Pbkdf2("pw", salt, -5, sha256, 16)));
            Line("pbkdf2-length-negative", Throws(() => Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), salt, 1, sha256, -1)));
            Line("pbkdf2-string-length-negative", Throws(() => Rfc2898DeriveBytes.Pbkdf2("pw", salt, 1, sha256, -1)));
            Line("pbkdf2-both-bad", Throws(() => Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), salt, 0, sha256, -1)));
            Line("pbkdf2-null-password", Throws(() => Rfc2898DeriveBytes.Pbkdf2((byte[])null, salt, 1, sha256, 16)));
            Line("pbkdf2-null-string", Throws(() => Rfc2898DeriveBytes.Pbkdf2((string)null, salt, 1, sha256, 16)));
            Line("pbkdf2-null-salt", Throws(() => Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), null, 1, sha256, 16)));
            Line("pbkdf2-null-everything", Throws(() => Rfc2898DeriveBytes.Pbkdf2((byte[])null, null, 0, default, -1)));
            Line("pbkdf2-unknown-hash", Throws(() => Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), salt, 1, new HashAlgorithmName("FOO"), 16)));
            Line("pbkdf2-default-hash", Throws(() => Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), salt, 1, default, 16)));
            Line("pbkdf2-empty-hash", Throws(() => Rfc2898DeriveBytes.Pbkdf2("pw", salt, 1, new HashAlgorithmName(""), 16)));
            Line("pbkdf2-md5", Throws(() => Rfc2898DeriveBytes.Pbkdf2("pw", salt, 1, HashAlgorithmName.MD5, 16)));
            Line("pbkdf2-lowercase-name", Throws(() => Rfc2898DeriveBytes.Pbkdf2("pw", salt, 1, new HashAlgorithmName("sha256"), 16)));
            Line("pbkdf2-destination-bad", Throws(() => Rfc2898DeriveBytes.Pbkdf2(Bytes("pw"), salt, new byte[4], 0, sha256))
                + " | " + Throws(() => Rfc2898DeriveBytes.Pbkdf2("pw".AsSpan(), salt, new byte[4], 1, new HashAlgorithmName("FOO"))));
        }

        private static void Comparison()
        {
            byte[] mac = HMACSHA256.HashData(Bytes("k"), Bytes("m"));
            byte[] same = HMACSHA256.HashData(Bytes("k"), Bytes("m"));
            byte[] other = HMACSHA256.HashData(Bytes("k"), Bytes("n"));
            Line("fixed-time-equal", CryptographicOperations.FixedTimeEquals(mac, same));
            Line("fixed-time-different", CryptographicOperations.FixedTimeEquals(mac, other));
            Line("fixed-time-lengths", CryptographicOperations.FixedTimeEquals(mac, mac.AsSpan(0, 31)));
            Line("fixed-time-empty", CryptographicOperations.FixedTimeEquals(ReadOnlySpan<byte>.Empty, Array.Empty<byte>()));
            byte[] secret = Pattern(8);
            CryptographicOperations.ZeroMemory(secret.AsSpan(2, 4));
            Line("zero-memory", Convert.ToHexString(secret));
        }

        private static void Names()
        {
            Line("hash-name", HashAlgorithmName.SHA256.Name + " " + HashAlgorithmName.SHA1 + " " + HashAlgorithmName.SHA384 + " "
                + HashAlgorithmName.SHA512 + " " + HashAlgorithmName.MD5);
            Line("hash-name-equality", (HashAlgorithmName.SHA256 == new HashAlgorithmName("SHA256")) + " " + (HashAlgorithmName.SHA256 != HashAlgorithmName.SHA512)
                + " " + HashAlgorithmName.SHA256.Equals((object)new HashAlgorithmName("SHA256")) + " " + (new HashAlgorithmName("sha256") == HashAlgorithmName.SHA256));
            Line("hash-name-default", "[" + default(HashAlgorithmName).ToString() + "] " + (default(HashAlgorithmName).Name is null)
                + " " + (default(HashAlgorithmName) == new HashAlgorithmName(null)) + " " + default(HashAlgorithmName).GetHashCode());
            Line("hash-name-hash-code", HashAlgorithmName.SHA256.GetHashCode() == new HashAlgorithmName("SHA256").GetHashCode());
            Line("crypto-exception", new CryptographicException().Message + " | " + new CryptographicException("custom").Message
                + " | " + (new CryptographicException() is SystemException));
        }

        private static void Random()
        {
            Line("rng-length", RandomNumberGenerator.GetBytes(16).Length + " " + RandomNumberGenerator.GetBytes(0).Length);
            byte[] first = RandomNumberGenerator.GetBytes(32), second = RandomNumberGenerator.GetBytes(32);
            Line("rng-differ", !first.AsSpan().SequenceEqual(second));
            var filled = new byte[100];
            RandomNumberGenerator.Fill(filled);
            Line("rng-fill-nonzero", Array.Exists(filled, b => b != 0));
            bool inRange = true;
            for (int i = 0; i < 200; i++)
            {
                int v = RandomNumberGenerator.GetInt32(10);
                if (v < 0 || v >= 10) inRange = false;
                int w = RandomNumberGenerator.GetInt32(-5, 5);
                if (w < -5 || w >= 5) inRange = false;
            }
            Line("rng-int32-range", inRange);
            var seen = new bool[4];
            for (int i = 0; i < 400; i++) seen[RandomNumberGenerator.GetInt32(4)] = true;
            Line("rng-int32-all-values", Array.TrueForAll(seen, s => s));
            Line("rng-int32-single", RandomNumberGenerator.GetInt32(7, 8) + " " + RandomNumberGenerator.GetInt32(1));
            Line("rng-int32-full", RandomNumberGenerator.GetInt32(int.MinValue, int.MaxValue) < int.MaxValue);
            Line("rng-bad-count", Throws(() => RandomNumberGenerator.GetBytes(-1)));
            Line("rng-bad-exclusive", Throws(() => RandomNumberGenerator.GetInt32(0)));
            Line("rng-bad-range", Throws(() => RandomNumberGenerator.GetInt32(5, 5)));
            using (RandomNumberGenerator rng = RandomNumberGenerator.Create())
            {
                var data = new byte[24];
                rng.GetBytes(data);
                var part = new byte[10];
                rng.GetBytes(part, 2, 6);
                Line("rng-object", Array.Exists(data, b => b != 0) + " " + (part[0] == 0 && part[1] == 0 && part[8] == 0 && part[9] == 0));
            }
        }
    }
}

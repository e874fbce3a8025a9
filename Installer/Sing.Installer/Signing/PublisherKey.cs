using System;
using System.IO;
using System.Security.Cryptography;

namespace Sing.Installer.Signing
{
    /// <summary>A publisher's ECDSA P-256 key pair (the host's System.Security.Cryptography). The private half lives in a
    /// PKCS#8 PEM file that <c>sing-install keygen</c> writes and only the publisher keeps; the public half, as base64
    /// SubjectPublicKeyInfo, is what a system policy lists under &lt;publishers&gt;.</summary>
    public static class PublisherKey
    {
        /// <summary>A new key pair: the private key's PEM text and the public key's base64.</summary>
        public static (string PrivatePem, string PublicKey) Create()
        {
            using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
            return (key.ExportPkcs8PrivateKeyPem(), Convert.ToBase64String(key.ExportSubjectPublicKeyInfo()));
        }

        /// <summary>The private key in <paramref name="file"/> (PEM; text around the block, such as a warning, is
        /// ignored), or null with the reason.</summary>
        public static ECDsa? LoadPrivate(string file, out string? problem)
        {
            problem = null;
            string text;
            try
            {
                text = File.ReadAllText(file);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                problem = $"the signing key {file} cannot be read ({e.Message})";
                return null;
            }
            return Import(key => key.ImportFromPem(text), privateKey: true, out problem, $"the signing key {file} is not an ECDSA P-256 private key in PEM", "; make one with sing-install keygen");
        }

        /// <summary>The public key a policy gives (base64 SubjectPublicKeyInfo), or null with the reason.</summary>
        public static ECDsa? LoadPublic(string base64, out string? problem)
        {
            problem = null;
            byte[] bytes;
            try
            {
                bytes = Convert.FromBase64String(base64);
            }
            catch (FormatException)
            {
                problem = "the key is not base64";
                return null;
            }
            return Import(key =>
            {
                key.ImportSubjectPublicKeyInfo(bytes, out int read);
                if (read != bytes.Length) throw new CryptographicException($"{bytes.Length - read} bytes follow the key");
            }, privateKey: false, out problem, "the key is not an ECDSA P-256 public key", "");
        }

        /// <summary>A key made by <paramref name="import"/> on the P-256 curve, or null and why not (what, the
        /// library's reason, then the hint).</summary>
        private static ECDsa? Import(Action<ECDsa> import, bool privateKey, out string? problem, string what, string hint)
        {
            problem = null;
            var key = ECDsa.Create();
            try
            {
                import(key);
                CheckCurve(key.ExportParameters(includePrivateParameters: privateKey).Curve);
                return key;
            }
            catch (Exception e) when (e is CryptographicException or ArgumentException or System.Formats.Asn1.AsnContentException)
            {
                key.Dispose();
                problem = $"{what} ({e.Message}){hint}";
                return null;
            }
        }

        /// <summary>Only NIST P-256 (secp256r1): another 256-bit curve (secp256k1, brainpool) is not what the policy means.</summary>
        private static void CheckCurve(ECCurve curve)
        {
            const string P256 = "1.2.840.10045.3.1.7";
            if (!curve.IsNamed || curve.Oid.Value != P256)
                throw new CryptographicException($"a key on the curve {curve.Oid?.FriendlyName ?? curve.Oid?.Value ?? "given by explicit parameters"}, not P-256");
        }

        /// <summary>The public half of a private key, as a policy lists it.</summary>
        public static string PublicOf(ECDsa key) => Convert.ToBase64String(key.ExportSubjectPublicKeyInfo());
    }
}

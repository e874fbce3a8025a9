using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text;

namespace Sing.Installer.Signing
{
    /// <summary>What a program is, by content (001 §3.6: a sealed process can be identified by its code): SHA-256 over
    /// its manifest and each of its code assemblies in the manifest's order. Each part enters as its name, a newline, its
    /// length (8 bytes, little-endian) and its bytes, so no two different programs hash the same input.</summary>
    public static class ContentHash
    {
        private const string Domain = "singularity-program-content-v1\n";

        /// <summary>The lower-case hex SHA-256 of the parts (display name, file) in order.</summary>
        public static string Of(IEnumerable<(string Name, string File)> parts)
        {
            using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
            hash.AppendData(Encoding.UTF8.GetBytes(Domain));
            Span<byte> length = stackalloc byte[8];
            foreach (var (name, file) in parts)
            {
                byte[] bytes = File.ReadAllBytes(file);
                hash.AppendData(Encoding.UTF8.GetBytes(name + "\n"));
                BitConverter.TryWriteBytes(length, (long)bytes.Length);
                if (!BitConverter.IsLittleEndian) length.Reverse();
                hash.AppendData(length);
                hash.AppendData(bytes);
            }
            return Convert.ToHexStringLower(hash.GetHashAndReset());
        }
    }
}

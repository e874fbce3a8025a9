namespace System.Security.Cryptography
{
    /// <summary>The name of a hash algorithm, as .NET's: a string wrapper compared ordinally. PBKDF2 here computes
    /// SHA1, SHA256, SHA384 and SHA512; the other names are names only.</summary>
    public readonly struct HashAlgorithmName : IEquatable<HashAlgorithmName>
    {
        private readonly string _name;

        public HashAlgorithmName(string name) => _name = name;

        public static HashAlgorithmName MD5 => new HashAlgorithmName("MD5");
        public static HashAlgorithmName SHA1 => new HashAlgorithmName("SHA1");
        public static HashAlgorithmName SHA256 => new HashAlgorithmName("SHA256");
        public static HashAlgorithmName SHA384 => new HashAlgorithmName("SHA384");
        public static HashAlgorithmName SHA512 => new HashAlgorithmName("SHA512");
        public static HashAlgorithmName SHA3_256 => new HashAlgorithmName("SHA3-256");
        public static HashAlgorithmName SHA3_384 => new HashAlgorithmName("SHA3-384");
        public static HashAlgorithmName SHA3_512 => new HashAlgorithmName("SHA3-512");

        public string Name => _name;

        public override string ToString() => _name ?? string.Empty;

        public override bool Equals(object obj) => obj is HashAlgorithmName other && Equals(other);

        public bool Equals(HashAlgorithmName other) => _name == other._name;

        public override int GetHashCode() => _name is null ? 0 : _name.GetHashCode();

        public static bool operator ==(HashAlgorithmName left, HashAlgorithmName right) => left.Equals(right);

        public static bool operator !=(HashAlgorithmName left, HashAlgorithmName right) => !(left == right);
    }
}

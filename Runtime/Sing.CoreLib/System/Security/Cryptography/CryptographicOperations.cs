namespace System.Security.Cryptography
{
    /// <summary>Helpers for handling secrets (.NET's <c>CryptographicOperations</c>).</summary>
    public static class CryptographicOperations
    {
        /// <summary>Whether the two spans hold the same bytes, in a time that depends on the length only (no exit at
        /// the first difference); spans of different lengths are unequal.</summary>
        public static bool FixedTimeEquals(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right) => FixedTime.AreEqual(left, right);

        /// <summary>Overwrites <paramref name="buffer"/> with zeros.</summary>
        public static void ZeroMemory(Span<byte> buffer) => buffer.Clear();
    }
}

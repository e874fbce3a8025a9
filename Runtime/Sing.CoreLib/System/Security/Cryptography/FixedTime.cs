namespace System.Security.Cryptography
{
    /// <summary>Comparison whose time depends only on the lengths, never on where the contents differ (for MACs and
    /// password hashes: an early exit would tell an attacker how many leading bytes of a guess are right). Plain C#,
    /// no corelib-only dependency (compiled by the host tests too).</summary>
    internal static class FixedTime
    {
        public static bool AreEqual(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
        {
            // Different lengths may exit early: lengths are not secret (as in .NET).
            if (left.Length != right.Length) return false;
            int difference = 0;
            for (int i = 0; i < left.Length; i++) difference |= left[i] ^ right[i];
            // No branch on the accumulated bits until every byte has been read.
            return difference == 0;
        }
    }
}

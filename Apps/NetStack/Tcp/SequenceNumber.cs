namespace Sing.Network.Tcp
{
    /// <summary>Sequence-number arithmetic modulo 2^32 (RFC 9293 §3.4): comparisons by the sign of the difference.</summary>
    public static class Seq
    {
        public static bool Lt(uint a, uint b) => (int)(a - b) < 0;
        public static bool Le(uint a, uint b) => (int)(a - b) <= 0;
        public static bool Gt(uint a, uint b) => (int)(a - b) > 0;
        public static bool Ge(uint a, uint b) => (int)(a - b) >= 0;

        /// <summary>Whether <paramref name="x"/> lies in [<paramref name="start"/>, <paramref name="start"/> + <paramref name="length"/>).</summary>
        public static bool InWindow(uint x, uint start, uint length) => x - start < length;
    }
}

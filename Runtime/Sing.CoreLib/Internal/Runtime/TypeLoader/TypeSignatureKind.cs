namespace Internal.Runtime.TypeLoader
{
    /// <summary>Kinds of native layout type signatures: the low four bits of a signature's first integer, the rest
    /// being its data (ILC's TypeSignatureKind).</summary>
    internal static class TypeSignatureKind
    {
        public const uint Lookback = 0x1;       // data: how many bytes back the same signature starts
        public const uint Modifier = 0x2;       // data: array, byref or pointer; the element follows
        public const uint Instantiation = 0x3;  // data: argument count; the definition and the arguments follow
        public const uint Variable = 0x4;       // data: index << 1, low bit set for a method's variable
        public const uint External = 0x6;       // data: native reference index of a MethodTable
    }
}

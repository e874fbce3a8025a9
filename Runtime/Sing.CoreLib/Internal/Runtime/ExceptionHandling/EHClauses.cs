namespace Internal.Runtime.ExceptionHandling
{
    public enum EHClauseKind
    {
        Typed = 0,
        Fault = 1,   // finally and fault blocks
        Filter = 2,
    }

    /// <summary>One protected region and its handler, with offsets relative to the root method's start.</summary>
    public unsafe struct EHClause
    {
        public EHClauseKind Kind;
        public uint TryStart;
        public uint TryEnd;
        public uint HandlerOffset;
        public uint FilterOffset;
        public MethodTable* CatchType;

        public readonly bool Covers(uint offset) => offset >= TryStart && offset < TryEnd;
    }

    /// <summary>Reads NativeAOT's per-method unwind block (the FDE's LSDA) and EH clause list.
    /// LSDA: a flags byte (kind: 0 root, 1 handler funclet, 2 filter funclet; 0x04 has EH info; 0x10 has
    /// associated data); a funclet then has a 32-bit relative pointer to its root's LSDA; then optional
    /// associated data and EH info pointers (32-bit relative). EH info: NativeFormat unsigned count, then per
    /// clause: try start, (try length &lt;&lt; 2 | kind), handler offset, then a relative type pointer (typed) or
    /// a filter offset (filter).</summary>
    public static unsafe class EHClauses
    {
        private const byte KindMask = 0x03;
        private const byte HasEHInfo = 0x04;
        private const byte HasAssociatedData = 0x10;

        public static bool IsFunclet(byte* lsda) => lsda != null && (lsda[0] & KindMask) != 0;

        public static bool IsFilterFunclet(byte* lsda) => lsda != null && (lsda[0] & KindMask) == 2;

        /// <summary>The root method's LSDA for a funclet's LSDA (itself for a root).</summary>
        public static byte* RootLsda(byte* lsda)
        {
            if (!IsFunclet(lsda)) return lsda;
            return lsda + 1 + *(int*)(lsda + 1);
        }

        /// <summary>Start of the clause list for a root LSDA, or null when the method has no handlers.</summary>
        public static byte* EHInfo(byte* rootLsda)
        {
            if (rootLsda == null) return null;
            byte flags = rootLsda[0];
            if ((flags & HasEHInfo) == 0) return null;
            byte* p = rootLsda + 1;
            if ((flags & HasAssociatedData) != 0) p += 4;
            return p + *(int*)p;
        }

        public static uint ReadCount(ref byte* p) => ReadUnsigned(ref p);

        public static EHClause ReadClause(ref byte* p)
        {
            EHClause clause = default;
            clause.TryStart = ReadUnsigned(ref p);
            uint lengthAndKind = ReadUnsigned(ref p);
            clause.Kind = (EHClauseKind)(lengthAndKind & 3);
            clause.TryEnd = clause.TryStart + (lengthAndKind >> 2);
            clause.HandlerOffset = ReadUnsigned(ref p);
            if (clause.Kind == EHClauseKind.Typed)
            {
                clause.CatchType = (MethodTable*)(p + *(int*)p);
                p += 4;
            }
            else if (clause.Kind == EHClauseKind.Filter)
            {
                clause.FilterOffset = ReadUnsigned(ref p);
            }
            return clause;
        }

        /// <summary>NativeFormat variable-length unsigned integer: the low bits of the first byte say how many
        /// bytes follow (0 → 1 byte, 01 → 2, 011 → 3, 0111 → 4, 01111 → a full 32-bit value follows).</summary>
        public static uint ReadUnsigned(ref byte* p)
        {
            uint b = p[0];
            if ((b & 1) == 0) { p += 1; return b >> 1; }
            if ((b & 2) == 0) { uint v = (b >> 2) | ((uint)p[1] << 6); p += 2; return v; }
            if ((b & 4) == 0) { uint v = (b >> 3) | ((uint)p[1] << 5) | ((uint)p[2] << 13); p += 3; return v; }
            if ((b & 8) == 0) { uint v = (b >> 4) | ((uint)p[1] << 4) | ((uint)p[2] << 12) | ((uint)p[3] << 20); p += 4; return v; }
            uint full = *(uint*)(p + 1);
            p += 5;
            return full;
        }
    }
}

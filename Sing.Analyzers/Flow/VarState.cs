namespace Sing.Analyzers.Flow
{
    /// <summary>
    /// What the analysis knows about one tracked variable at one program point: may it own its
    /// value, may the value be gone (sent, freed, moved), may it be null; and for endpoints, the set
    /// of protocol states it may be in, or a receive whose outcome is not yet tested.
    /// </summary>
    internal struct VarState
    {
        public const byte Owned = 1;
        public const byte Gone = 2;
        public const byte Null = 4;

        /// <summary>The analysis cannot tell (e.g. after an exception in a try): no diagnostics, the run-time check decides.</summary>
        public const byte Unknown = 8;
        public const int ClosedBit = 63;

        public byte Own;

        /// <summary>Bit s: may be in state s; bit 63: the peer closed (only Free is meaningful).</summary>
        public ulong States;

        /// <summary>False when the state is not known (the value came from an unannotated source).</summary>
        public bool Known;

        /// <summary>The state a typed receive happened in, or -1.</summary>
        public int PendingState;

        /// <summary>Bit k: transition k of PendingState may have been received; bit 63: ChannelClosed.</summary>
        public ulong PendingMessages;

        /// <summary>What identifies the receive's result in tag tests (a local or a flow capture).</summary>
        public object? PendingKey;

        /// <summary>Site (index into the method's site list) where the value was last released, or -1; for messages.</summary>
        public int ReleasedAt;

        /// <summary>Site where the value was last seen (assigned or used), or -1; for leak messages.</summary>
        public int SeenAt;

        public static VarState Unassigned => new VarState { Own = Null, PendingState = -1, ReleasedAt = -1, SeenAt = -1 };

        public bool Equals(VarState other)
        {
            return Own == other.Own && States == other.States && Known == other.Known && PendingState == other.PendingState
                && PendingMessages == other.PendingMessages && Equals(PendingKey, other.PendingKey)
                && ReleasedAt == other.ReleasedAt && SeenAt == other.SeenAt;
        }
    }
}

namespace Sing.Contracts
{
    /// <summary>Any channel endpoint, whatever its contract: what a select needs to wait on.</summary>
    public abstract class Endpoint : Linear
    {
        private protected Endpoint()
        {
        }

        /// <summary>True when a receive would not block (a message is waiting or the peer closed).</summary>
        public abstract bool IsReady { get; }

        /// <summary>The current protocol state's name (for diagnostics and tests).</summary>
        public abstract string StateName { get; }

        internal abstract IChannelTransport Transport { get; }

        /// <summary>The protocol state's number, whatever the contract (the reconnecting helper compares it).</summary>
        internal abstract int ProtocolState { get; }

        /// <summary>True when the peer may not send in the current state yet a receive would not block: the peer
        /// closed while this side owed the next message (an idle client whose server died).</summary>
        internal abstract bool PeerClosedWhileIdle { get; }

        /// <summary>The protocol state of an endpoint in transit (what a message carries beside it).</summary>
        internal abstract int StateInTransit { get; }

        /// <summary>The transport of this endpoint in transit, for the one caller that claims it (a transport sending the
        /// message, or a typed receive); the handle is dead afterwards. Throws for every other caller.</summary>
        internal IChannelTransport ClaimTransport()
        {
            return TryClaimTransport()
                ?? throw new LinearityViolationException(KindName + " in a message was already sent, taken or closed; a copy of the message carries nothing");
        }

        /// <summary>As <see cref="ClaimTransport"/>, or null when this handle is not in transit.</summary>
        internal IChannelTransport? TryClaimTransport()
        {
            return TryEndTransit() ? GiveUpTransport() : null;
        }

        /// <summary>Detaches the transport from this (no longer owned) handle; the next endpoint may adopt it.</summary>
        private protected abstract IChannelTransport GiveUpTransport();
    }
}

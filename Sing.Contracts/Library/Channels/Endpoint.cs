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

        /// <summary>Hands the transport and state to a message (the handle was already marked sent).</summary>
        internal abstract IChannelTransport TakeForWire(out int state);
    }
}

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

        /// <summary>Hands the transport and state to a message (the handle was already marked sent).</summary>
        internal abstract IChannelTransport TakeForWire(out int state);
    }
}

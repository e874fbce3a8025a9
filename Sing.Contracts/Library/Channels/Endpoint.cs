namespace Sing.Contracts
{
    /// <summary>Any channel endpoint, whatever its contract: what a select needs to wait on.</summary>
    public abstract class Endpoint : Linear
    {
        /// <summary>True when a receive would not block (a message is waiting or the peer closed).</summary>
        public abstract bool IsReady { get; }

        /// <summary>The current protocol state's name (for diagnostics and tests).</summary>
        public abstract string StateName { get; }

        internal abstract void SetWaiter(IWaiter? waiter);
    }
}

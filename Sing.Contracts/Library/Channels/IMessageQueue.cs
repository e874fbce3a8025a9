namespace Sing.Contracts
{
    /// <summary>
    /// One endpoint's receive queue. Its capacity is fixed when the channel is made (the finite-queue
    /// rule bounds it), so enqueue never blocks and never allocates.
    /// </summary>
    public interface IMessageQueue<TMsg> where TMsg : struct
    {
        /// <summary>Adds a message; throws if the contract's bound is exceeded (a runtime bug).</summary>
        void Enqueue(in TMsg message);

        bool TryDequeue(out TMsg message);

        /// <summary>True when a message is waiting or the sending side has closed.</summary>
        bool IsReady { get; }

        /// <summary>True once the peer endpoint was freed (or its SIP died).</summary>
        bool IsWriterClosed { get; }

        void CloseWriter();

        /// <summary>The waiter to signal on arrival; null to detach.</summary>
        void SetWaiter(IWaiter? waiter);
    }
}

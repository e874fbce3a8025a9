namespace Sing.Contracts
{
    /// <summary>A thread's blocking point: queues signal it when a message arrives or the peer closes.</summary>
    public interface IWaiter
    {
        /// <summary>Blocks until signalled or <paramref name="timeoutMs"/> passes (-1: forever). False on timeout.</summary>
        bool Wait(int timeoutMs);

        void Signal();
    }
}

namespace Sing.Contracts
{
    /// <summary>
    /// The seam between generated endpoint code and whatever runs channels: threads on the host
    /// (<see cref="Hosted.HostChannelRuntime"/>) or the kernel scheduler inside the OS.
    /// </summary>
    public interface IChannelRuntime
    {
        /// <summary>A receive queue with a fixed capacity computed from the contract.</summary>
        IMessageQueue<TMsg> CreateQueue<TMsg>(int capacity) where TMsg : struct;

        /// <summary>The calling thread's waiter (one per thread: an endpoint belongs to one thread).</summary>
        IWaiter CurrentWaiter { get; }

        /// <summary>Monotonic milliseconds, for select timeouts.</summary>
        long NowMilliseconds { get; }
    }
}

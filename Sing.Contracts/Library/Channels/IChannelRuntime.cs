namespace Sing.Contracts
{
    /// <summary>
    /// The seam between generated endpoint code and whatever runs channels: threads on the host
    /// (<see cref="Hosted.HostChannelRuntime"/>) or kernel channels inside a SIP. No member is a generic
    /// method, because the SIP runtime (our corelib under NativeAOT) has no generic virtual methods.
    /// </summary>
    public interface IChannelRuntime
    {
        /// <summary>Makes both ends of a channel following <paramref name="contract"/>, queues sized by it.</summary>
        void CreateChannel(ContractInfo contract, out IChannelTransport imp, out IChannelTransport exp);

        /// <summary>The calling thread's waiter (one per thread: an endpoint belongs to one thread).</summary>
        IWaiter CurrentWaiter { get; }

        /// <summary>Monotonic milliseconds, for select timeouts.</summary>
        long NowMilliseconds { get; }

        /// <summary>Blocks the calling thread for <paramref name="milliseconds"/> (a reconnecting client's back-off).</summary>
        void Sleep(int milliseconds);
    }
}

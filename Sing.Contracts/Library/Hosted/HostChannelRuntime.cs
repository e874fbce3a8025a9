using System;
using System.Diagnostics;

namespace Sing.Contracts.Hosted
{
    /// <summary>Channels on host threads: Monitor-based queues and one waiter per thread.</summary>
    public sealed class HostChannelRuntime : IChannelRuntime
    {
        [ThreadStatic]
        private static HostWaiter? _waiter;

        public void CreateChannel(ContractInfo contract, out IChannelTransport imp, out IChannelTransport exp)
        {
            ArgumentNullException.ThrowIfNull(contract);
            var impInbox = new HostMessageQueue(contract.ImpQueueCapacity);
            var expInbox = new HostMessageQueue(contract.ExpQueueCapacity);
            imp = new HostTransport(impInbox, expInbox);
            exp = new HostTransport(expInbox, impInbox);
        }

        public IWaiter CurrentWaiter => _waiter ??= new HostWaiter();

        public long NowMilliseconds => Timestamps.ToMilliseconds(Stopwatch.GetTimestamp(), Stopwatch.Frequency);

        public void Sleep(int milliseconds) => System.Threading.Thread.Sleep(milliseconds < 0 ? 0 : milliseconds);
    }
}

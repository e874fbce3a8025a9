using System;
using System.Diagnostics;

namespace Sing.Contracts.Hosted
{
    /// <summary>Channels on host threads: Monitor-based queues and one waiter per thread.</summary>
    public sealed class HostChannelRuntime : IChannelRuntime
    {
        [ThreadStatic]
        private static HostWaiter? _waiter;

        public IMessageQueue<TMsg> CreateQueue<TMsg>(int capacity) where TMsg : struct
        {
            return new HostMessageQueue<TMsg>(capacity);
        }

        public IWaiter CurrentWaiter => _waiter ??= new HostWaiter();

        public long NowMilliseconds => Stopwatch.GetTimestamp() * 1000 / Stopwatch.Frequency;
    }
}

namespace Sing.Contracts
{
    // The host flavour's defaults: channels on threads, exchange-heap blocks as managed arrays.
    // An in-OS build leaves this file out and supplies kernel-backed implementations instead.
    public static partial class ChannelRuntime
    {
        private static partial IChannelRuntime CreateDefault() => new Hosted.HostChannelRuntime();
    }

    public static partial class ExchangeHeap
    {
        private static partial IExchangeHeap CreateDefault() => new Hosted.HostExchangeHeap();
    }
}

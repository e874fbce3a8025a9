namespace Sing.Contracts
{
    // The SIP flavour's defaults (the host build has Hosted/HostDefaults.cs instead): channels are kernel
    // channels, exchange-heap blocks come from the kernel's exchange heap.
    public static partial class ChannelRuntime
    {
        private static partial IChannelRuntime CreateDefault() => new Sip.KernelChannelRuntime();
    }

    public static partial class ExchangeHeap
    {
        private static partial IExchangeHeap CreateDefault() => new Sip.KernelExchangeHeap();
    }
}

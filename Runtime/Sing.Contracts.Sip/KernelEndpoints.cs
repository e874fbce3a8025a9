using Singularity.V1;

namespace Sing.Contracts.Sip
{
    /// <summary>The bridge between raw kernel endpoints (the name service, raw channels) and contract endpoints:
    /// <c>Calculator.Imp.Attach(KernelEndpoints.Wrap(raw), Calculator.States.Ready)</c> adopts one, and
    /// <see cref="Unwrap"/> gives one up.</summary>
    public static class KernelEndpoints
    {
        /// <summary>A transport around an endpoint this SIP owns; ownership passes to the contract endpoint attached to it.</summary>
        public static IChannelTransport Wrap(ChannelEndpoint endpoint) => new KernelTransport(endpoint);

        /// <summary>The kernel endpoint of a contract endpoint, which stops being usable (as if it had been sent).</summary>
        public static ChannelEndpoint Unwrap([Claims] Endpoint endpoint)
        {
            endpoint.BeginTransfer();
            IChannelTransport transport = endpoint.TakeForWire(out _);
            return transport is KernelTransport kernel ? kernel.Detach() : default;
        }
    }
}

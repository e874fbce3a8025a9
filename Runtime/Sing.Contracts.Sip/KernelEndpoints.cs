using Singularity.V1;

namespace Sing.Contracts.Sip
{
    /// <summary>The bridge between raw kernel endpoints (the name service, raw channels) and contract endpoints:
    /// <c>Calculator.Imp.Attach(KernelEndpoints.Wrap(raw), Calculator.States.Ready)</c> adopts one, and
    /// <see cref="Unwrap"/> gives one up, <see cref="Bind"/> binds a name.</summary>
    public static class KernelEndpoints
    {
        /// <summary>A transport around an endpoint this SIP owns; ownership passes to the contract endpoint attached to it,
        /// and every copy of <paramref name="endpoint"/> stops working (the kernel renews its generation), so nothing but
        /// the contract endpoint can use, close or send it. A copy already closed, sent or wrapped is refused
        /// (LinearityViolationException).</summary>
        public static IChannelTransport Wrap(ChannelEndpoint endpoint) => KernelTransport.Adopt(endpoint);

        /// <summary>Binds <paramref name="name"/> through the name service: the transport of a fresh channel to the
        /// server, or null while nothing serves the name (or this program may not bind it). A reconnecting client's
        /// binder: <c>name =&gt; KernelEndpoints.Bind(name) is IChannelTransport t ? Clock.Imp.Attach(t, Clock.States.Start) : null</c>.</summary>
        public static unsafe IChannelTransport? Bind(string name)
        {
            return Names.Bind(name, out ChannelEndpoint raw) == AbiStatus.Ok && !raw.IsNull ? KernelTransport.Fresh(raw.Address) : null;
        }

        /// <summary>Makes the kernel check every channel bound to the registration <paramref name="requests"/> (from
        /// <see cref="Names.Register"/> or the manifest) against <paramref name="contract"/>, so a client that breaks it is
        /// ended by the kernel at its first wrong message: a service calls it once, before serving.</summary>
        public static unsafe AbiStatus CheckBinds(ChannelEndpoint requests, ContractInfo contract)
        {
            fixed (int* t = contract.DirectedTransitions)
            fixed (char* name = contract.Name)
            {
                ContractTable table = KernelChannelRuntime.TableOf(contract, t, name);
                return Names.CheckContract(requests, &table);
            }
        }

        /// <summary>A plain receive on the kernel endpoint behind <paramref name="endpoint"/>, for an endpoint that stands for
        /// a name registration in a select (Drivers/Ahci's RegistrationDoor): the kernel's connect requests are not
        /// messages of any contract. The endpoint must be owned here; what the message carries is owned here after.</summary>
        public static unsafe AbiStatus ReceivePlain(Endpoint endpoint, out ReceivedMessage message, ulong timeoutMilliseconds)
        {
            message = default;
            if (endpoint.Transport is not KernelTransport kernel) return AbiStatus.InvalidArgument;
            ReceivedMessage received = default;
            AbiStatus status = Abi.Table->ChannelReceive(kernel.Address, timeoutMilliseconds, &received.Message);
            if (status == AbiStatus.Ok) received.Arrived();
            message = received;
            return status;
        }

        /// <summary>The kernel endpoint of a contract endpoint, which stops being usable (as if it had been sent).</summary>
        public static ChannelEndpoint Unwrap([Claims] Endpoint endpoint)
        {
            endpoint.BeginTransfer();
            IChannelTransport transport = endpoint.ClaimTransport();
            return transport is KernelTransport kernel ? kernel.Detach() : default;
        }
    }
}

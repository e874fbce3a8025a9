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

        /// <summary>Tag of a device's one message on a bound channel in the device handshake (<see cref="ConnectOffered"/>).</summary>
        public const int OfferTag = 1;

        /// <summary>Client side of the device handshake (the block devices', the NICs'): binds <paramref name="path"/>
        /// (retrying for up to <paramref name="waitMilliseconds"/> while the device has not registered it yet), takes the
        /// one message the device answers with, which carries the client's end of a contract channel the device made
        /// (so the kernel checks the client's side from its first message), and returns that end's transport; null when
        /// nothing serves the name or the answer is not an offer.</summary>
        public static IChannelTransport? ConnectOffered(string path, int waitMilliseconds)
        {
            ChannelEndpoint raw = default;
            for (int waited = 0; Names.Bind(path, out raw) != AbiStatus.Ok; waited += 5)
            {
                if (waited >= waitMilliseconds) return null;
                Threads.Sleep(5);
            }
            AbiStatus status = Channels.Receive(raw, out ReceivedMessage answer, (ulong)(waitMilliseconds < 1000 ? 1000 : waitMilliseconds));
            Channels.Close(raw);
            if (status != AbiStatus.Ok || answer.Tag != OfferTag || answer.Endpoint.IsNull)
            {
                if (status == AbiStatus.Ok && !answer.Endpoint.IsNull) Channels.Close(answer.Endpoint);
                return null;
            }
            return Wrap(answer.Endpoint);
        }

        /// <summary>Device side of the handshake: sends <paramref name="clientEnd"/> (a fresh channel's importer end) on the
        /// bound channel <paramref name="request"/> and closes it. False when the client is already gone (the end is
        /// closed then); the caller frees its exporter end.</summary>
        public static bool Offer(ChannelEndpoint request, [Claims] Endpoint clientEnd)
        {
            ChannelEndpoint raw = Unwrap(clientEnd);
            AbiStatus status = Channels.Send(request, OfferTag, 0, default, raw);
            Channels.Close(request);
            if (status == AbiStatus.Ok) return true;
            Channels.Close(raw);
            return false;
        }

        /// <summary>A plain receive on the kernel endpoint behind <paramref name="endpoint"/>, for an endpoint that stands for
        /// a name registration in a select (Drivers/Contracts/RegistrationDoor.cs): the kernel's connect requests are not
        /// messages of any contract. The endpoint must be owned here; what the message carries is owned here after.</summary>
        public static AbiStatus ReceivePlain(Endpoint endpoint, out ReceivedMessage message, ulong timeoutMilliseconds)
        {
            message = default;
            return endpoint.Transport is KernelTransport kernel
                ? Channels.Receive(kernel.AsValue, out message, timeoutMilliseconds)
                : AbiStatus.InvalidArgument;
        }

        /// <summary>Whom the messages arriving at <paramref name="endpoint"/> speak for now: the kernel's record, which
        /// grows a link each time the client delegates its end (Runtime/Security/README.md). Null when it is not a kernel
        /// endpoint this process owns.</summary>
        public static string? PrincipalOf(Endpoint endpoint) =>
            endpoint.Transport is KernelTransport kernel ? Channels.PrincipalOf(kernel.AsValue) : null;

        /// <summary>How often that record has changed since the channel was made (Channels.PrincipalChangesOf); -1 when
        /// it is not a kernel endpoint this process owns.</summary>
        public static int PrincipalChangesOf(Endpoint endpoint) =>
            endpoint.Transport is KernelTransport kernel ? Channels.PrincipalChangesOf(kernel.AsValue) : -1;

        /// <summary>The kernel endpoint of a contract endpoint, which stops being usable (as if it had been sent).</summary>
        public static ChannelEndpoint Unwrap([Claims] Endpoint endpoint)
        {
            endpoint.BeginTransfer();
            IChannelTransport transport = endpoint.ClaimTransport();
            return transport is KernelTransport kernel ? kernel.Detach() : default;
        }
    }
}

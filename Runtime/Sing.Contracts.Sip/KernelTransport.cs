using Singularity.V1;

namespace Sing.Contracts.Sip
{
    /// <summary>A kernel endpoint this SIP owns, as a contract transport. A send builds one kernel message on the
    /// stack and makes one ABI call (no allocation); a receive is one ABI call that blocks in the kernel.
    /// Internal, and never an address a program can see: a transport is made only from an endpoint the process owns
    /// under a generation nothing else holds (a fresh channel, an endpoint that just arrived, or a raw endpoint whose
    /// generation <see cref="Adopt"/> renewed), so no other value can close or send the endpoint behind its back and the
    /// address it keeps always names its own endpoint until it lets go of it.</summary>
    internal sealed unsafe class KernelTransport : IChannelTransport, IOwnedTransport
    {
        private void* _endpoint;
        private ulong _generation;
        private int _adopted;

        private KernelTransport(void* endpoint, ulong generation)
        {
            _endpoint = endpoint;
            _generation = generation;
        }

        /// <summary>A transport for an endpoint the kernel just gave this process (a new channel's end, an arrived
        /// endpoint): no other value names it yet.</summary>
        internal static KernelTransport Fresh(void* endpoint) => new KernelTransport(endpoint, Abi.Table->ExchangeGeneration(endpoint));

        /// <summary>Takes over a raw endpoint value: its generation is renewed, so every copy of the raw value stops
        /// working. A copy already closed, sent, or adopted before is refused.</summary>
        internal static KernelTransport Adopt(ChannelEndpoint endpoint)
        {
            ulong renewed = endpoint.IsNull ? 0 : Abi.Table->ExchangeRenew(endpoint.Address, endpoint.Generation);
            if (renewed == 0)
            {
                throw new LinearityViolationException("the endpoint was closed, sent away or adopted already; a copy of it names nothing");
            }

            return new KernelTransport(endpoint.Address, renewed);
        }

        bool IOwnedTransport.TryAdopt() => System.Threading.Interlocked.CompareExchange(ref _adopted, 1, 0) == 0;

        void IOwnedTransport.Disown() => System.Threading.Volatile.Write(ref _adopted, 0);

        /// <summary>The endpoint as a value of its current ownership, for a plain receive through it (the transport keeps
        /// the endpoint: the value is not given away).</summary>
        internal ChannelEndpoint AsValue => new ChannelEndpoint(_endpoint, _generation);

        /// <summary>The kernel endpoint, for the native select (internal: see <see cref="KernelChannelRuntime.HandleOf"/>).</summary>
        internal void* Address => _endpoint;

        public bool IsReady
        {
            get
            {
                void* endpoint = _endpoint;
                int ready = -1;
                return Abi.Table->ChannelSelect(&endpoint, 1, 0, &ready) == AbiStatus.Ok;
            }
        }

        public bool Follows(ContractInfo contract, bool isImp, int state)
        {
            fixed (int* t = contract.DirectedTransitions)
            fixed (char* name = contract.Name)
            {
                ContractTable table = KernelChannelRuntime.TableOf(contract, t, name);
                return Abi.Table->ChannelFollows(_endpoint, &table, isImp ? 0 : 1, state) == AbiStatus.Ok;
            }
        }

        /// <summary>Gives up the kernel endpoint (it travels in a message or leaves the contract world), as the value it
        /// was adopted under: the endpoint's current ownership, nothing newer.</summary>
        internal ChannelEndpoint Detach()
        {
            var endpoint = new ChannelEndpoint(_endpoint, _generation);
            _endpoint = null;
            _generation = 0;
            return endpoint;
        }

        public void Send(ref WireMessage message)
        {
            ChannelMessage k = default;
            Prepare(ref message, &k);
            AbiStatus status = Abi.Table->ChannelSend(_endpoint, &k);
            if (status == AbiStatus.Ok)
            {
                return;
            }

            ReleaseNamed(&k);
            if (status == AbiStatus.ChannelClosed)
            {
                // The peer is gone: the message is dropped (failure shows on receive).
                return;
            }

            throw new ProtocolViolationException("kernel channel send failed with status " + ((int)status).ToString());
        }

        // The kernel message for a wire message: its inline bytes, and the blocks and endpoints it carries claimed from
        // their handles (a copy of the wire message sent again finds them claimed and fails).
        private static void Prepare(ref WireMessage message, ChannelMessage* k)
        {
            CopyInline(ref message, k);
            bool second = message.UsesSecondSlots;
            if (second && message.InlineLength > ChannelMessage.InlineCapacityWithSecondSlots)
            {
                // Checked before anything is claimed: a refused message still holds what it carries.
                throw new ProtocolViolationException("a kernel channel message with a second block or endpoint carries at most "
                    + ChannelMessage.InlineCapacityWithSecondSlots.ToString() + " inline bytes");
            }

            if (!message.CarriesLinear)
            {
                // The common case: inline arguments only, nothing to claim or to give back.
                return;
            }

            k->Block = (void*)message.ClaimBlock(0);
            k->Endpoint = EndpointOf(message.ClaimEndpoint(0));
            if (second)
            {
                // The second block and endpoint ride in the last 16 inline bytes.
                void* secondBlock = (void*)message.ClaimBlock(1);
                void* secondEndpoint = EndpointOf(message.ClaimEndpoint(1));
                if (secondBlock != null)
                {
                    k->Carries |= ChannelMessage.CarriesSecondBlock;
                    k->SecondBlock = secondBlock;
                }

                if (secondEndpoint != null)
                {
                    k->Carries |= ChannelMessage.CarriesSecondEndpoint;
                    k->SecondEndpoint = secondEndpoint;
                }
            }
        }

        // What a kernel message still names (one not sent, or one kept and never taken) is this process's and no handle
        // names it: it goes back.
        private static void ReleaseNamed(ChannelMessage* k)
        {
            if (k->Block == null && k->Endpoint == null && k->Carries == 0)
            {
                return;
            }

            DropCarried(k->Block, k->Endpoint);
            if (k->Carries != 0)
            {
                DropCarried((k->Carries & ChannelMessage.CarriesSecondBlock) != 0 ? k->SecondBlock : null,
                    (k->Carries & ChannelMessage.CarriesSecondEndpoint) != 0 ? k->SecondEndpoint : null);
            }
        }

        /// <summary>The kernel endpoint of a carried transport (given up here); null for none or another runtime's.</summary>
        private static void* EndpointOf(IChannelTransport? carried) => carried is KernelTransport kernel ? kernel.Detach().Address : null;

        private static void DropCarried(void* block, void* endpoint)
        {
            if (block != null)
            {
                // Through the heap, so its count of live blocks stays right.
                if (ExchangeHeap.Current is KernelExchangeHeap heap) heap.TryRelease((nint)block);
                else Abi.Table->ExchangeFree(block);
            }

            if (endpoint != null)
            {
                Abi.Table->ChannelClose(endpoint);
            }
        }

        public bool Receive(out WireMessage message)
        {
            message = default;
            ChannelMessage k = default;
            AbiStatus status = Abi.Table->ChannelReceive(_endpoint, ulong.MaxValue, &k);
            if (status == AbiStatus.ChannelClosed)
            {
                return false;
            }

            if (status != AbiStatus.Ok)
            {
                throw new ProtocolViolationException("kernel channel receive failed with status " + ((int)status).ToString());
            }

            return Arrived(&k, ref message);
        }

        /// <summary>A message goes out and its reply comes back in one ChannelCall (one kernel crossing instead of two),
        /// whatever it carries: a call whose receive failed after the send leaves the kernel message naming no block or
        /// endpoint (they are the peer's), one whose send failed leaves them named, to be given back here.</summary>
        public bool SendAndReceive(ref WireMessage message, out WireMessage reply)
        {
            reply = default;
            ChannelMessage k = default;
            Prepare(ref message, &k);
            AbiStatus status = Abi.Table->ChannelCall(_endpoint, &k, ulong.MaxValue);
            if (status == AbiStatus.Ok)
            {
                return Arrived(&k, ref reply);
            }

            ReleaseNamed(&k);
            if (status == AbiStatus.ChannelClosed)
            {
                // Either the send found the peer gone (the message is dropped, as Send drops it) or no reply came before
                // it closed: whatever it queued before closing is still to be received.
                return Receive(out reply);
            }

            throw new ProtocolViolationException("kernel channel call failed with status " + ((int)status).ToString());
        }

        // Scalar-only messages travel as they lie: an InlineMessage is a ChannelMessage whose slot words are zero
        // (InlineMessageTests.An_inline_message_is_laid_out_as_the_kernel_message pins the offsets), so the kernel reads
        // the send from the caller's struct and writes the reply into it.
        public void SendInline(ref InlineMessage message)
        {
            message.ClearSlots();
            fixed (InlineMessage* m = &message)
            {
                AbiStatus sent = Abi.Table->ChannelSend(_endpoint, (ChannelMessage*)m);
                if (sent == AbiStatus.Ok || sent == AbiStatus.ChannelClosed) return;
                throw new ProtocolViolationException("kernel channel send failed with status " + ((int)sent).ToString());
            }
        }

        public bool ReceiveInline(ref InlineMessage message)
        {
            GiveBackKept();
            fixed (InlineMessage* m = &message)
            {
                AbiStatus status = Abi.Table->ChannelReceive(_endpoint, ulong.MaxValue, (ChannelMessage*)m);
                return ArrivedInline(status, (ChannelMessage*)m);
            }
        }

        public bool CallInline(ref InlineMessage message)
        {
            GiveBackKept();
            message.ClearSlots();
            fixed (InlineMessage* m = &message)
            {
                ChannelMessage* k = (ChannelMessage*)m;
                AbiStatus status = Abi.Table->ChannelCall(_endpoint, k, ulong.MaxValue);
                if (status == AbiStatus.ChannelClosed)
                {
                    // As in SendAndReceive: what the peer queued before closing is still to be received.
                    status = Abi.Table->ChannelReceive(_endpoint, ulong.MaxValue, k);
                }

                return ArrivedInline(status, k);
            }
        }

        // An inline receive's outcome: false once closed. A message that carries blocks or endpoints is copied whole
        // into an object of its own, published to the transport in one interlocked exchange (KeptMessage), and the
        // caller's struct keeps only its tag and inline bytes, marked: no copy of that struct names what the message
        // carried, and TakeCarried hands it out once even if several threads of the program use this transport.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool ArrivedInline(AbiStatus status, ChannelMessage* k)
        {
            if (status != AbiStatus.Ok)
            {
                return status == AbiStatus.ChannelClosed ? false : throw ReceiveFailed(status);
            }

            if (k->Block != null || k->Endpoint != null || k->Carries != 0)
            {
                Keep(k);
            }

            return true;
        }

        private static ProtocolViolationException ReceiveFailed(AbiStatus status) =>
            new ProtocolViolationException("kernel channel receive failed with status " + ((int)status).ToString());

        /// <summary>A received message that carries blocks or endpoints, whole, until TakeCarried or the next receive.</summary>
        private sealed class KeptMessage
        {
            public ChannelMessage Message;
        }

        private KeptMessage? _kept;

        // The holder of the last kept message once it was taken or given back, for the next: no allocation per message.
        // Only a thread that took a holder out of _kept (or out of here) writes into it.
        private KeptMessage? _spare;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private void Keep(ChannelMessage* k)
        {
            KeptMessage kept = System.Threading.Interlocked.Exchange(ref _spare, null) ?? new KeptMessage();
            kept.Message = *k;
            k->Block = null;
            k->Endpoint = null;
            k->Carries = -1;
            if (kept.Message.Carries != 0)
            {
                // The second slots' addresses ride in the inline bytes: they leave the caller's copy too.
                k->SecondBlock = null;
                k->SecondEndpoint = null;
            }

            KeptMessage? earlier = System.Threading.Interlocked.Exchange(ref _kept, kept);
            if (earlier != null)
            {
                GiveBack(earlier);
            }
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        public WireMessage TakeCarried()
        {
            WireMessage wire = default;
            KeptMessage? kept = System.Threading.Interlocked.Exchange(ref _kept, null);
            if (kept != null)
            {
                fixed (ChannelMessage* k = &kept.Message)
                {
                    Arrived(k, ref wire);
                }

                Recycle(kept);
            }

            return wire;
        }

        // What a message kept for TakeCarried brought and nobody took goes back before the next receive.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private void GiveBackKept()
        {
            if (_kept != null)
            {
                KeptMessage? kept = System.Threading.Interlocked.Exchange(ref _kept, null);
                if (kept != null)
                {
                    GiveBack(kept);
                }
            }
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private void GiveBack(KeptMessage kept)
        {
            fixed (ChannelMessage* pinned = &kept.Message)
            {
                ReleaseNamed(pinned);
            }

            Recycle(kept);
        }

        // A holder whose message was handed out or given back names nothing before it is offered for the next.
        private void Recycle(KeptMessage kept)
        {
            kept.Message = default;
            System.Threading.Volatile.Write(ref _spare, kept);
        }

        // The tag and inline arguments, the part of every kernel message the transport copies as it is.
        private static void CopyInline(ref WireMessage message, ChannelMessage* k)
        {
            k->Tag = message.Tag;
            k->InlineLength = message.InlineLength;
            message.CopyInlineTo(k->Inline);
        }

        // A message the kernel handed over: its inline bytes, and the blocks and endpoints it brought as arrived handles.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool Arrived(ChannelMessage* k, ref WireMessage message)
        {
            message.Tag = k->Tag;
            message.SetInline(k->Inline, k->InlineLength);
            if (k->Block == null && k->Endpoint == null && k->Carries == 0)
            {
                return true;
            }

            bool secondBlock = (k->Carries & ChannelMessage.CarriesSecondBlock) != 0;
            bool secondEndpoint = (k->Carries & ChannelMessage.CarriesSecondEndpoint) != 0;
            message.SetArrived(
                (nint)k->Block,
                secondBlock ? (nint)k->SecondBlock : 0,
                k->Endpoint != null ? Fresh(k->Endpoint) : null,
                secondEndpoint && k->SecondEndpoint != null ? Fresh(k->SecondEndpoint) : null);
            return true;
        }

        public void Close()
        {
            if (_endpoint != null)
            {
                Abi.Table->ChannelClose(_endpoint);
                _endpoint = null;
                _generation = 0;
            }
        }

        // Select waits in the kernel (KernelChannelRuntime.WaitAny), never with waiters.
        public void SetWaiter(IWaiter? waiter)
        {
        }
    }
}

using Singularity.V1;

namespace Sing.Contracts.Sip
{
    /// <summary>A kernel endpoint this SIP owns, as a contract transport. A send builds one kernel message on the
    /// stack and makes one ABI call (no allocation); a receive is one ABI call that blocks in the kernel.</summary>
    public sealed unsafe class KernelTransport : IChannelTransport
    {
        private void* _endpoint;

        /// <summary>Wraps an endpoint this process owns. A copy of one already closed or sent is refused here: the
        /// transport works on the raw address, which a newer endpoint of this process may reuse.</summary>
        public KernelTransport(ChannelEndpoint endpoint)
        {
            if (!endpoint.IsNull && !endpoint.IsOwned)
            {
                throw new LinearityViolationException("the endpoint was closed or sent away; a copy of it names nothing");
            }

            _endpoint = endpoint.Address;
        }

        public nint NativeHandle => (nint)_endpoint;

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

        /// <summary>Gives up the kernel endpoint (it travels in a message or leaves the contract world).</summary>
        internal ChannelEndpoint Detach()
        {
            var endpoint = new ChannelEndpoint(_endpoint);
            _endpoint = null;
            return endpoint;
        }

        public void Send(ref WireMessage message)
        {
            ChannelMessage k = default;
            k.Tag = message.Tag;
            k.InlineLength = message.InlineLength;
            k.Carries = 0;
            k.Block = (void*)message.Block;
            k.Endpoint = message.Endpoint is KernelTransport carried ? carried.Detach().Address : null;
            message.CopyInlineTo(k.Inline);
            if (message.UsesSecondSlots)
            {
                // The second block and endpoint ride in the last 16 inline bytes.
                if (message.InlineLength > ChannelMessage.InlineCapacityWithSecondSlots)
                {
                    throw new ProtocolViolationException("a kernel channel message with a second block or endpoint carries at most "
                        + ChannelMessage.InlineCapacityWithSecondSlots.ToString() + " inline bytes");
                }

                if (message.SecondBlock != 0)
                {
                    k.Carries |= ChannelMessage.CarriesSecondBlock;
                    k.SecondBlock = (void*)message.SecondBlock;
                }

                if (message.SecondEndpoint is KernelTransport second)
                {
                    k.Carries |= ChannelMessage.CarriesSecondEndpoint;
                    k.SecondEndpoint = second.Detach().Address;
                }
            }

            AbiStatus status = Abi.Table->ChannelSend(_endpoint, &k);
            if (status == AbiStatus.Ok)
            {
                return;
            }

            if (status == AbiStatus.ChannelClosed)
            {
                // The peer is gone: the message is dropped (failure shows on receive), with what it carried.
                DropCarried(k.Block, k.Endpoint);
                if (k.Carries != 0)
                {
                    DropCarried((k.Carries & ChannelMessage.CarriesSecondBlock) != 0 ? k.SecondBlock : null,
                        (k.Carries & ChannelMessage.CarriesSecondEndpoint) != 0 ? k.SecondEndpoint : null);
                }

                return;
            }

            throw new ProtocolViolationException("kernel channel send failed with status " + ((int)status).ToString());
        }

        private static void DropCarried(void* block, void* endpoint)
        {
            if (block != null)
            {
                Abi.Table->ExchangeFree(block);
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

            message.Tag = k.Tag;
            message.SetInline(k.Inline, k.InlineLength);
            message.Block = (nint)k.Block;
            if (k.Endpoint != null)
            {
                message.Endpoint = new KernelTransport(new ChannelEndpoint(k.Endpoint));
            }

            if ((k.Carries & ChannelMessage.CarriesSecondBlock) != 0)
            {
                message.SecondBlock = (nint)k.SecondBlock;
            }

            if ((k.Carries & ChannelMessage.CarriesSecondEndpoint) != 0)
            {
                message.SecondEndpoint = new KernelTransport(new ChannelEndpoint(k.SecondEndpoint));
            }

            return true;
        }

        public void Close()
        {
            if (_endpoint != null)
            {
                Abi.Table->ChannelClose(_endpoint);
                _endpoint = null;
            }
        }

        // Select waits in the kernel (KernelChannelRuntime.WaitAny), never with waiters.
        public void SetWaiter(IWaiter? waiter)
        {
        }
    }
}

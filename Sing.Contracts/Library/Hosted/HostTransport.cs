namespace Sing.Contracts.Hosted
{
    /// <summary>A channel end on the host: its own inbox and its peer's, both fixed-size rings.</summary>
    public sealed class HostTransport : IChannelTransport, IOwnedTransport
    {
        private readonly HostMessageQueue _inbox;
        private readonly HostMessageQueue _peerInbox;

        internal HostTransport(HostMessageQueue inbox, HostMessageQueue peerInbox)
        {
            _inbox = inbox;
            _peerInbox = peerInbox;
        }

        public bool IsReady => _inbox.IsReady;

        private int _adopted;

        bool IOwnedTransport.TryAdopt() => System.Threading.Interlocked.CompareExchange(ref _adopted, 1, 0) == 0;

        void IOwnedTransport.Disown() => System.Threading.Volatile.Write(ref _adopted, 0);

        /// <summary>Host queues enforce no contract of their own (the library's checks are the only ones), so any use is
        /// consistent.</summary>
        public bool Follows(ContractInfo contract, bool isImp, int state) => true;

        public bool SendAndReceive(ref WireMessage message, out WireMessage reply)
        {
            Send(ref message);
            return Receive(out reply);
        }

        public void SendInline(ref InlineMessage message)
        {
            WireMessage wire = message.ToWire();
            Send(ref wire);
        }

        // A received message that carried blocks or endpoints, kept for TakeCarried (one at a time).
        private WireMessage _carried;

        public bool ReceiveInline(ref InlineMessage message)
        {
            _carried.ReleaseCarried();
            _carried = default;
            if (!Receive(out WireMessage wire))
            {
                return false;
            }

            if (message.TakeFromWire(ref wire))
            {
                _carried = wire;
            }

            return true;
        }

        public bool CallInline(ref InlineMessage message)
        {
            SendInline(ref message);
            return ReceiveInline(ref message);
        }

        public WireMessage TakeCarried()
        {
            WireMessage carried = _carried;
            _carried = default;
            return carried;
        }

        public void Send(ref WireMessage message)
        {
            // Our inbox's writer is the peer: once it is gone, messages to it are dropped, because
            // failure is observed on receive only.
            // The sender's handles are claimed here, as a kernel send would, so a copy of the message cannot be sent
            // again and the sender cannot take back what is queued.
            message.SealForDelivery();
            if (!_inbox.IsWriterClosed)
            {
                _peerInbox.Enqueue(message);
            }
            else
            {
                message.ReleaseCarried();
            }
        }

        public bool Receive(out WireMessage message)
        {
            IWaiter? waiter = null;
            try
            {
                while (true)
                {
                    if (_inbox.TryDequeue(out message, out bool closed))
                    {
                        return true;
                    }

                    if (closed)
                    {
                        return false;
                    }

                    if (waiter is null)
                    {
                        // Register first, then look again: a message that arrived in between is seen.
                        waiter = ChannelRuntime.Current.CurrentWaiter;
                        _inbox.SetWaiter(waiter);
                        continue;
                    }

                    waiter.Wait(-1);
                }
            }
            finally
            {
                if (waiter is not null)
                {
                    _inbox.SetWaiter(null);
                }
            }
        }

        public void Close()
        {
            _peerInbox.CloseWriter();
        }

        public void SetWaiter(IWaiter? waiter)
        {
            _inbox.SetWaiter(waiter);
        }
    }
}

namespace Sing.Contracts.Hosted
{
    /// <summary>A channel end on the host: its own inbox and its peer's, both fixed-size rings.</summary>
    public sealed class HostTransport : IChannelTransport
    {
        private readonly HostMessageQueue _inbox;
        private readonly HostMessageQueue _peerInbox;

        internal HostTransport(HostMessageQueue inbox, HostMessageQueue peerInbox)
        {
            _inbox = inbox;
            _peerInbox = peerInbox;
        }

        public bool IsReady => _inbox.IsReady;

        public nint NativeHandle => 0;

        /// <summary>Host queues enforce no contract of their own (the library's checks are the only ones), so any use is
        /// consistent.</summary>
        public bool Follows(ContractInfo contract, bool isImp, int state) => true;

        public void Send(ref WireMessage message)
        {
            // Our inbox's writer is the peer: once it is gone, messages to it are dropped, because
            // failure is observed on receive only.
            if (!_inbox.IsWriterClosed)
            {
                _peerInbox.Enqueue(message);
            }
        }

        public bool Receive(out WireMessage message)
        {
            IWaiter? waiter = null;
            try
            {
                while (true)
                {
                    if (_inbox.TryDequeue(out message))
                    {
                        return true;
                    }

                    if (_inbox.IsWriterClosed)
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

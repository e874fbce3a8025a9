namespace Sing.Contracts
{
    /// <summary>
    /// One end of a channel: its receive queue, its peer's queue, and its protocol state. It outlives
    /// the handles that own it, which change each time the endpoint travels in a message.
    /// </summary>
    public sealed class EndpointCore<TMsg> where TMsg : struct, IMessage
    {
        private readonly IMessageQueue<TMsg> _inbox;
        private readonly IMessageQueue<TMsg> _peerInbox;

        private EndpointCore(ContractInfo contract, bool isImp, IMessageQueue<TMsg> inbox, IMessageQueue<TMsg> peerInbox)
        {
            Contract = contract;
            IsImp = isImp;
            State = contract.InitialState;
            _inbox = inbox;
            _peerInbox = peerInbox;
        }

        public ContractInfo Contract { get; }

        public bool IsImp { get; }

        public int State { get; private set; }

        internal IMessageQueue<TMsg> Inbox => _inbox;

        /// <summary>Makes both ends of a new channel, each queue sized by the contract.</summary>
        public static void CreatePair(ContractInfo contract, out EndpointCore<TMsg> imp, out EndpointCore<TMsg> exp)
        {
            IChannelRuntime runtime = ChannelRuntime.Current;
            IMessageQueue<TMsg> impInbox = runtime.CreateQueue<TMsg>(contract.ImpQueueCapacity);
            IMessageQueue<TMsg> expInbox = runtime.CreateQueue<TMsg>(contract.ExpQueueCapacity);
            imp = new EndpointCore<TMsg>(contract, true, impInbox, expInbox);
            exp = new EndpointCore<TMsg>(contract, false, expInbox, impInbox);
        }

        /// <summary>Checks the protocol, advances the state and enqueues on the peer: never blocks.</summary>
        public void Send(in TMsg message)
        {
            int tag = message.Tag;
            if (Contract.MessageIsIn[tag] != IsImp)
            {
                throw Violation("cannot send", tag);
            }

            int next = Contract.Next(State, tag);
            if (next < 0)
            {
                throw Violation("cannot send", tag);
            }

            State = next;

            // Our inbox's writer is the peer: once it is gone, messages to it are dropped, because
            // failure is observed on receive only.
            if (!_inbox.IsWriterClosed)
            {
                _peerInbox.Enqueue(message);
            }
        }

        /// <summary>Blocks for the next message; false when the peer has closed and nothing is left.</summary>
        public bool Receive(out TMsg message)
        {
            IWaiter? waiter = null;
            while (true)
            {
                if (_inbox.TryDequeue(out message))
                {
                    if (waiter is not null)
                    {
                        _inbox.SetWaiter(null);
                    }

                    Advance(message.Tag);
                    return true;
                }

                if (_inbox.IsWriterClosed)
                {
                    if (waiter is not null)
                    {
                        _inbox.SetWaiter(null);
                    }

                    return false;
                }

                if (waiter is null)
                {
                    waiter = ChannelRuntime.Current.CurrentWaiter;
                    _inbox.SetWaiter(waiter);
                    continue;
                }

                waiter.Wait(-1);
            }
        }

        /// <summary>Marks this end closed: the peer's receives see ChannelClosed once its queue drains.</summary>
        public void Close()
        {
            _peerInbox.CloseWriter();
        }

        /// <summary>Throws unless the endpoint is in <paramref name="state"/> (typed receives call this).</summary>
        public void ExpectState(int state)
        {
            if (State != state)
            {
                throw new ProtocolViolationException(
                    Contract.Name + (IsImp ? ".Imp" : ".Exp") + " is in state " + Contract.StateNames[State] +
                    ", not " + Contract.StateNames[state]);
            }
        }

        private void Advance(int tag)
        {
            int next = Contract.Next(State, tag);
            if (next < 0 || Contract.MessageIsIn[tag] == IsImp)
            {
                throw Violation("cannot receive", tag);
            }

            State = next;
        }

        private ProtocolViolationException Violation(string what, int tag)
        {
            return new ProtocolViolationException(
                Contract.Name + (IsImp ? ".Imp" : ".Exp") + " " + what + " " + Contract.MessageNames[tag] +
                " in state " + Contract.StateNames[State]);
        }
    }
}

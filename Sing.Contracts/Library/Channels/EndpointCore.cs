namespace Sing.Contracts
{
    /// <summary>
    /// One end of a channel: its transport and its protocol state. It outlives the handles that own it
    /// within one object space; when the endpoint travels, the transport and the state go in the message
    /// and the receiver builds a new core around them.
    /// </summary>
    public sealed class EndpointCore<TMsg> where TMsg : struct, IMessage
    {
        private readonly IChannelTransport _transport;

        private EndpointCore(ContractInfo contract, bool isImp, IChannelTransport transport, int state)
        {
            // One endpoint per channel end: a transport this library made is adopted once (a second Attach of the
            // same transport, e.g. from a copy of the message that brought it, is refused).
            if (transport is IOwnedTransport owned && !owned.TryAdopt())
            {
                throw new LinearityViolationException(contract.Name + ": the channel end is already attached to an endpoint");
            }

            Contract = contract;
            IsImp = isImp;
            State = state;
            _transport = transport;
        }

        public ContractInfo Contract { get; }

        public bool IsImp { get; }

        public int State { get; private set; }

        internal IChannelTransport Transport => _transport;

        /// <summary>Lets go of the transport (the endpoint travels): the receiver's endpoint adopts it next.</summary>
        internal IChannelTransport GiveUpTransport()
        {
            if (_transport is IOwnedTransport owned)
            {
                owned.Disown();
            }

            return _transport;
        }

        /// <summary>Makes both ends of a new channel, each queue sized by the contract.</summary>
        public static void CreatePair(ContractInfo contract, out EndpointCore<TMsg> imp, out EndpointCore<TMsg> exp)
        {
            ChannelRuntime.Current.CreateChannel(contract, out IChannelTransport i, out IChannelTransport e);
            imp = new EndpointCore<TMsg>(contract, true, i, contract.InitialState);
            exp = new EndpointCore<TMsg>(contract, false, e, contract.InitialState);
        }

        /// <summary>A core around a transport that arrived in a message (or from the name service) in <paramref name="state"/>.</summary>
        public static EndpointCore<TMsg> Attach(ContractInfo contract, bool isImp, IChannelTransport transport, int state)
        {
            if (state < 0 || state >= contract.StateNames.Length)
            {
                throw new ProtocolViolationException(contract.Name + ": an endpoint arrived in an unknown state");
            }

            if (!transport.Follows(contract, isImp, state))
            {
                throw new ProtocolViolationException(contract.Name + ": an endpoint arrived that its channel's runtime checks against another contract, side or state");
            }

            return new EndpointCore<TMsg>(contract, isImp, transport, state);
        }

        /// <summary>Checks the protocol, advances the state and hands the message to the transport: never blocks.</summary>
        public void Send(ref TMsg message)
        {
            WireMessage wire = default;
            Pack(ref message, -1, ref wire);
            _transport.Send(ref wire);
        }

        /// <summary>Blocks for the next message; false when the peer has closed and nothing is left.</summary>
        public bool Receive(out TMsg message)
        {
            message = default;
            return _transport.Receive(out WireMessage wire) && Accept(ref wire, out message);
        }

        /// <summary>Sends as <see cref="Send"/>, which must lead to <paramref name="expectedState"/> (a state where this
        /// side only receives), then receives as <see cref="Receive"/>: one step of the transport where it can.</summary>
        public bool SendAndReceive(ref TMsg message, int expectedState, out TMsg reply)
        {
            reply = default;
            WireMessage wire = default;
            Pack(ref message, expectedState, ref wire);
            return _transport.SendAndReceive(ref wire, out WireMessage arrived) && Accept(ref arrived, out reply);
        }

        // The send's protocol check (and, when expectedState >= 0, that the message leads there), the state advance
        // and the packing into wire form.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private void Pack(ref TMsg message, int expectedState, ref WireMessage wire)
        {
            int tag = message.Tag;
            int next = Contract.Next(State, tag);
            if (next < 0 || Contract.MessageIsIn[tag] != IsImp)
            {
                throw Violation("cannot send", tag);
            }

            if (expectedState >= 0 && next != expectedState)
            {
                string expected = expectedState < Contract.StateNames.Length ? Contract.StateNames[expectedState] : "#" + expectedState.ToString();
                throw Violation("cannot send-and-receive in " + expected + " after", tag);
            }

            State = next;
            wire.Tag = tag;
            message.Pack(ref wire);
        }

        // The receive's protocol check, state advance and unpacking of a message that arrived.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool Accept(ref WireMessage wire, out TMsg message)
        {
            message = default;
            int tag = wire.Tag;
            int next = Contract.Next(State, tag);
            if (next < 0 || Contract.MessageIsIn[tag] == IsImp)
            {
                Discard(ref wire);
                throw Violation("cannot receive", tag);
            }

            State = next;
            try
            {
                message.Unpack(ref wire);
            }
            catch
            {
                // A message refused while unpacked (a foreign endpoint, a short block) still brought its blocks and
                // endpoints here: a sender must not be able to make this side hold them for ever.
                message = default;
                Discard(ref wire);
                throw;
            }

            return true;
        }

        /// <summary>Gives back everything a refused message carried: its blocks to the heap, its endpoints closed
        /// (a handle the unpack had already made from a block is in transit, so it is released through that handle).</summary>
        private static void Discard(ref WireMessage wire)
        {
            wire.ReleaseCarried();
        }

        /// <summary>Marks this end closed: the peer's receives see ChannelClosed once its queue drains.</summary>
        public void Close()
        {
            _transport.Close();
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

        private ProtocolViolationException Violation(string what, int tag)
        {
            string message = tag >= 0 && tag < Contract.MessageNames.Length ? Contract.MessageNames[tag] : "#" + tag.ToString();
            return new ProtocolViolationException(
                Contract.Name + (IsImp ? ".Imp" : ".Exp") + " " + what + " " + message + " in state " + Contract.StateNames[State]);
        }
    }
}

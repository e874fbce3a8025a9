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
            _state = state;
            _transport = transport;
            _sends = isImp ? contract.ImpSends : contract.ExpSends;
            _receives = isImp ? contract.ExpSends : contract.ImpSends;
            _messageCount = contract.MessageNames.Length;
        }

        public ContractInfo Contract { get; }

        public bool IsImp { get; }

        public int State
        {
            get => _state;
            private set => _state = value;
        }

        private int _state;
        // This side's and the peer's sends as next-state tables (ContractInfo.ImpSends): each check is one load.
        private readonly short[]? _sends;
        private readonly short[]? _receives;
        private readonly int _messageCount;

        /// <summary>The state after this side sends (<paramref name="sending"/>) or receives <paramref name="tag"/> in the
        /// current state, or -1 when the protocol does not allow it.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private int NextAfter(int tag, bool sending)
        {
            short[]? table = sending ? _sends : _receives;
            if (table is not null)
            {
                int index = _state * _messageCount + tag;
                return (uint)tag < (uint)_messageCount && (uint)index < (uint)table.Length ? table[index] - 1 : -1;
            }

            int next = Contract.Next(_state, tag);
            return next >= 0 && Contract.MessageIsIn[tag] == (IsImp == sending) ? next : -1;
        }

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
            InlineMessage arrived = default;
            if (!_transport.ReceiveInline(ref arrived))
            {
                message = default;
                return false;
            }

            return AcceptAny(ref arrived, out message);
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

        /// <summary>Sends a message of scalar arguments only, as <see cref="Send"/> does: never blocks.</summary>
        public void SendInline(ref InlineMessage message)
        {
            AdvanceOnSend(message.Tag, -1);
            _transport.SendInline(ref message);
        }

        /// <summary>Blocks for the next message, which must be <paramref name="tag"/> (a message of scalar arguments only),
        /// and leaves it in <paramref name="message"/>; false when the peer has closed and nothing is left.</summary>
        public bool ReceiveInline(ref InlineMessage message, int tag)
        {
            if (!_transport.ReceiveInline(ref message))
            {
                return false;
            }

            AcceptInline(ref message, tag);
            return true;
        }

        /// <summary>Sends <paramref name="message"/> (scalar arguments only), which must lead to
        /// <paramref name="expectedState"/>, and receives there the one message <paramref name="tag"/> that state allows
        /// (scalar arguments only) into the same struct: one step of the transport, nothing copied on the way. False
        /// when the peer has closed and nothing is left.</summary>
        public bool CallInline(ref InlineMessage message, int expectedState, int tag)
        {
            AdvanceOnSend(message.Tag, expectedState);
            if (!_transport.CallInline(ref message))
            {
                return false;
            }

            AcceptInline(ref message, tag);
            return true;
        }

        /// <summary>Sends <paramref name="message"/> (scalar arguments only), which must lead to
        /// <paramref name="expectedState"/>, then receives as <see cref="Receive"/>: one step of the transport where it can.</summary>
        public bool SendInlineAndReceive(ref InlineMessage message, int expectedState, out TMsg reply)
        {
            AdvanceOnSend(message.Tag, expectedState);
            if (!_transport.CallInline(ref message))
            {
                reply = default;
                return false;
            }

            return AcceptAny(ref message, out reply);
        }

        // A scalar-only receive's checks: the protocol allows it (the state advances, as any receive's does), it is
        // the message expected, and it carried nothing (whatever it carried is given back).
        private void AcceptInline(ref InlineMessage message, int tag)
        {
            if (message.CarriesLinear)
            {
                GiveBackCarried();
            }

            int received = message.Tag;
            if (!TryAdvanceOnReceive(received))
            {
                throw Violation("cannot receive", received);
            }

            if (received != tag || message.CarriesLinear)
            {
                throw ExpectedViolation(tag, received, message.CarriesLinear);
            }
        }

        // Out of line, as every method with a WireMessage local: its handle fields are zeroed on entry, which the
        // inline paths would otherwise pay on every message.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private void GiveBackCarried()
        {
            WireMessage carried = _transport.TakeCarried();
            carried.ReleaseCarried();
        }

        // Any message that arrived inline: one that carried blocks or endpoints is taken from the transport in wire form
        // and accepted as such; the rest unpack straight from the inline bytes, or (a message whose blocks or endpoints
        // are all null) through a wire message made of them.
        private bool AcceptAny(ref InlineMessage arrived, out TMsg message)
        {
            if (arrived.CarriesLinear)
            {
                return AcceptCarried(out message);
            }

            int tag = arrived.Tag;
            if (!TryAdvanceOnReceive(tag))
            {
                throw Violation("cannot receive", tag);
            }

            message = default;
            if (!message.TryUnpackInline(ref arrived))
            {
                UnpackThroughWire(ref arrived, ref message);
            }

            return true;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void UnpackThroughWire(ref InlineMessage arrived, ref TMsg message)
        {
            WireMessage wire = arrived.ToWire();
            message.Unpack(ref wire);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private bool AcceptCarried(out TMsg message)
        {
            WireMessage wire = _transport.TakeCarried();
            return Accept(ref wire, out message);
        }

        /// <summary>The error of a receive that expected <paramref name="tag"/> and got <paramref name="received"/> (or got
        /// it with blocks or endpoints its contract does not declare, which were given back).</summary>
        private ProtocolViolationException ExpectedViolation(int tag, int received, bool carried)
        {
            string name = MessageName(tag);
            return new ProtocolViolationException(received == tag && carried
                ? Contract.Name + ": " + name + " arrived carrying blocks or endpoints its contract does not declare (given back)"
                : Contract.Name + ": expected " + name + " but received " + MessageName(received));
        }

        // The receive's protocol check and state advance; false (state unchanged) when the protocol does not allow it.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool TryAdvanceOnReceive(int tag)
        {
            int next = NextAfter(tag, sending: false);
            if (next < 0)
            {
                return false;
            }

            State = next;
            return true;
        }

        // The send's protocol check (and, when expectedState >= 0, that the message leads there) and the state advance.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private void AdvanceOnSend(int tag, int expectedState)
        {
            int next = NextAfter(tag, sending: true);
            if (next < 0)
            {
                throw Violation("cannot send", tag);
            }

            if (expectedState >= 0 && next != expectedState)
            {
                string expected = expectedState < Contract.StateNames.Length ? Contract.StateNames[expectedState] : "#" + expectedState.ToString();
                throw Violation("cannot send-and-receive in " + expected + " after", tag);
            }

            State = next;
        }

        // The send's checks and state advance, and the packing into wire form.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private void Pack(ref TMsg message, int expectedState, ref WireMessage wire)
        {
            int tag = message.Tag;
            AdvanceOnSend(tag, expectedState);
            wire.Tag = tag;
            message.Pack(ref wire);
        }

        // The receive's protocol check, state advance and unpacking of a message that arrived.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private bool Accept(ref WireMessage wire, out TMsg message)
        {
            message = default;
            int tag = wire.Tag;
            if (!TryAdvanceOnReceive(tag))
            {
                Discard(ref wire);
                throw Violation("cannot receive", tag);
            }

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
            return new ProtocolViolationException(
                Contract.Name + (IsImp ? ".Imp" : ".Exp") + " " + what + " " + MessageName(tag) + " in state " + Contract.StateNames[State]);
        }

        private string MessageName(int tag) => tag >= 0 && tag < Contract.MessageNames.Length ? Contract.MessageNames[tag] : "#" + tag.ToString();
    }
}

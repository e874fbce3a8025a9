namespace Sing.Contracts
{
    /// <summary>
    /// Base of the generated Imp and Exp classes: the owned handle to an <see cref="EndpointCore{TMsg}"/>.
    /// Generated subclasses add one Send method per message their side sends and typed receives.
    /// </summary>
    public abstract class Endpoint<TMsg> : Endpoint where TMsg : struct, IMessage
    {
        private EndpointCore<TMsg>? _core;

        protected Endpoint(EndpointCore<TMsg> core)
        {
            _core = core;
        }

        public override bool IsReady => Core.Transport.IsReady;

        public override string StateName => Core.Contract.StateNames[Core.State];

        /// <summary>The current protocol state's number (see the contract's generated States class).</summary>
        public int State => Core.State;

        /// <summary>The core, checked for ownership.</summary>
        protected EndpointCore<TMsg> Core
        {
            get
            {
                CheckOwned();
                return _core!;
            }
        }

        internal override IChannelTransport Transport => Core.Transport;

        internal override int ProtocolState => Core.State;

        internal override bool PeerClosedWhileIdle
        {
            get
            {
                EndpointCore<TMsg> core = Core;
                return !core.Contract.PeerMaySend(core.State, core.IsImp) && core.Transport.IsReady;
            }
        }

        protected override string KindName => _core is null ? "endpoint" : _core.Contract.Name + (_core.IsImp ? ".Imp" : ".Exp");

        /// <summary>Hands the core to a new handle (the endpoint travelled in a message).</summary>
        protected EndpointCore<TMsg> DetachCore()
        {
            EndpointCore<TMsg> core = _core!;
            _core = null;
            return core;
        }

        internal override int StateInTransit => _core!.State;

        private protected override IChannelTransport GiveUpTransport()
        {
            EndpointCore<TMsg> core = _core!;
            _core = null;
            return core.GiveUpTransport();
        }

        /// <summary>Receives the next message, requiring the current state to be <paramref name="state"/>.</summary>
        protected bool ReceiveIn(int state, out TMsg message)
        {
            EndpointCore<TMsg> core = Core;
            core.ExpectState(state);
            return core.Receive(out message);
        }

        /// <summary>Receives the one message a single-message receive expects; ChannelClosed throws.</summary>
        protected TMsg ReceiveExpecting(int tag)
        {
            EndpointCore<TMsg> core = Core;
            if (!core.Receive(out TMsg message))
            {
                throw new ChannelClosedException(core.Contract.Name + ": channel closed while waiting for " + core.Contract.MessageNames[tag]);
            }

            if (message.Tag != tag)
            {
                throw new ProtocolViolationException(
                    core.Contract.Name + ": expected " + core.Contract.MessageNames[tag] + " but received " + core.Contract.MessageNames[message.Tag]);
            }

            return message;
        }

        /// <summary>Sends <paramref name="message"/>, which must lead to <paramref name="state"/>, and receives there.</summary>
        protected bool SendAndReceiveIn(ref TMsg message, int state, out TMsg reply)
        {
            return Core.SendAndReceive(ref message, state, out reply);
        }

        /// <summary>Sends <paramref name="message"/> (scalar arguments only), which must lead to <paramref name="state"/>, and
        /// receives there.</summary>
        protected bool SendInlineAndReceiveIn(ref InlineMessage message, int state, out TMsg reply)
        {
            return Core.SendInlineAndReceive(ref message, state, out reply);
        }

        /// <summary>Sends <paramref name="message"/> (leading to <paramref name="state"/>) and receives the one message
        /// that state allows, <paramref name="tag"/>; ChannelClosed throws.</summary>
        protected TMsg SendAndReceiveExpecting(ref TMsg message, int state, int tag)
        {
            EndpointCore<TMsg> core = Core;
            if (!core.SendAndReceive(ref message, state, out TMsg reply))
            {
                throw new ChannelClosedException(core.Contract.Name + ": channel closed while waiting for " + core.Contract.MessageNames[tag]);
            }

            if (reply.Tag != tag)
            {
                throw new ProtocolViolationException(
                    core.Contract.Name + ": expected " + core.Contract.MessageNames[tag] + " but received " + core.Contract.MessageNames[reply.Tag]);
            }

            return reply;
        }

        /// <summary>Receives the one message a single-message receive expects, <paramref name="tag"/> (scalar arguments
        /// only), into <paramref name="message"/>; ChannelClosed throws.</summary>
        protected void ReceiveInlineExpecting(ref InlineMessage message, int tag)
        {
            EndpointCore<TMsg> core = Core;
            if (!core.ReceiveInline(ref message, tag))
            {
                throw ClosedWhileWaiting(core, tag);
            }
        }

        /// <summary>Sends <paramref name="message"/> (scalar arguments only, leading to <paramref name="state"/>) and
        /// receives into it the one message that state allows, <paramref name="tag"/>; ChannelClosed throws.</summary>
        protected void CallInlineExpecting(ref InlineMessage message, int state, int tag)
        {
            EndpointCore<TMsg> core = Core;
            if (!core.CallInline(ref message, state, tag))
            {
                throw ClosedWhileWaiting(core, tag);
            }
        }

        private static ChannelClosedException ClosedWhileWaiting(EndpointCore<TMsg> core, int tag)
        {
            string name = (uint)tag < (uint)core.Contract.MessageNames.Length ? core.Contract.MessageNames[tag] : "#" + tag.ToString();
            return new ChannelClosedException(core.Contract.Name + ": channel closed while waiting for " + name);
        }

        public override void Free()
        {
            EndpointCore<TMsg> core = Core;
            EndOwnership();
            _core = null;
            core.Close();
        }
    }
}

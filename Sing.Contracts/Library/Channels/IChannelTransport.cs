namespace Sing.Contracts
{
    /// <summary>
    /// One end of a channel as a transport sees it: messages in <see cref="WireMessage"/> form. The host
    /// implements it with in-process queues, the SIP runtime with a kernel endpoint. Protocol checks,
    /// typing and ownership rules stay above it, in <see cref="EndpointCore{TMsg}"/>.
    /// </summary>
    public interface IChannelTransport
    {
        /// <summary>Queues the message at the peer; never blocks. A closed peer drops it silently.</summary>
        void Send(ref WireMessage message);

        /// <summary>Blocks for the next message; false once the peer has closed and nothing is left.</summary>
        bool Receive(out WireMessage message);

        /// <summary>Sends, then blocks for the next message, as <see cref="Send"/> then <see cref="Receive"/> do; a runtime
        /// that can does both in one step (the kernel's: one crossing instead of two). False once the peer has
        /// closed and nothing is left.</summary>
        bool SendAndReceive(ref WireMessage message, out WireMessage reply);

        /// <summary>Queues a message of scalar arguments only at the peer, as <see cref="Send"/> does.</summary>
        void SendInline(ref InlineMessage message);

        /// <summary>Blocks for the next message into <paramref name="message"/>, as <see cref="Receive"/> does; false once
        /// the peer has closed and nothing is left. A message that carries blocks or endpoints arrives marked
        /// (<see cref="InlineMessage.CarriesLinear"/>) with its tag and inline bytes; the transport keeps what it carries
        /// until <see cref="TakeCarried"/> (or gives it back at the next receive).</summary>
        bool ReceiveInline(ref InlineMessage message);

        /// <summary><see cref="SendInline"/> then <see cref="ReceiveInline"/> into the same struct, in one step where the
        /// runtime can (the kernel's: one crossing, and the message is sent and received where it lies).</summary>
        bool CallInline(ref InlineMessage message);

        /// <summary>The message the last <see cref="ReceiveInline"/> or <see cref="CallInline"/> marked as carrying blocks
        /// or endpoints, in wire form, with them as this side's arrived handles: handed out once (afterwards, and for a
        /// message that carried nothing, a wire message that carries nothing).</summary>
        WireMessage TakeCarried();

        /// <summary>True when a receive would not block (a message is waiting or the peer closed).</summary>
        bool IsReady { get; }

        /// <summary>Closes this end: the peer sees ChannelClosed once its queue drains.</summary>
        void Close();

        /// <summary>The waiter to signal on arrival or close; null to detach (waiter-based runtimes only).</summary>
        void SetWaiter(IWaiter? waiter);

        /// <summary>False when the runtime enforces another contract (or side or state) on this channel than
        /// <paramref name="contract"/> as <paramref name="isImp"/>'s side in <paramref name="state"/>: an endpoint that
        /// arrived in a message must not be used as a contract whose legal messages the kernel would count as breaches.</summary>
        bool Follows(ContractInfo contract, bool isImp, int state);
    }

    /// <summary>A transport this library made: attached to one endpoint core at a time.</summary>
    internal interface IOwnedTransport
    {
        /// <summary>True for the one caller that attaches the transport while no endpoint has it.</summary>
        bool TryAdopt();

        /// <summary>The endpoint that had the transport let go of it (it travels in a message).</summary>
        void Disown();
    }
}

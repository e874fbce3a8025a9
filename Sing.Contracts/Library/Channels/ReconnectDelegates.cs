namespace Sing.Contracts
{
    /// <summary>Binds <paramref name="name"/> and returns the client end in the contract's initial state, or null while
    /// nothing serves the name (the reconnecting helper waits and asks again).</summary>
    public delegate TImp? EndpointBinder<TImp>(string name) where TImp : Endpoint;

    /// <summary>Runs the contract's opening exchange on a freshly bound endpoint (a handshake, a registration, the
    /// geometry a later request needs). It throws <see cref="ChannelClosedException"/> when the server closes, and leaves
    /// the endpoint owned and in the state the client's operations start from.</summary>
    public delegate void OpeningExchange<TImp>(TImp endpoint) where TImp : Endpoint;

    /// <summary>One request on a connected endpoint (borrowed, not claimed). A reply case that says ChannelClosed must
    /// throw <see cref="ChannelClosedException"/>, as the single-message receives do.</summary>
    public delegate TResult EndpointOperation<TImp, TResult>(TImp endpoint) where TImp : Endpoint;
}

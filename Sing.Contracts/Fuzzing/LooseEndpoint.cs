namespace Sing.Contracts.Fuzzing
{
    /// <summary>An endpoint of a channel the fuzzer made for one endpoint argument of a random message: typed only so
    /// the wire can carry it (the contract the receiver expects for that argument is not in the tables, so the channel
    /// follows none: the receiver must cope with whatever arrives on it).</summary>
    public sealed class LooseEndpoint<TMsg> : Endpoint<TMsg> where TMsg : struct, IMessage
    {
        public LooseEndpoint(ContractInfo contract, IChannelTransport transport)
            : base(EndpointCore<TMsg>.Attach(contract, true, transport, contract.InitialState))
        {
        }

        private LooseEndpoint(EndpointCore<TMsg> core)
            : base(core)
        {
        }

        protected override Linear CreateSuccessor() => new LooseEndpoint<TMsg>(DetachCore());
    }
}

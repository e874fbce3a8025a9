using Sing.Contracts;

namespace Sing.Contracts.Tests.Contracts
{
    /// <summary>A service with an opening exchange: the server greets each connection with its instance number, then
    /// adds what the client sends to a running total of that instance.</summary>
    [Contract]
    [State("Start", "Welcome! -> Ready")]
    [State("Ready", "Add? -> Sum! -> Ready")]
    public sealed partial class Accumulator
    {
        [OutMessage]
        partial void Welcome(int instance);

        [InMessage]
        partial void Add(long value);

        [OutMessage]
        partial void Sum(long total);
    }
}

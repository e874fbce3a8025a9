using Sing.Contracts;

namespace Sing.Contracts.Tests.Contracts
{
    /// <summary>
    /// The name service: services bind an exporting endpoint under a path; clients look a path up
    /// and get a fresh Calculator connection through the bound service.
    /// </summary>
    [Contract]
    [State("Start", "Ready! -> Idle")]
    [State(
        "Idle",
        "Bind? -> (Bound! | BindFailed!) -> Idle",
        "Connect? -> (Connected! | NotFound!) -> Idle")]
    public sealed partial class NameService
    {
        [OutMessage]
        partial void Ready();

        [InMessage]
        partial void Bind(ExVector<char> path, [InState("Ready")] Calculator.Exp service);

        [OutMessage]
        partial void Bound();

        [OutMessage]
        partial void BindFailed(ExVector<char> path, [InState("Ready")] Calculator.Exp service);

        [InMessage]
        partial void Connect(ExVector<char> path);

        [OutMessage]
        partial void Connected([InState("Ready")] Calculator.Imp client);

        [OutMessage]
        partial void NotFound(ExVector<char> path);
    }
}

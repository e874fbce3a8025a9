using Sing.Contracts;

namespace Sing.Contracts.Tests.Contracts
{
    /// <summary>Request/reply: each request gets exactly one answer; Quit ends the conversation.</summary>
    [Contract]
    [State("Ready", "Add? -> Result! -> Ready", "Divide? -> (Result! | DivideByZero!) -> Ready", "Quit? -> Done")]
    [State("Done")]
    public sealed partial class Calculator
    {
        [InMessage]
        partial void Add(long left, long right);

        [InMessage]
        partial void Divide(long dividend, long divisor);

        [OutMessage]
        partial void Result(long value);

        [OutMessage]
        partial void DivideByZero();

        [InMessage]
        partial void Quit();
    }

    /// <summary>An extension: new branches start with a message the importer sends, so old clients still conform.</summary>
    [Contract(Extends = typeof(Calculator))]
    [State("Ready", "Negate? -> Result! -> Ready")]
    public sealed partial class ScientificCalculator
    {
        [InMessage]
        partial void Negate(long value);
    }
}

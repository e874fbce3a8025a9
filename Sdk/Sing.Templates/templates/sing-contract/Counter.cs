using Sing.Contracts;

namespace SingContract
{
    /// <summary>A counter service's protocol, from the exporter's side: the importer asks Increment with a number and
    /// gets Value back, as often as it likes, until it sends Done.</summary>
    [Contract]
    [State("Ready", "Increment? -> Value! -> Ready", "Done? -> Closed")]
    [State("Closed")]
    public sealed partial class CounterContract
    {
        [InMessage]
        partial void Increment(long by);

        [OutMessage]
        partial void Value(long total);

        [InMessage]
        partial void Done();
    }
}

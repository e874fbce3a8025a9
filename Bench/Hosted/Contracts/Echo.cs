using Sing.Contracts;

namespace Sing.Bench.Hosted.Contracts
{
    /// <summary>
    /// The benchmarks' contract: every request is answered by one reply of the same shape, so a
    /// scalar message, an exchange-heap block and an endpoint can each make a round trip.
    /// </summary>
    [Contract]
    [State("Ready",
           "Ping? -> Pong! -> Ready",
           "Data? -> DataBack! -> Ready",
           "Carry? -> CarryBack! -> Ready")]
    public sealed partial class Echo
    {
        [InMessage]
        partial void Ping(int value);

        [OutMessage]
        partial void Pong(int value);

        [InMessage]
        partial void Data(ExVector<byte> buffer);

        [OutMessage]
        partial void DataBack(ExVector<byte> buffer);

        [InMessage]
        partial void Carry([InState("Ready")] Token.Exp token);

        [OutMessage]
        partial void CarryBack([InState("Ready")] Token.Exp token);
    }
}

using Sing.Contracts;

namespace Sing.Apps.Hostile
{
    /// <summary>A contract for the library attacks: a data block or an endpoint carried importer to exporter, each
    /// answered.</summary>
    [Contract]
    [State("Ready", "Data? -> Ack! -> Ready", "Pass? -> Ack! -> Ready")]
    public sealed partial class Relay
    {
        [InMessage] partial void Data(ExVector<byte> data);
        [InMessage] partial void Pass([InState("Ready")] Token.Imp endpoint);
        [OutMessage] partial void Ack();
    }

    /// <summary>The endpoint Relay carries.</summary>
    [Contract]
    [State("Ready", "Ping? -> Pong! -> Ready")]
    public sealed partial class Token
    {
        [InMessage] partial void Ping(int value);
        [OutMessage] partial void Pong();
    }
}

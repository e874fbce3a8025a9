using Sing.Contracts;

namespace Sing.Apps.ChannelProbe
{
    /// <summary>Request/reply over a generated contract: a number goes out and comes back incremented, a vector
    /// goes out and comes back (ownership moves, the bytes do not), Quit ends the conversation.</summary>
    [Contract]
    [State("Ready", "Ping? -> Pong! -> Ready", "Data? -> DataBack! -> Ready", "Quit? -> Done")]
    [State("Done")]
    public sealed partial class Echo
    {
        [InMessage] partial void Ping(long value);
        [OutMessage] partial void Pong(long value);
        [InMessage] partial void Data(ExVector<byte> buffer);
        [OutMessage] partial void DataBack(ExVector<byte> buffer);
        [InMessage] partial void Quit();
    }

    /// <summary>The first message on a channel bound through the name service: it carries the client's Echo
    /// exporter endpoint, so the conversation itself runs on a channel the kernel checks against Echo.</summary>
    [Contract]
    [State("Start", "Connect? -> Connected")]
    [State("Connected")]
    public sealed partial class Connector
    {
        [InMessage] partial void Connect([InState("Ready")] Echo.Exp service);
    }

    /// <summary>Messages that carry two exchange-heap vectors or two endpoints at once (the kernel message's second
    /// slots): Swap sends two vectors that come back in the other order, Hand sends two Note importer ends.</summary>
    [Contract]
    [State("Start", "Swap? -> Swapped! -> Handing")]
    [State("Handing", "Hand? -> Handed! -> End")]
    [State("End")]
    public sealed partial class Pairs
    {
        [InMessage] partial void Swap(ExVector<byte> first, ExVector<byte> second, long tag);
        [OutMessage] partial void Swapped(ExVector<byte> first, ExVector<byte> second, long tag);
        [InMessage] partial void Hand([InState("Open")] Note.Imp first, [InState("Open")] Note.Imp second);
        [OutMessage] partial void Handed();
    }

    /// <summary>One number, once: the endpoints Pairs.Hand carries.</summary>
    [Contract]
    [State("Open", "Hello? -> Closed")]
    [State("Closed")]
    public sealed partial class Note
    {
        [InMessage] partial void Hello(long value);
    }
}

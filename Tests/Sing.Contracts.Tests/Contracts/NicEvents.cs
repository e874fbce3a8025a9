using Sing.Contracts;

namespace Sing.Contracts.Tests.Contracts
{
    /// <summary>Device events (001, Listing 2): the driver raises an event, the client acknowledges it.</summary>
    [Contract]
    [State("Ready", "NicEvent! -> AckEvent? -> Ready")]
    public sealed partial class NicEvents
    {
        public enum NicEventType
        {
            NoEvent,
            ReceiveEvent,
            TransmitEvent,
            LinkEvent,
        }

        [OutMessage]
        partial void NicEvent(NicEventType type);

        [InMessage]
        partial void AckEvent();
    }
}

using System;
using System.Collections.Generic;
using Sing.Network.Protocol;

namespace Sing.Apps.NetSim
{
    /// <summary>An Ethernet wire between two interfaces, inside one SIP: each frame is delivered after a delay, or lost,
    /// duplicated or held back (reordered) as a seeded random source decides. Time is the simulation's own: the run
    /// advances it from event to event, so the outcome is the same on any machine.</summary>
    internal sealed class LossyLink
    {
        private sealed class End : IFrameTransmitter
        {
            public LossyLink Link = null!;
            public NetInterface? Peer;

            public void Transmit(ReadOnlySpan<byte> frame) => Link.Carry(Peer!, frame.ToArray());
        }

        private readonly Random _random;
        private readonly PriorityQueue<(NetInterface To, byte[] Frame), long> _inFlight = new PriorityQueue<(NetInterface, byte[]), long>();
        private long _order;
        private readonly End _fromA = new End(), _fromB = new End();

        public double Loss, Reordering, Duplication;
        public long Now { get; private set; }
        public long Carried { get; private set; }
        public long Lost { get; private set; }

        public LossyLink(int seed)
        {
            _random = new Random(seed);
            _fromA.Link = this;
            _fromB.Link = this;
        }

        public IFrameTransmitter TransmitterOfA => _fromA;
        public IFrameTransmitter TransmitterOfB => _fromB;

        public void Join(NetInterface a, NetInterface b)
        {
            _fromA.Peer = b;
            _fromB.Peer = a;
        }

        private void Carry(NetInterface to, byte[] frame)
        {
            Carried++;
            if (_random.NextDouble() < Loss)
            {
                Lost++;
                return;
            }
            long delay = 2 + (_random.NextDouble() < Reordering ? _random.Next(1, 15) : 0);
            // The priority is the delivery time scaled, plus a counter: equal times keep their order.
            _inFlight.Enqueue((to, frame), (Now + delay) * 1_000_000 + _order++ % 1_000_000);
            if (_random.NextDouble() < Duplication) _inFlight.Enqueue((to, frame), (Now + delay + 1) * 1_000_000 + _order++ % 1_000_000);
        }

        /// <summary>Delivers what is due, then moves the clock to the next delivery or deadline (at most
        /// <paramref name="nextDeadline"/>); false when nothing is left to happen.</summary>
        public bool Step(long nextDeadline)
        {
            long next = nextDeadline;
            if (_inFlight.TryPeek(out _, out long first)) next = Math.Min(next, first / 1_000_000);
            if (next == long.MaxValue) return false;
            Now = Math.Max(Now, next);
            while (_inFlight.TryPeek(out var item, out long when) && when / 1_000_000 <= Now)
            {
                _inFlight.Dequeue();
                item.To.Receive(item.Frame, Now);
            }
            return true;
        }
    }
}

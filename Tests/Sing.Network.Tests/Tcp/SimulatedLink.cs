using Sing.Network.Protocol;
using Sing.Network.Tcp;

namespace Sing.Network.Tests.Tcp;

/// <summary>Two TCP engines joined by a simulated IP link with a deterministic clock: every datagram is delivered after
/// a delay, or lost, duplicated or reordered as a seeded random source decides. <see cref="Run"/> advances the clock
/// from event to event (a delivery or an engine's timer), so a test's verdict never depends on the host's speed.</summary>
internal sealed class SimulatedLink
{
    public const uint AddressA = 0x0A000001, AddressB = 0x0A000002;

    private sealed class Side(SimulatedLink link, uint address, uint peer) : IIpLayer
    {
        public uint LocalAddress => address;
        public int Mtu => 1500;
        public TcpEngine Engine = null!;

        public bool Send(byte protocol, uint destination, ReadOnlySpan<byte> payload, long nowMs)
        {
            link.Carry(address, destination == peer ? peer : destination, payload.ToArray());
            return true;
        }
    }

    private readonly Random _random;
    private readonly PriorityQueue<(uint From, uint To, byte[] Data), (long, long)> _inFlight = new();
    private long _order;
    private readonly Side _a, _b;

    public double Loss, Duplication, Reordering;
    public long DelayMs = 5;
    public long Now { get; private set; }
    public long Delivered { get; private set; }
    public long Dropped { get; private set; }
    /// <summary>Called for every datagram before the link decides its fate (a test's tap).</summary>
    public Action<uint, byte[]>? Tap;

    public SimulatedLink(int seed, TcpLimits? limitsA = null, TcpLimits? limitsB = null)
    {
        _random = new Random(seed);
        _a = new Side(this, AddressA, AddressB);
        _b = new Side(this, AddressB, AddressA);
        _a.Engine = new TcpEngine(_a, limitsA ?? new TcpLimits(), 1);
        _b.Engine = new TcpEngine(_b, limitsB ?? new TcpLimits(), 2);
    }

    public TcpEngine A => _a.Engine;
    public TcpEngine B => _b.Engine;

    private void Carry(uint from, uint to, byte[] data)
    {
        Tap?.Invoke(from, data);
        if (_random.NextDouble() < Loss)
        {
            Dropped++;
            return;
        }
        long delay = DelayMs + (_random.NextDouble() < Reordering ? _random.Next(1, 20) : 0);
        _inFlight.Enqueue((from, to, data), (Now + delay, _order++));
        if (_random.NextDouble() < Duplication) _inFlight.Enqueue((from, to, data), (Now + delay + 1, _order++));
    }

    /// <summary>Injects a raw segment as if <paramref name="from"/> had sent it to <paramref name="to"/>.</summary>
    public void Inject(uint from, uint to, byte[] segment) => _inFlight.Enqueue((from, to, segment), (Now, _order++));

    /// <summary>Runs events until <paramref name="done"/> holds or <paramref name="limitMs"/> of simulated time pass.</summary>
    public bool Run(Func<bool> done, long limitMs = 600_000)
    {
        long end = Now + limitMs;
        while (!done())
        {
            long next = Math.Min(A.NextDeadline(Now), B.NextDeadline(Now));
            if (_inFlight.TryPeek(out _, out (long At, long) first)) next = Math.Min(next, first.At);
            if (next == long.MaxValue || next > end) return done();
            Now = Math.Max(Now, next);
            while (_inFlight.TryPeek(out var packet, out (long At, long) when) && when.At <= Now)
            {
                _inFlight.Dequeue();
                Delivered++;
                TcpEngine target = packet.To == AddressA ? A : packet.To == AddressB ? B : null!;
                target?.Deliver(packet.From, packet.To, packet.Data, Now);
            }
            A.Tick(Now);
            B.Tick(Now);
        }
        return true;
    }
}

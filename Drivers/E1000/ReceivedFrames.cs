using Sing.Contracts;

namespace Sing.Drivers.E1000
{
    /// <summary>Frames the card has written, in arrival order, waiting for the client's GetReceivedPacket (a fixed
    /// circular queue: never more than the ring's descriptors).</summary>
    internal sealed class ReceivedFrames
    {
        private readonly TRef<ExVector<byte>>?[] _frames = new TRef<ExVector<byte>>?[E1000Card.Descriptors];
        private readonly int[] _lengths = new int[E1000Card.Descriptors];
        private int _first;

        public int Count { get; private set; }

        public void Add([Claims] ExVector<byte> frame, int length)
        {
            int at = (_first + Count) % _frames.Length;
            _frames[at] = new TRef<ExVector<byte>>(frame);
            _lengths[at] = length;
            Count++;
        }

        public ExVector<byte>? Take(out int length)
        {
            length = 0;
            if (Count == 0) return null;
            TRef<ExVector<byte>> slot = _frames[_first]!;
            _frames[_first] = null;
            length = _lengths[_first];
            _first = (_first + 1) % _frames.Length;
            Count--;
            return slot.Acquire();
        }

        public void Clear()
        {
            while (Count > 0) Take(out _)!.Free();
            _first = 0;
        }
    }
}

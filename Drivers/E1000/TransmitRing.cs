using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.Configuration;

namespace Sing.Drivers.E1000
{
    /// <summary>The transmit descriptor ring: a frame is sent from the client's exchange-heap buffer itself (the kernel
    /// writes its physical address into a legacy descriptor), and the buffer is held until the card reports the
    /// descriptor done (RS set, DD written back), then goes back to the client.</summary>
    internal sealed class TransmitRing
    {
        private const uint EndOfPacket = 1u << 0, InsertCrc = 1u << 1, ReportStatus = 1u << 3, DescriptorDone = 1u << 0;

        private readonly E1000Card _card;
        private readonly DmaMemory _dma;
        private readonly TRef<ExVector<byte>>?[] _frames = new TRef<ExVector<byte>>?[E1000Card.Descriptors];
        private int _head, _tail;

        public TransmitRing(E1000Card card, DmaMemory dma)
        {
            _card = card;
            _dma = dma;
        }

        public bool Full => (_tail + 1) % E1000Card.Descriptors == _head;
        public bool Busy => _head != _tail;

        private ulong Descriptor(int i) => E1000Card.TransmitRingOffset + (ulong)i * E1000Card.DescriptorBytes;

        /// <summary>Writes the descriptor for the first <paramref name="length"/> bytes of <paramref name="frame"/>;
        /// false when the kernel refuses the buffer for DMA (it is then untouched and still the caller's).</summary>
        public bool Describe(ExVector<byte> frame, int length)
        {
            ulong d = Descriptor(_tail);
            try
            {
                DmaBuffers.StoreAddress(_dma, d, frame, 0, length);
            }
            catch (System.InvalidOperationException)
            {
                return false;
            }
            // Length, checksum offset 0, command: end of packet, insert the CRC, report status (DD when done).
            _dma.Write32(d + 8, (uint)length | (EndOfPacket | InsertCrc | ReportStatus) << 24);
            _dma.Write32(d + 12, 0);
            return true;
        }

        /// <summary>Hands the described frame to the card.</summary>
        public void Commit([Claims] ExVector<byte> frame)
        {
            _frames[_tail] = new TRef<ExVector<byte>>(frame);
            _tail = (_tail + 1) % E1000Card.Descriptors;
            _card.Write(E1000Registers.TransmitTail, (uint)_tail);
        }

        /// <summary>The oldest frame the card has finished reading, or null.</summary>
        public ExVector<byte>? TakeSent()
        {
            if (_head == _tail) return null;
            if ((_dma.Read32(Descriptor(_head) + 12) & DescriptorDone) == 0) return null;
            TRef<ExVector<byte>> slot = _frames[_head]!;
            _frames[_head] = null;
            _head = (_head + 1) % E1000Card.Descriptors;
            return slot.Acquire();
        }
    }
}

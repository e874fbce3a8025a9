using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Network;
using Singularity.Configuration;

namespace Sing.Drivers.E1000
{
    /// <summary>The receive descriptor ring: each descriptor the card owns points at a client's exchange-heap buffer
    /// (the kernel writes the buffer's physical address into the descriptor), so a frame is written by DMA straight
    /// into the buffer the client gets back. The card owns descriptors [RDH, RDT); the driver's head follows RDH as
    /// the card writes descriptors back (DD), its tail is where the next buffer goes. One descriptor stays empty, so
    /// a full ring is never mistaken for an empty one.</summary>
    internal sealed class ReceiveRing
    {
        public const int Capacity = E1000Card.Descriptors - 1;
        private const uint DescriptorDone = 1u << 0, EndOfPacket = 1u << 1;

        private readonly E1000Card _card;
        private readonly DmaMemory _dma;
        private readonly TRef<ExVector<byte>>?[] _buffers = new TRef<ExVector<byte>>?[E1000Card.Descriptors];
        private int _head, _tail;

        public ReceiveRing(E1000Card card, DmaMemory dma)
        {
            _card = card;
            _dma = dma;
        }

        public int Posted => (_tail - _head + E1000Card.Descriptors) % E1000Card.Descriptors;

        private ulong Descriptor(int i) => E1000Card.ReceiveRingOffset + (ulong)i * E1000Card.DescriptorBytes;

        /// <summary>Writes <paramref name="buffer"/>'s address into the next free descriptor; false when the kernel
        /// refuses it for DMA (the buffer is then untouched and still the caller's).</summary>
        public bool Describe(ExVector<byte> buffer)
        {
            ulong d = Descriptor(_tail);
            try
            {
                DmaBuffers.StoreAddress(_dma, d, buffer, 0, NicDevice.ReceiveBufferBytes);
            }
            catch (System.InvalidOperationException)
            {
                return false;
            }
            _dma.Write64(d + 8, 0);
            return true;
        }

        /// <summary>Hands the described buffer to the card (after <see cref="Describe"/> returned true).</summary>
        public void Commit([Claims] ExVector<byte> buffer)
        {
            _buffers[_tail] = new TRef<ExVector<byte>>(buffer);
            _tail = (_tail + 1) % E1000Card.Descriptors;
            _card.Write(E1000Registers.ReceiveTail, (uint)_tail);
        }

        /// <summary>The next buffer the card has written back, with the frame's length (CRC stripped) and whether it
        /// holds one whole, error-free frame; null when the card has not finished the next descriptor.</summary>
        public ExVector<byte>? TakeCompleted(out int length, out bool good)
        {
            length = 0;
            good = false;
            if (_head == _tail) return null;
            ulong d = Descriptor(_head);
            uint status = _dma.Read32(d + 12);
            if ((status & DescriptorDone) == 0) return null;
            length = (int)(_dma.Read32(d + 8) & 0xFFFF);
            good = (status & EndOfPacket) != 0 && (status >> 8 & 0xFF) == 0 && length > 0 && length <= NicDevice.ReceiveBufferBytes;
            TRef<ExVector<byte>> slot = _buffers[_head]!;
            _buffers[_head] = null;
            _head = (_head + 1) % E1000Card.Descriptors;
            return slot.Acquire();
        }

        /// <summary>Stops the receiver and frees every buffer the card held (its client is gone): the card must not
        /// write into blocks the kernel reuses, so it is stopped first. The ring starts empty again.</summary>
        public void Release()
        {
            _card.EnableReceiver(false);
            for (; _head != _tail; _head = (_head + 1) % E1000Card.Descriptors)
            {
                TRef<ExVector<byte>> slot = _buffers[_head]!;
                _buffers[_head] = null;
                slot.Acquire().Free();
            }
            _head = _tail = 0;
            _card.Write(E1000Registers.ReceiveHead, 0);
            _card.Write(E1000Registers.ReceiveTail, 0);
        }
    }
}

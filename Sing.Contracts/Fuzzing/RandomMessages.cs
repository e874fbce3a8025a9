#nullable enable
namespace Sing.Contracts.Fuzzing
{
    /// <summary>Random payloads for one contract's messages, shaped by the contract's own generated code: for each
    /// message the generated <c>Message</c> struct is asked (by unpacking a probe and packing it again) how many inline
    /// bytes it reads and how many exchange-heap blocks it carries, so a random message is one the receiver's typed
    /// unpack accepts: random inline bytes (scalars, vector lengths) and fresh blocks of random sizes.</summary>
    public sealed class RandomMessages<TMsg> where TMsg : struct, IMessage
    {
        /// <summary>Largest random block: big enough to cross a page (the kernel's remap path), small enough to keep
        /// a long run inside the exchange-heap quota.</summary>
        public const int MaxBlockBytes = 6000;

        /// <summary>Smallest random block: a block argument may be an <c>ExRef</c> of a struct, and the receiver
        /// refuses a block smaller than its struct (no contract here has one larger).</summary>
        public const int MinBlockBytes = 64;

        private readonly int[] _inlineBytes;
        private readonly int[] _blocks;
        private readonly int[] _endpoints;
        private readonly ContractInfo _contract;
        private readonly System.Func<IChannelTransport>? _newChannel;

        /// <param name="newChannel">Makes the channel end sent for an endpoint argument (the caller keeps or closes the
        /// other end); null: endpoint arguments stay null.</param>
        public RandomMessages(ContractInfo contract, System.Func<IChannelTransport>? newChannel = null)
        {
            _contract = contract;
            _newChannel = newChannel;
            int count = contract.MessageNames.Length;
            _inlineBytes = new int[count];
            _blocks = new int[count];
            _endpoints = new int[count];
            for (int tag = 0; tag < count; tag++)
            {
                Probe(tag, out _inlineBytes[tag], out _blocks[tag], out _endpoints[tag]);
            }
        }

        /// <summary>Endpoints <paramref name="tag"/> carries (0 to 2; 0 for all without an endpoint maker).</summary>
        public int Endpoints(int tag) => (uint)tag < (uint)_endpoints.Length ? _endpoints[tag] : 0;

        /// <summary>Inline bytes the receiver of <paramref name="tag"/> reads.</summary>
        public int InlineBytes(int tag) => (uint)tag < (uint)_inlineBytes.Length ? _inlineBytes[tag] : 0;

        /// <summary>Exchange-heap blocks <paramref name="tag"/> carries (0 to 2).</summary>
        public int Blocks(int tag) => (uint)tag < (uint)_blocks.Length ? _blocks[tag] : 0;

        /// <summary>A message <paramref name="tag"/> with its blocks first (fresh, of random sizes, owned by the wire
        /// until sent), then its endpoints (fresh, from the endpoint maker; null without one), and random inline bytes
        /// after them, as many as the receiver reads.</summary>
        public WireMessage Build(int tag, ProtocolWalker random)
        {
            WireMessage wire = default;
            wire.Tag = tag;
            int blocks = Blocks(tag);
            for (int b = 0; b < blocks; b++)
            {
                wire.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(MinBlockBytes + random.Below(MaxBlockBytes - MinBlockBytes))));
            }

            int endpoints = Endpoints(tag);
            for (int e = 0; e < endpoints; e++)
            {
                wire.PutEndpoint(Transfer.Send(NewEndpoint()));
            }

            int inline = InlineBytes(tag) - wire.InlineLength;
            for (; inline >= 8; inline -= 8)
            {
                wire.Put(Scalar(random));
            }

            for (; inline > 0; inline--)
            {
                wire.Put((byte)random.NextRandom());
            }

            return wire;
        }

        // Typed as this contract's only so the wire can carry it: the receiver attaches it as whatever it expects.
        private Endpoint NewEndpoint() => new LooseEndpoint<TMsg>(_contract, _newChannel!());

        /// <summary>The typed message a wire unpacks to (what a hosted endpoint sends).</summary>
        public static TMsg Unpack(ref WireMessage wire)
        {
            TMsg message = default;
            message.Unpack(ref wire);
            return message;
        }

        /// <summary>Frees what a received message carries (blocks back to the heap, endpoints closed).</summary>
        public static void Release(ref TMsg message)
        {
            WireMessage wire = default;
            wire.Tag = message.Tag;
            message.Pack(ref wire);
            ReleaseSlots(ref wire);
        }

        /// <summary>Frees the blocks and endpoints a wire message holds (one that was built and never sent).</summary>
        public static void ReleaseSlots(ref WireMessage wire)
        {
            wire.ReleaseCarried();
        }

        // Mostly small numbers (sizes, counts, offsets that a server can act on), sometimes any 64 bits.
        private static long Scalar(ProtocolWalker random)
        {
            switch (random.Below(4))
            {
                case 0: return (long)random.NextRandom();
                case 1: return random.Below(16);
                default: return random.Below(1 << 20);
            }
        }

        private void Probe(int tag, out int inlineBytes, out int blocks, out int endpoints)
        {
            // Two blocks in the slots: the unpack takes as many as the message carries, the pack gives them back.
            WireMessage probe = default;
            probe.Tag = tag;
            probe.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(MinBlockBytes)));
            probe.PutVector(Transfer.Send(ExchangeHeap.NewVector<byte>(MinBlockBytes)));
            for (int i = 0; i < 4; i++)
            {
                probe.Put(0L);
            }

            WireMessage back = Repack(tag, ref probe);
            inlineBytes = back.InlineLength;
            blocks = back.BlockCount;
            // The probe's slots hold what the unpack took (the same handles the repacked message carries) and what it
            // left: released once, through those handles.
            probe.ReleaseCarried();
            endpoints = _newChannel is null ? 0 : ProbeEndpoints(tag);
        }

        // Apart from the blocks: an endpoint's state is the first inline value an endpoint argument reads, so the
        // states must lead (a vector's length there would be an unknown state).
        private int ProbeEndpoints(int tag)
        {
            WireMessage probe = default;
            probe.Tag = tag;
            probe.PutEndpoint(Transfer.Send(NewEndpoint()));
            probe.PutEndpoint(Transfer.Send(NewEndpoint()));
            for (int i = 0; i < 4; i++)
            {
                probe.Put(0L);
            }

            WireMessage back = Repack(tag, ref probe);
            int carried = back.EndpointCount;
            back.ReleaseCarried();
            probe.ReleaseCarried();
            return carried;
        }

        private static WireMessage Repack(int tag, ref WireMessage probe)
        {
            TMsg message = default;
            message.Unpack(ref probe);
            WireMessage back = default;
            back.Tag = tag;
            message.Pack(ref back);
            return back;
        }
    }
}

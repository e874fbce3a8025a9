using System;

namespace Singularity.V1
{
    /// <summary>An endpoint this SIP owns (an exchange-heap address and the generation the kernel gave it). Owning it
    /// is linear: sending it in a message or closing it gives it away, and then every copy of this value fails
    /// (StaleHandle), even when a new endpoint of this process reuses the address.</summary>
    public readonly unsafe struct ChannelEndpoint
    {
        public readonly void* Address;
        internal readonly ulong Generation;   // 0: none (null, or not owned when the value was made)

        /// <summary>The endpoint at <paramref name="address"/> as this process owns it now.</summary>
        public ChannelEndpoint(void* address)
        {
            Address = address;
            Generation = address == null ? 0 : Abi.Table->ExchangeGeneration(address);
        }

        /// <summary>The endpoint at <paramref name="address"/> as it was owned under <paramref name="generation"/> (a
        /// value kept from then, which fails once that ownership ended).</summary>
        internal ChannelEndpoint(void* address, ulong generation)
        {
            Address = address;
            Generation = address == null ? 0 : generation;
        }

        public bool IsNull => Address == null;

        /// <summary>True while this value names an endpoint this process owns: not closed, not sent away, not an
        /// address a newer endpoint reuses.</summary>
        public bool IsOwned => Generations.Owned(Address, Generation);

        /// <summary>Ok when owned; InvalidArgument for a null value; StaleHandle for one whose endpoint is gone.</summary>
        internal AbiStatus Check() => Generations.Check(Address, Generation);

        /// <summary>The raw address, for diagnostics and trusted tests.</summary>
        [TrustedOnly]
        public ulong Value => (ulong)Address;
    }

    /// <summary>An exchange-heap block this SIP owns: memory it can hand to another SIP without copying. A copy of
    /// this value names the block only while this process owns it: every checked access asks the kernel first, so a
    /// copy kept after the block was freed or sent fails instead of reaching memory that is now another's.</summary>
    public readonly unsafe struct ExchangeBlock
    {
        internal readonly void* Address;
        internal readonly ulong Generation;   // the kernel's number for this block (0: none); see ChannelEndpoint
        /// <summary>Bytes in the block (0 for a null block, e.g. one the kernel refused to allocate).</summary>
        public readonly ulong Length;

        internal ExchangeBlock(void* address, ulong length)
            : this(address, address == null ? 0 : Abi.Table->ExchangeGeneration(address), length)
        {
        }

        internal ExchangeBlock(void* address, ulong generation, ulong length)
        {
            Address = address;
            Generation = address == null ? 0 : generation;
            Length = Generation == 0 ? 0 : length;
        }

        public bool IsNull => Address == null;

        /// <summary>True while this process owns the block (a copy kept past a free or a send is not, even when a new
        /// block of this process reuses the address).</summary>
        public bool IsOwned => Generations.Owned(Address, Generation);

        /// <summary>Ok when owned; InvalidArgument for a null block; StaleHandle for one that is gone.</summary>
        internal AbiStatus Check() => Generations.Check(Address, Generation);

        /// <summary>The block's address: the same in every SIP it passes through (nothing is copied).</summary>
        [TrustedOnly]
        public ulong Value => (ulong)Address;

        /// <summary>The block's bytes, unchecked after this call: the span outlives a free or a send, so only trusted
        /// code may hold one (untrusted programs use <see cref="Read"/> and <see cref="Write"/>).</summary>
        [TrustedOnly]
        public Span<byte> AsSpan()
        {
            if (!IsOwned) throw new InvalidOperationException("the exchange block is not owned by this process (freed, sent or never allocated)");
            return new Span<byte>(Address, (int)Math.Min(Length, int.MaxValue));
        }

        [TrustedOnly]
        public byte* Pointer => (byte*)Address;

        /// <summary>Copies bytes of the block from <paramref name="offset"/> into <paramref name="destination"/>.
        /// NotOwner if this process no longer owns the block; InvalidArgument if the range leaves it.</summary>
        public AbiStatus Read(ulong offset, Span<byte> destination)
        {
            fixed (byte* to = destination) return Copy(offset, to, (ulong)destination.Length, toBlock: false);
        }

        /// <summary>Copies <paramref name="source"/> into the block at <paramref name="offset"/>; statuses as <see cref="Read"/>.</summary>
        public AbiStatus Write(ulong offset, ReadOnlySpan<byte> source)
        {
            fixed (byte* from = source) return Copy(offset, from, (ulong)source.Length, toBlock: true);
        }

        private AbiStatus Copy(ulong offset, byte* other, ulong count, bool toBlock)
        {
            if (Address == null) return AbiStatus.InvalidArgument;
            // No other thread of this process runs between the ownership check and the copy: the block cannot be
            // freed or sent (and its pages handed to another process) in between.
            Abi.Table->DisablePreemption();
            AbiStatus status = AbiStatus.Ok;
            if (!Generations.Owned(Address, Generation)) status = AbiStatus.NotOwner;
            else if (offset > Length || count > Length - offset) status = AbiStatus.InvalidArgument;
            else if (toBlock) Buffer.Memmove((byte*)Address + offset, other, (nuint)count);
            else Buffer.Memmove(other, (byte*)Address + offset, (nuint)count);
            Abi.Table->EnablePreemption();
            return status;
        }
    }

    /// <summary>The one check behind every typed exchange value (<see cref="ChannelEndpoint"/>, <see cref="ExchangeBlock"/>):
    /// the kernel's generation of the block at the address is the one the value was made with.</summary>
    internal static unsafe class Generations
    {
        public static bool Owned(void* address, ulong generation) =>
            generation != 0 && Abi.Table->ExchangeGeneration(address) == generation;

        public static AbiStatus Check(void* address, ulong generation) =>
            address == null ? AbiStatus.InvalidArgument : Owned(address, generation) ? AbiStatus.Ok : AbiStatus.StaleHandle;
    }

    /// <summary>A received message: tag, inline bytes, and the block and endpoint it carried (now owned here). The
    /// block and endpoint are named with the generations the kernel gave them when they arrived, so a copy of this
    /// value kept after they were freed or sent names nothing, even when a newer block reuses the address.</summary>
    public unsafe struct ReceivedMessage
    {
        public int Tag;
        internal ChannelMessage Message;
        internal ulong BlockGeneration;
        internal ulong EndpointGeneration;

        /// <summary>Bytes of inline arguments the message carried.</summary>
        public readonly int InlineLength => Message.InlineLength;

        /// <summary>The kernel message as received, addresses included: trusted code only (a program that could copy
        /// addresses from one message into another could send what it does not hold under that name).</summary>
        [TrustedOnly]
        public readonly ChannelMessage Raw => Message;

        /// <summary>The block the message carried while this process owns it; a null block once it was freed or sent.</summary>
        public readonly ExchangeBlock Block
        {
            get
            {
                if (Message.Block == null || !Generations.Owned(Message.Block, BlockGeneration)) return default;
                return new ExchangeBlock(Message.Block, BlockGeneration, Abi.Table->ExchangeSize(Message.Block));
            }
        }

        /// <summary>The endpoint the message carried, as it arrived (a null endpoint when it carried none).</summary>
        public readonly ChannelEndpoint Endpoint => new ChannelEndpoint(Message.Endpoint, EndpointGeneration);

        /// <summary>Takes the generations of what arrived (the receive just made this process their owner).</summary>
        internal void Arrived()
        {
            Tag = Message.Tag;
            BlockGeneration = Message.Block == null ? 0 : Abi.Table->ExchangeGeneration(Message.Block);
            EndpointGeneration = Message.Endpoint == null ? 0 : Abi.Table->ExchangeGeneration(Message.Endpoint);
        }

        /// <summary>Inline bytes [offset, offset + 4) as an int; ArgumentOutOfRangeException outside the inline bytes.</summary>
        public int InlineInt32(int offset = 0)
        {
            CheckInline(offset, sizeof(int));
            fixed (byte* inline = Message.Inline) return *(int*)(inline + offset);
        }

        /// <summary>Inline bytes [offset, offset + 8) as a long; ArgumentOutOfRangeException outside the inline bytes.</summary>
        public long InlineInt64(int offset = 0)
        {
            CheckInline(offset, sizeof(long));
            fixed (byte* inline = Message.Inline) return *(long*)(inline + offset);
        }

        private static void CheckInline(int offset, int size)
        {
            if (offset < 0 || offset > ChannelMessage.InlineCapacity - size)
                throw new ArgumentOutOfRangeException("offset (an inline read must lie within the message's 40 inline bytes)");
        }
    }

    public static unsafe class Exchange
    {
        /// <summary>A zeroed block of <paramref name="bytes"/> bytes, or a null block (Length 0) when the kernel refuses.</summary>
        public static ExchangeBlock Allocate(ulong bytes) => new ExchangeBlock(Abi.Table->ExchangeAllocate(bytes), bytes);

        /// <summary>Frees the block; a copy of a block already freed or sent frees nothing (StaleHandle).</summary>
        public static AbiStatus Free(ExchangeBlock block)
        {
            AbiStatus status = block.Check();
            return status != AbiStatus.Ok ? status : Abi.Table->ExchangeFree(block.Address);
        }

        /// <summary>The block at <paramref name="address"/> as this process owns it now (a null block when it does not):
        /// for trusted code that moved a block with a raw message (untrusted code never holds an address).</summary>
        public static ExchangeBlock AtAddress(void* address)
        {
            ulong size = address == null ? 0 : Abi.Table->ExchangeSize(address);
            return size == 0 ? default : new ExchangeBlock(address, size);
        }

        /// <summary>Bytes in the block if this SIP owns it, else 0.</summary>
        public static ulong OwnedSize(ExchangeBlock block) => block.IsOwned ? block.Length : 0;
    }

    /// <summary>Channels between SIPs (and between threads of one SIP). Send never blocks; receive and select do.</summary>
    public static unsafe class Channels
    {
        public const ulong Forever = ulong.MaxValue;

        public static AbiStatus Create(int capacity, out ChannelEndpoint imp, out ChannelEndpoint exp)
        {
            void* i = null, e = null;
            AbiStatus status = Abi.Table->ChannelCreate(capacity, &i, &e);
            imp = new ChannelEndpoint(i);
            exp = new ChannelEndpoint(e);
            return status;
        }

        /// <summary>A channel whose every message the kernel checks against <paramref name="contract"/>; a send the
        /// current state does not allow ends the sending process (its peer then sees ChannelClosed).</summary>
        public static AbiStatus Create(ContractTable* contract, int capacity, out ChannelEndpoint imp, out ChannelEndpoint exp)
        {
            void* i = null, e = null;
            AbiStatus status = Abi.Table->ChannelCreateForContract(contract, capacity, &i, &e);
            imp = new ChannelEndpoint(i);
            exp = new ChannelEndpoint(e);
            return status;
        }

        public static AbiStatus Send(ChannelEndpoint from, int tag, long inline = 0, ExchangeBlock block = default, ChannelEndpoint carried = default)
        {
            AbiStatus status = from.Check();
            if (status == AbiStatus.Ok && !block.IsNull) status = block.Check();
            if (status == AbiStatus.Ok && !carried.IsNull) status = carried.Check();
            if (status != AbiStatus.Ok) return status;
            ChannelMessage message = default;
            message.Tag = tag;
            message.InlineLength = 8;
            *(long*)message.Inline = inline;
            message.Block = block.Address;
            message.Endpoint = carried.Address;
            return Abi.Table->ChannelSend(from.Address, &message);
        }

        public static AbiStatus Send(ChannelEndpoint from, int tag, ReadOnlySpan<byte> inline)
        {
            if (inline.Length > ChannelMessage.InlineCapacity) return AbiStatus.InvalidArgument;
            AbiStatus status = from.Check();
            if (status != AbiStatus.Ok) return status;
            ChannelMessage message = default;
            message.Tag = tag;
            message.InlineLength = inline.Length;
            for (int i = 0; i < inline.Length; i++) message.Inline[i] = inline[i];
            return Abi.Table->ChannelSend(from.Address, &message);
        }

        /// <summary>Sends a message the caller built in place: no copy on this side of the call (hot loops reuse one).</summary>
        public static AbiStatus Send(ChannelEndpoint from, ChannelMessage* message) => Abi.Table->ChannelSend(from.Address, message);

        /// <summary>Receives into the caller's message: what it carries (block, endpoint) is now owned here.</summary>
        public static AbiStatus Receive(ChannelEndpoint at, ChannelMessage* message, ulong timeoutMilliseconds = Forever) =>
            Abi.Table->ChannelReceive(at.Address, timeoutMilliseconds, message);

        /// <summary>Sends the caller's message, then receives the next message on the same endpoint into it, in one
        /// kernel crossing: a client's request and reply, or a server's reply and the next request. Fails with the
        /// send's status if nothing was sent (the message as it was, what it carries still the caller's);
        /// <see cref="AbiStatus.Timeout"/> means sent but no reply in time. A receive that fails after the send clears the
        /// message, so a ChannelClosed with the message's blocks and endpoints still named means the send never went.</summary>
        public static AbiStatus Call(ChannelEndpoint at, ChannelMessage* message, ulong timeoutMilliseconds = Forever) =>
            Abi.Table->ChannelCall(at.Address, message, timeoutMilliseconds);

        /// <summary>Sends a message exactly as given (for forwarding what was received).</summary>
        [TrustedOnly]
        public static AbiStatus SendRaw(ChannelEndpoint from, ChannelMessage message)
        {
            AbiStatus status = from.Check();
            return status != AbiStatus.Ok ? status : Abi.Table->ChannelSend(from.Address, &message);
        }

        public static AbiStatus Receive(ChannelEndpoint at, out ReceivedMessage message, ulong timeoutMilliseconds = Forever)
        {
            ReceivedMessage received = default;
            AbiStatus status = at.Check();
            if (status == AbiStatus.Ok) status = Abi.Table->ChannelReceive(at.Address, timeoutMilliseconds, &received.Message);
            if (status == AbiStatus.Ok) received.Arrived();
            message = received;
            return status;
        }

        /// <summary>Waits until one endpoint has a message or has been closed by its peer (switch receive).</summary>
        /// <summary>Most endpoints one select waits on (the kernel refuses more).</summary>
        public const int MaxSelect = 256;

        public static AbiStatus Select(ReadOnlySpan<ChannelEndpoint> endpoints, ulong timeoutMilliseconds, out int ready)
        {
            ready = -1;
            if (endpoints.Length == 0 || endpoints.Length > MaxSelect) return AbiStatus.InvalidArgument;
            void** addresses = stackalloc void*[endpoints.Length];
            for (int i = 0; i < endpoints.Length; i++)
            {
                AbiStatus check = endpoints[i].Check();
                if (check != AbiStatus.Ok) return check;
                addresses[i] = endpoints[i].Address;
            }
            int index = -1;
            AbiStatus status = Abi.Table->ChannelSelect(addresses, endpoints.Length, timeoutMilliseconds, &index);
            ready = index;
            return status;
        }

        /// <summary>Closes the endpoint; a copy of one already closed or sent closes nothing (StaleHandle), even when a
        /// new endpoint reuses the address.</summary>
        /// <summary>Whether <paramref name="endpoint"/> may be used as <paramref name="side"/> (0 importer, 1 exporter) of the
        /// contract in <paramref name="table"/> in <paramref name="state"/>: Ok when the kernel checks it against that
        /// contract with that side and state, or checks it against none; ProtocolViolation when it follows another.</summary>
        public static AbiStatus Follows(ChannelEndpoint endpoint, ContractTable* table, int side, int state) =>
            Abi.Table->ChannelFollows(endpoint.Address, table, side, state);

        /// <summary>The compound principal the messages arriving at <paramref name="endpoint"/> speak for (who is at the
        /// other end, as the kernel recorded it when the channel was made or bound), or null when this process does not
        /// own the endpoint.</summary>
        public static string PrincipalOf(ChannelEndpoint endpoint) => endpoint.Check() != AbiStatus.Ok ? null : PrincipalOf(endpoint.Address);

        /// <summary>How often the principal <see cref="PrincipalOf(ChannelEndpoint)"/> reads for <paramref name="endpoint"/>
        /// has changed since the channel was made (each change a delegation by the holder of the other end), or -1 when
        /// this process does not own it: a server that must see a client's delegation before each request reads the
        /// text again only when this moved.</summary>
        public static int PrincipalChangesOf(ChannelEndpoint endpoint) =>
            endpoint.Check() != AbiStatus.Ok ? -1 : Abi.Table->ChannelPrincipalChanges(endpoint.Address);

        /// <summary>The content hash ("sha256:" and 64 hex digits) of the code run by the process that the last link of
        /// <see cref="PrincipalOf(ChannelEndpoint)"/> names (the client itself on a service's end; the delegate after a
        /// delegation): what lets a service trust one build of a program, not only its name. "" when the kernel records
        /// none (the kernel's own channels); null when this process does not own the endpoint.</summary>
        public static string ContentOf(ChannelEndpoint endpoint) => endpoint.Check() != AbiStatus.Ok ? null : ContentOf(endpoint.Address);

        internal const int ContentCapacity = 80;   // "sha256:" and 64 hex digits, with room

        internal static string ContentOf(void* address)
        {
            char* buffer = stackalloc char[ContentCapacity];
            int length = Abi.Table->ChannelContent(address, buffer, ContentCapacity);
            return length < 0 ? null : new string(buffer, 0, length < ContentCapacity ? length : ContentCapacity);
        }

        internal static string PrincipalOf(void* address)
        {
            const int Capacity = Singularity.Security.PrincipalName.MaxLength;   // the kernel makes none longer
            char* buffer = stackalloc char[Capacity];
            int length = Abi.Table->ChannelPrincipal(address, buffer, Capacity);
            return length < 0 ? null : new string(buffer, 0, length < Capacity ? length : Capacity);
        }

        /// <summary>Delegates <paramref name="endpoint"/> (001 §3.6): send it next, and the process that receives it is
        /// added to the principal the other end sees (this process's chain, then the receiver's link), so the far side
        /// knows who exercises this process's authority. Without it a passed endpoint keeps speaking for its binder alone.
        /// Ok; ChannelClosed when the other end is gone; NotOwner or StaleHandle for an endpoint this process does not own.</summary>
        public static AbiStatus Delegate(ChannelEndpoint endpoint)
        {
            AbiStatus status = endpoint.Check();
            return status != AbiStatus.Ok ? status : Abi.Table->ChannelDelegate(endpoint.Address);
        }

        public static AbiStatus Close(ChannelEndpoint endpoint)
        {
            AbiStatus status = endpoint.Check();
            return status != AbiStatus.Ok ? status : Abi.Table->ChannelClose(endpoint.Address);
        }
    }

    /// <summary>The namespace: register a service, bind to one (getting a fresh channel), list and watch names.</summary>
    public static unsafe class Names
    {
        public const int ConnectRequestTag = 0x4E530001;
        public const int NameAddedTag = 0x4E530002;

        public static AbiStatus Register(string path, out ChannelEndpoint requests)
        {
            void* e = null;
            AbiStatus status;
            fixed (char* p = path) status = Abi.Table->NameRegister(p, path.Length, &e);
            requests = new ChannelEndpoint(e);
            return status;
        }

        /// <summary>Makes every channel bound to this registration (<paramref name="requests"/>, from <see cref="Register"/>
        /// or the manifest) follow the contract of <paramref name="table"/>, so the kernel checks each client's sends from
        /// its first message; requests already queued are checked against what their clients sent so far.</summary>
        public static AbiStatus CheckContract(ChannelEndpoint requests, ContractTable* table) => Abi.Table->NameCheckContract(requests.Address, table);

        public static AbiStatus Bind(string path, out ChannelEndpoint endpoint)
        {
            void* e = null;
            AbiStatus status;
            fixed (char* p = path) status = Abi.Table->NameBind(p, path.Length, &e);
            endpoint = new ChannelEndpoint(e);
            return status;
        }

        public static string[] Enumerate(string prefix)
        {
            int length;
            fixed (char* p = prefix) length = Abi.Table->NameEnumerate(p, prefix.Length, null, 0);
            if (length <= 0) return Array.Empty<string>();
            // On the heap, not the stack: other processes decide how long the list is, and must not be able to
            // overflow this one's stack with names.
            var buffer = new char[length];
            fixed (char* p = prefix)
            fixed (char* b = buffer)
            {
                Abi.Table->NameEnumerate(p, prefix.Length, b, length);
                return new string(b, 0, length).Split('\n');
            }
        }

        public static AbiStatus Watch(string prefix, out ChannelEndpoint notifications)
        {
            void* e = null;
            AbiStatus status;
            fixed (char* p = prefix) status = Abi.Table->NameWatch(p, prefix.Length, &e);
            notifications = new ChannelEndpoint(e);
            return status;
        }
    }
}

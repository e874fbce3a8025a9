using System;

namespace Singularity.V1
{
    /// <summary>An endpoint this SIP owns (an exchange-heap address). Owning it is linear: sending it in a message
    /// or closing it gives it away.</summary>
    public readonly unsafe struct ChannelEndpoint
    {
        public readonly void* Address;

        public ChannelEndpoint(void* address) { Address = address; }

        public bool IsNull => Address == null;

        /// <summary>The raw address, for diagnostics and tests.</summary>
        public ulong Value => (ulong)Address;
    }

    /// <summary>An exchange-heap block this SIP owns: memory it can hand to another SIP without copying.</summary>
    public readonly unsafe struct ExchangeBlock
    {
        internal readonly void* Address;
        public readonly ulong Length;

        internal ExchangeBlock(void* address, ulong length)
        {
            Address = address;
            Length = length;
        }

        public bool IsNull => Address == null;

        /// <summary>The block's address: the same in every SIP it passes through (nothing is copied).</summary>
        public ulong Value => (ulong)Address;

        public Span<byte> AsSpan() => new Span<byte>(Address, (int)Math.Min(Length, int.MaxValue));

        public byte* Pointer => (byte*)Address;
    }

    /// <summary>A received message: tag, inline bytes, and the block and endpoint it carried (now owned here).</summary>
    public unsafe struct ReceivedMessage
    {
        public int Tag;
        public ChannelMessage Raw;

        public ExchangeBlock Block => Raw.Block == null ? default : new ExchangeBlock(Raw.Block, Abi.Table->ExchangeSize(Raw.Block));

        public ChannelEndpoint Endpoint => new ChannelEndpoint(Raw.Endpoint);

        public int InlineInt32(int offset = 0)
        {
            fixed (byte* inline = Raw.Inline) return *(int*)(inline + offset);
        }

        public long InlineInt64(int offset = 0)
        {
            fixed (byte* inline = Raw.Inline) return *(long*)(inline + offset);
        }
    }

    public static unsafe class Exchange
    {
        public static ExchangeBlock Allocate(ulong bytes) => new ExchangeBlock(Abi.Table->ExchangeAllocate(bytes), bytes);

        public static AbiStatus Free(ExchangeBlock block) => Abi.Table->ExchangeFree(block.Address);

        /// <summary>Bytes in the block if this SIP owns it, else 0.</summary>
        public static ulong OwnedSize(ExchangeBlock block) => Abi.Table->ExchangeSize(block.Address);
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
        /// send's status if nothing was sent; <see cref="AbiStatus.Timeout"/> means sent but no reply in time.</summary>
        public static AbiStatus Call(ChannelEndpoint at, ChannelMessage* message, ulong timeoutMilliseconds = Forever) =>
            Abi.Table->ChannelCall(at.Address, message, timeoutMilliseconds);

        /// <summary>Sends a message exactly as given (for forwarding what was received).</summary>
        public static AbiStatus SendRaw(ChannelEndpoint from, ChannelMessage message) => Abi.Table->ChannelSend(from.Address, &message);

        public static AbiStatus Receive(ChannelEndpoint at, out ReceivedMessage message, ulong timeoutMilliseconds = Forever)
        {
            ReceivedMessage received = default;
            AbiStatus status = Abi.Table->ChannelReceive(at.Address, timeoutMilliseconds, &received.Raw);
            received.Tag = received.Raw.Tag;
            message = received;
            return status;
        }

        /// <summary>Waits until one endpoint has a message or has been closed by its peer (switch receive).</summary>
        public static AbiStatus Select(ReadOnlySpan<ChannelEndpoint> endpoints, ulong timeoutMilliseconds, out int ready)
        {
            void** addresses = stackalloc void*[endpoints.Length];
            for (int i = 0; i < endpoints.Length; i++) addresses[i] = endpoints[i].Address;
            int index = -1;
            AbiStatus status = Abi.Table->ChannelSelect(addresses, endpoints.Length, timeoutMilliseconds, &index);
            ready = index;
            return status;
        }

        public static AbiStatus Close(ChannelEndpoint endpoint) => Abi.Table->ChannelClose(endpoint.Address);
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
            char* buffer = stackalloc char[length];
            fixed (char* p = prefix) Abi.Table->NameEnumerate(p, prefix.Length, buffer, length);
            return new string(buffer, 0, length).Split('\n');
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

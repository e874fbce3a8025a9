using System.Collections.Generic;
using System;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Channels
{
    /// <summary>The exchange heap: memory outside every object space that SIPs pass to each other by moving
    /// ownership. Each block has exactly one owner (a process), or none while it travels in a message. A block is
    /// whole pages with a kernel header in front of the data; the data address is what a SIP holds. Every address
    /// a SIP hands back is first looked up in the page allocator's table of block-start pages (a forged number is never
    /// dereferenced), then checked against the header (magic, kind, owner).
    /// Ownership is the owner's process id in the header, so moving a block (send, receive) is one store; every live
    /// block is on one list, which a process's exit walks for the blocks it still owns.</summary>
    internal static unsafe class ExchangeHeap
    {
        public const ulong HeaderBytes = 64;
        private const ulong Magic = 0x4B434C4258434845; // "EHCXBLCK"

        public enum Kind
        {
            Data = 1,
            Endpoint = 2,
        }

        public struct Block
        {
            public ulong MagicValue;
            public Kind BlockKind;
            public int OwnerPid;          // 0: owned by nobody (in a message, or the kernel's)
            public ulong DataBytes;
            public ulong Pages;
            public Block* NextLive;
            public Block* PreviousLive;
            public ulong Generation;      // from a counter that never repeats: set when the block is made, and anew each
                                          // time an owner takes it (a value kept from an earlier ownership never revives)
            public uint InOwnDomain;      // 1: a ring-3 domain's block: the header page is the kernel's, the data pages its own
                                          // 2: the same layout in transfer pages, which change domains (MappedIn)
            public ushort MappedIn;       // a transfer block: the domain whose tables map it, InKernelSpace when a process
                                          // of the kernel's address space holds it; 0 in transit (kernel only, on no list)
            public byte Remembered;       // an endpoint: a thread of its owner remembers it as validated (RememberOwnedEndpoint)
        }

        /// <summary><see cref="Block.MappedIn"/> of a transfer block held by a process that runs in the kernel's address
        /// space (SIP-Phys and SIP-Page processes, HIP-R0's and HIP-R3's drivers and services): that space maps every
        /// chunk, so the block needs no table of its own there. Never a domain's number.</summary>
        private const ushort InKernelSpace = MemoryOwner.KernelDomain;

        /// <summary>Where a transfer block lies while <paramref name="process"/> holds it: its domain, or the kernel's
        /// address space.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static ushort HolderOf(KernelProcess process) => process.Space == null ? InKernelSpace : process.MemoryOwner;

        private const uint DomainLayout = 1, TransferLayout = 2;

        public static ulong BlocksLive;
        public static ulong BytesLive;   // data bytes in live blocks
        public static ulong PagesLive;
        private static Block* s_live;     // every live block laid out the kernel's way (interrupts off to change or walk it)
        // The live blocks laid out for a ring-3 domain, one list per domain (by chunk owner): their headers lie in that
        // domain's chunks, which only it and the kernel's address space map, so no list links two domains' headers.
        private static Block** s_domainLists;

        /// <summary>The list a block is on: its domain's, or the kernel's (a transfer block in transit is on none).</summary>
        private static Block** ListOf(Block* block)
        {
            if (block->InOwnDomain == 0)
            {
                fixed (Block** live = &s_live) return live;   // a static of an unmanaged type: it never moves
            }
            if (s_domainLists == null)
            {
                s_domainLists = (Block**)KernelHeap.Allocate((ulong)Domains.AddressSpace.MaxDomains * (ulong)sizeof(Block*));
                for (int i = 0; i < Domains.AddressSpace.MaxDomains; i++) s_domainLists[i] = null;
            }
            return s_domainLists + (block->InOwnDomain == TransferLayout ? block->MappedIn : DomainOf(block));
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static bool Listed(Block* block) => block->InOwnDomain != TransferLayout || block->MappedIn != 0;

        /// <summary>Links a block at the head of its list. Interrupts off; the running space maps the list's headers.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Link(Block* block)
        {
            block->PreviousLive = block->NextLive = null;
            if (!Listed(block)) return;
            Block** list = ListOf(block);
            block->NextLive = *list;
            if (*list != null) (*list)->PreviousLive = block;
            *list = block;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Unlink(Block* block)
        {
            if (Listed(block))
            {
                if (block->PreviousLive != null) block->PreviousLive->NextLive = block->NextLive;
                else *ListOf(block) = block->NextLive;
                if (block->NextLive != null) block->NextLive->PreviousLive = block->PreviousLive;
            }
            block->NextLive = block->PreviousLive = null;
        }

        /// <summary>Whether a block lies in transfer pages (a ring-3 domain's block of a page or more: remapped across
        /// the ring-3 boundary, never copied).</summary>
        public static bool IsTransfer(Block* block) => block->InOwnDomain == TransferLayout;

        private static ushort DomainOf(void* address) =>
            PageAllocator.ChunkOwner((ulong)address / PageAllocator.PageSize / PageAllocator.PagesPerChunk);
        private static ulong s_generations;

        /// <summary>Allocates a zeroed block for <paramref name="owner"/> (null: owned by nobody). Returns the data address.</summary>
        public static byte* Allocate(ulong bytes, Kind kind, KernelProcess owner)
        {
            if (bytes == 0 || bytes > 256UL << 20) return null;
            // A ring-3 process's data lies in its own domain, where only it can reach the bytes; the header (owner,
            // size, generation) goes on a page of its own that ring 3 cannot reach, so the program cannot rewrite it.
            bool ownDomain = kind == Kind.Data && owner != null && owner.Ring3;
            // Data of a page or more goes in transfer pages: it leaves the domain by remapping, not by a copy.
            bool transfer = ownDomain && bytes >= PageAllocator.PageSize && owner.Space != null;
            ulong headerRoom = ownDomain ? PageAllocator.PageSize : HeaderBytes;
            ulong pages = (bytes + headerRoom + PageAllocator.PageSize - 1) / PageAllocator.PageSize;
            // Taken, recorded and given its owner with interrupts off: a kill between taking the pages and recording
            // them would lose them. A process's blocks count against its quota, and none eats the kernel's reserve.
            ulong flags = Scheduler.DisableInterrupts();
            Block* block = null;
            // An endpoint's owner records it in its handle table, with room made beforehand (Channel.Create).
            if (owner == null || (owner.ExchangePages + pages <= owner.Limits.ExchangePages && Quotas.LeavesReserve(pages) && owner.State != ProcessState.Exited
                && (kind != Kind.Endpoint || owner.Handles.HasEndpointRoomLocked(1))))
                block = (Block*)PageAllocator.Allocate(pages, zero: false,
                    transfer ? MemoryOwner.Transfer : ownDomain ? owner.MemoryOwner : MemoryOwner.Kernel);
            if (block != null && transfer)
            {
                // Mapped in the owner's domain before the header is written: the running space may be that domain's.
                ulong first = (ulong)block / PageAllocator.PageSize;
                if (owner.Space.EnsureTransferTables(first, pages)) owner.Space.MapTransfer(first, pages, 1);
                else
                {
                    PageAllocator.Free(block, pages);
                    block = null;
                }
            }
            if (block == null)
            {
                Scheduler.RestoreInterrupts(flags);
                return null;
            }
            block->MagicValue = Magic;
            block->BlockKind = kind;
            block->OwnerPid = 0;
            block->DataBytes = bytes;
            block->Pages = pages;
            block->PreviousLive = null;
            block->Generation = ++s_generations;
            block->InOwnDomain = transfer ? TransferLayout : ownDomain ? DomainLayout : 0u;
            block->MappedIn = transfer ? owner.MemoryOwner : (ushort)0;
            block->Remembered = 0;
            if (ownDomain && !transfer) PageTables.SetUserAccess((ulong)block, false);
            // An endpoint is read by whoever closes it (its owner's exit among them): it is zeroed before it is
            // published. A data block's bytes matter to nobody but its owner: zeroed after, with interrupts on.
            // A ring-3 domain maps the whole pages of its blocks, so all of them are zeroed; a block in the kernel's
            // layout is reached only through its DataBytes (every check, copy and span stops there), so only those.
            byte* data = (byte*)block + headerRoom;
            ulong dataBytes = ownDomain ? pages * PageAllocator.PageSize - headerRoom : bytes;
            if (kind == Kind.Endpoint) Buffer.Fill(data, 0, (nuint)dataBytes);
            PageAllocator.MarkExchangeBlockStart(block, true);
            BlocksLive++;
            BytesLive += bytes;
            PagesLive += pages;
            Link(block);
            if (owner != null && kind == Kind.Endpoint) TakeEndpointLocked(block, owner);
            else if (owner != null) TakeOwnership(block, owner);
            Scheduler.RestoreInterrupts(flags);
            if (kind != Kind.Endpoint) Buffer.Fill(data, 0, (nuint)dataBytes);
            return data;
        }

        /// <summary>The block whose data starts at <paramref name="data"/>, if it is a live block of that kind.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static Block* Validate(void* data, Kind kind)
        {
            ulong address = (ulong)data;
            ulong offset = address & (PageAllocator.PageSize - 1);
            if (address == 0 || (offset != HeaderBytes && offset != 0)) return null;
            Block* block = (Block*)(address - (offset == 0 ? PageAllocator.PageSize : HeaderBytes));
            // With domains, a header is read only where the running thread's address space maps it: the kernel's
            // chunks for the kernel's layout, the caller's own domain for a ring-3 block.
            if (PageAllocator.ChunksEnabled && !HeaderVisible(block, offset == 0)) return null;
            // The side table first: only a page known to start a live block is read (any other page may be unmapped).
            if (!PageAllocator.IsExchangeBlockStart(block) || block->MagicValue != Magic || block->BlockKind != kind) return null;
            // The kernel's address space maps every transfer block: one is a caller's there only while it lies there.
            if (block->InOwnDomain == TransferLayout && !TransferHeldBy(block, Scheduler.Current?.Owner)) return null;
            // A page-aligned address names only a block laid out for a ring-3 domain (header on the page before).
            return (offset == 0) == (block->InOwnDomain != 0) ? block : null;
        }

        private static bool HeaderVisible(Block* block, bool domainLayout)
        {
            ushort owner = DomainOf(block);
            if (!domainLayout) return owner == MemoryOwner.Kernel;
            KernelProcess caller = Scheduler.Current?.Owner;
            // A transfer block is the caller's domain's only while that domain's own tables map its header; the kernel's
            // address space maps them all (Validate then asks where the block lies).
            if (owner == MemoryOwner.Transfer) return caller == null || caller.Space == null || caller.Space.MapsTransferPage((ulong)block);
            return caller == null || owner == caller.MemoryOwner;
        }

        /// <summary>Whether the block whose data is at <paramref name="data"/> (null: none) has a domain's layout (its data
        /// page-aligned, the header on the page before), as a ring-3 domain's and transfer blocks have; a kernel-layout
        /// block's header sits just before its data, reachable from every ring-0 process.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static bool IsDomainLayout(void* data) => data != null && ((ulong)data & (PageAllocator.PageSize - 1)) == 0;

        /// <summary>Whether the queued block at <paramref name="data"/> lies in another domain than
        /// <paramref name="process"/>'s (its header is then readable only in the kernel's address space).</summary>
        public static bool IsElsewhere(void* data, KernelProcess process) =>
            data != null && ((ulong)data & (PageAllocator.PageSize - 1)) == 0 && !InDomainOf((byte*)data - PageAllocator.PageSize, process);

        /// <summary>Whether the domain-layout header at <paramref name="header"/> lies in <paramref name="process"/>'s
        /// domain (read from the page tables and chunk owners, never from the header).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static bool InDomainOf(byte* header, KernelProcess process)
        {
            if (process == null) return false;
            ushort owner = DomainOf(header);
            if (owner == MemoryOwner.Transfer) return TransferHeldBy((Block*)header, process);
            return owner == process.MemoryOwner;
        }

        /// <summary>Whether the transfer block lies where <paramref name="process"/> (null: a kernel thread) runs: in its
        /// domain's tables, or held in the kernel's address space when the process runs there (that space maps the
        /// header, so it may be read).</summary>
        private static bool TransferHeldBy(Block* block, KernelProcess process)
        {
            if (process == null) return true;
            if (process.Space == null) return block->MappedIn == InKernelSpace;
            return process.Space.MapsTransferPage((ulong)block);
        }

        /// <summary>The header of a block the kernel already validated (e.g. one sitting in a queue).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static Block* HeaderOf(void* data) =>
            (Block*)((byte*)data - (((ulong)data & (PageAllocator.PageSize - 1)) == 0 ? PageAllocator.PageSize : HeaderBytes));

        /// <summary>The data address of a block.</summary>
        public static byte* DataOf(Block* block) => (byte*)block + (block->InOwnDomain != 0 ? PageAllocator.PageSize : HeaderBytes);

        /// <summary>The first half of carrying a data block across a ring-3 boundary (004 §3.3): a new block of
        /// <paramref name="bytes"/>, owned by nobody, laid out for <paramref name="forProcess"/> (in its own domain when
        /// it runs in ring 3, the kernel's otherwise; its quota is checked). Null when memory or the quota is short;
        /// nothing has changed then. Interrupts off.</summary>
        public static byte* PrepareCopy(ulong bytes, KernelProcess forProcess)
        {
            byte* copy = Allocate(bytes, Kind.Data, forProcess);
            if (copy != null && forProcess != null) GiveUpOwnership(HeaderOf(copy), forProcess, Kind.Data);
            return copy;
        }

        /// <summary>What a ring-3 sender's block (in its domain, validated) becomes as it leaves the domain: a transfer
        /// block is remapped (the answer is its own data address: nothing to allocate), any other is copied into the
        /// kernel's exchange heap (<see cref="PrepareCopy"/>). Null when memory is short. Interrupts off.</summary>
        public static byte* PrepareSendCrossing(Block* block) =>
            block->InOwnDomain == TransferLayout ? DataOf(block) : PrepareCopy(block->DataBytes, null);

        /// <summary>What a queued block that <paramref name="receiver"/> cannot reach becomes: a transfer block moves to
        /// the receiver, ring 3 or ring 0 (into its domain's tables, made here, or into the kernel's address space, which
        /// maps it already; its quota is checked here, so the move itself cannot fail), any other block is copied
        /// (<see cref="PrepareCopy"/>). Null when memory or the quota is short; nothing has moved then. The running
        /// space maps the header. Interrupts off.</summary>
        public static byte* PrepareReceiveCrossing(Block* block, KernelProcess receiver)
        {
            if (block->InOwnDomain != TransferLayout || receiver == null) return PrepareCopy(block->DataBytes, receiver);
            if (receiver.State == ProcessState.Exited || receiver.ExchangePages + block->Pages > receiver.Limits.ExchangePages) return null;
            if (receiver.Space == null) return DataOf(block);
            return receiver.Space.EnsureTransferTables((ulong)block / PageAllocator.PageSize, block->Pages) ? DataOf(block) : null;
        }

        /// <summary>Undoes a prepared crossing that will not happen: a copy is freed, a remap had nothing to undo.</summary>
        public static void DropPrepared(void* original, byte* prepared)
        {
            if (prepared != null && prepared != original) Free(HeaderOf(prepared), null);
        }

        /// <summary>Moves a transfer block (owned by nobody) between domains, for the running thread: out of where the
        /// running process holds it into transit (send), else out of wherever it lies to the running process (receive):
        /// into its domain's tables, or, for a process of the kernel's address space, nowhere (that space maps every
        /// chunk). The header is relinked while the running space still maps it; the old domain loses the pages last,
        /// so no thread of it reaches them afterwards. Interrupts off.</summary>
        private static void MoveTransfer(Block* block)
        {
            KernelProcess here = Scheduler.Current.Owner;
            ushort holder = HolderOf(here);
            ushort from = block->MappedIn;
            ushort to = from == holder ? (ushort)0 : holder;
            ulong first = (ulong)block / PageAllocator.PageSize, pages = block->Pages;
            if (to != 0 && here.Space != null) here.Space.MapTransfer(first, pages, 1);
            Unlink(block);
            block->MappedIn = to;
            Link(block);
            if (from != 0) Domains.AddressSpace.OfOwner(from)?.UnmapTransfer(first, pages);
        }

        /// <summary>The second half: the bytes of <paramref name="from"/> (owned by nobody) go into the prepared
        /// block and <paramref name="from"/> is freed; a prepared remap (<paramref name="copy"/> is the block's own data)
        /// moves the block instead (<see cref="MoveTransfer"/>). Returns the data address the message carries from
        /// here. Interrupts off.</summary>
        public static byte* FinishCopy(Block* from, byte* copy)
        {
            if (copy == DataOf(from))
            {
                MoveTransfer(from);
                return copy;
            }
            // A block still in another domain's pages (sent before its receiver was known) is read through the
            // kernel's address space, which maps every domain.
            KernelProcess here = Scheduler.Current.Owner;
            bool elsewhere = from->InOwnDomain != 0 && (here == null
                || PageAllocator.ChunkOwner((ulong)from / PageAllocator.PageSize / PageAllocator.PagesPerChunk) != here.MemoryOwner);
            ulong space = elsewhere ? Scheduler.EnterKernelSpace() : 0;
            Buffer.Memmove(copy, DataOf(from), (nuint)from->DataBytes);
            Free(from, null);
            if (elsewhere) Scheduler.LeaveKernelSpace(space);
            return copy;
        }

        /// <summary>Whether a data block in a message must be copied to reach <paramref name="receiver"/>: the block
        /// lies in another ring-3 domain than the receiver's (only that domain and the kernel's address space map
        /// it), or the receiver runs in ring 3 and the block is the kernel's.</summary>
        public static bool CrossesToReceiver(void* data, KernelProcess receiver)
        {
            bool domainLayout = ((ulong)data & (PageAllocator.PageSize - 1)) == 0;
            if (receiver == null) return domainLayout;
            if (domainLayout) return !InDomainOf((byte*)data - PageAllocator.PageSize, receiver);
            return receiver.Ring3;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static bool IsOwnedBy(Block* block, KernelProcess process) =>
            process == null ? block->OwnerPid == 0 : block->OwnerPid == process.Id;

        // A message carrying a block moves it twice: the sender gives it up (in transit, owned by nobody), the
        // receiver takes it. Both inline into the channel entries.
        /// <summary><paramref name="owner"/> (null: the kernel) gives up a block of kind <paramref name="kind"/>, which
        /// is then owned by nobody. Interrupts must be off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static void GiveUpLocked(Block* block, KernelProcess owner, Kind kind)
        {
            if (owner != null) GiveUpOwnership(block, owner, kind);
        }

        /// <summary><paramref name="owner"/> (null: the kernel) takes a block owned by nobody. Interrupts must be off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static void TakeLocked(Block* block, KernelProcess owner)
        {
            if (owner != null) TakeOwnership(block, owner);
        }

        /// <summary><paramref name="owner"/> takes an endpoint owned by nobody and records it in its handle table
        /// (<see cref="EndpointHeldBy"/> asks that table), which must have room for it
        /// (<see cref="Abi.HandleTable.HasEndpointRoomLocked"/>). Interrupts must be off.</summary>
        public static void TakeEndpointLocked(Block* block, KernelProcess owner)
        {
            if (owner == null) return;
            TakeOwnership(block, owner);
            Endpoint* e = (Endpoint*)((byte*)block + HeaderBytes);
            e->OwnerHandle = owner.Handles.AddEndpointLocked(e);
        }

        /// <summary>True when the endpoint block <paramref name="block"/> is <paramref name="process"/>'s (null: owned by
        /// nobody or the kernel): the pid in its header, and the record in the owner's handle table that the channel
        /// entries look up through the structure the boot chose (handles=table|mmu|hash, seed 003). Interrupts off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static bool EndpointHeldBy(Block* block, KernelProcess process)
        {
            if (process == null) return block->OwnerPid == 0;
            Endpoint* e = (Endpoint*)((byte*)block + HeaderBytes);
            return block->OwnerPid == process.Id && process.Handles.HoldsEndpointLocked(e->OwnerHandle, e);
        }

        /// <summary>The first few live blocks owned by nobody (in messages, or the kernel's own), for a test that
        /// finds more than it expected, each numbered: kind, bytes, where it waits (in the queue of block #n of the list,
        /// in a queue at an endpoint of process p, or in no queue: held by the kernel, or lost), and for an endpoint
        /// which process owns its peer (pid 0: nobody) or that its peer is gone. A cycle shows as blocks each in the
        /// next one's queue.</summary>
        public static string DescribeUnowned(int most)
        {
            var text = new System.Text.StringBuilder();
            ulong flags = Scheduler.DisableInterrupts();
            Block** found = stackalloc Block*[most];
            int n = 0;
            for (Block* block = s_live; block != null && n < most; block = block->NextLive)
                if (block->OwnerPid == 0) found[n++] = block;
            for (int i = 0; i < n; i++)
            {
                Block* block = found[i];
                byte* data = (byte*)block + HeaderBytes;
                text.Append(" #").Append(i.ToString()).Append(block->BlockKind == Kind.Endpoint ? " endpoint" : " data").Append('(').Append(block->DataBytes.ToString());
                if (block->BlockKind == Kind.Endpoint)
                {
                    Endpoint* e = (Endpoint*)data;
                    text.Append(e->Peer == null ? ", peer gone" : string.Concat(", peer of pid ", ((Block*)((byte*)e->Peer - HeaderBytes))->OwnerPid.ToString()))
                        .Append(", queued ").Append(e->Count.ToString());
                }
                Block* holder = QueueHolding(data);
                int index = -1;
                for (int j = 0; j < n; j++) if (found[j] == holder) index = j;
                text.Append(holder == null ? ", in no queue" : index >= 0 ? string.Concat(", in #", index.ToString()) : string.Concat(", queued at pid ", holder->OwnerPid.ToString()));
                text.Append(')');
            }
            Scheduler.RestoreInterrupts(flags);
            return text.ToString();
        }

        /// <summary>The live endpoint whose queue holds a message carrying <paramref name="data"/>, or null. Interrupts off.</summary>
        private static Block* QueueHolding(byte* data)
        {
            for (Block* block = s_live; block != null; block = block->NextLive)
            {
                if (block->BlockKind != Kind.Endpoint) continue;
                Endpoint* e = (Endpoint*)((byte*)block + HeaderBytes);
                for (int i = 0, slot = e->Head; i < e->Count; i++, slot = slot + 1 == e->Capacity ? 0 : slot + 1)
                {
                    Singularity.V1.ChannelMessage* m = Endpoint.SlotsOf(e) + slot;
                    if (m->Block == data || m->Endpoint == data) return block;
                    if ((m->Carries & Singularity.V1.ChannelMessage.CarriesSecondBlock) != 0 && m->SecondBlock == data) return block;
                    if ((m->Carries & Singularity.V1.ChannelMessage.CarriesSecondEndpoint) != 0 && m->SecondEndpoint == data) return block;
                }
            }
            return null;
        }

        /// <summary>How many blocks <paramref name="process"/> owns (walks the live list: for diagnostics and tests).</summary>
        public static int CountOwnedBy(KernelProcess process)
        {
            int count = 0;
            ulong space = Scheduler.EnterKernelSpace();
            for (Block* block = NextOwnedBy(null, process); block != null; block = NextOwnedBy(block, process)) count++;
            Scheduler.LeaveKernelSpace(space);
            return count;
        }

        /// <summary>The channels <paramref name="process"/> holds an end of, for the system page: for each endpoint it
        /// owns, the process owning the other end (0: the end is in a message; -1: it was closed) in the high 32 bits and
        /// the channel's checked contract (-1: unchecked) in the low 32.</summary>
        public static void PeersOf(KernelProcess process, List<long> into)
        {
            ulong space = Scheduler.EnterKernelSpace();
            ulong flags = Scheduler.DisableInterrupts();
            for (Block* block = NextOwnedBy(null, process); block != null; block = NextOwnedBy(block, process))
            {
                if (block->BlockKind != Kind.Endpoint) continue;
                Endpoint* e = (Endpoint*)DataOf(block);
                int peer = e->Peer == null ? -1 : HeaderOf(e->Peer)->OwnerPid;
                into.Add((long)peer << 32 | (uint)e->Contract);
            }
            Scheduler.RestoreInterrupts(flags);
            Scheduler.LeaveKernelSpace(space);
        }

        /// <summary>Gives a block its owner holds under <paramref name="generation"/> a new generation, so every other
        /// value naming it (made with the old one) stops working: the contract library adopts an endpoint this way, as
        /// the only holder. Returns the new generation, or 0 (nothing changed) when <paramref name="process"/> does not
        /// own the block under that generation. Interrupts off.</summary>
        public static ulong Renew(Block* block, KernelProcess process, ulong generation)
        {
            if (generation == 0 || !IsOwnedBy(block, process) || block->Generation != generation) return 0;
            block->Generation = ++s_generations;
            return block->Generation;
        }

        /// <summary>Returns a block's pages; <paramref name="owner"/> is its owner, or null if it has none.</summary>
        public static void Free(Block* block, KernelProcess owner)
        {
            ulong flags = Scheduler.DisableInterrupts();
            if (owner != null) GiveUpOwnership(block, owner, block->BlockKind);
            Unlink(block);
            block->MagicValue = 0;
            PageAllocator.MarkExchangeBlockStart(block, false);
            ulong pages = block->Pages;
            BlocksLive--;
            BytesLive -= block->DataBytes;
            PagesLive -= pages;
            // Out of its domain (the header last read above), before the pages can have a next owner.
            if (block->InOwnDomain == TransferLayout && block->MappedIn != 0)
                Domains.AddressSpace.OfOwner(block->MappedIn)?.UnmapTransfer((ulong)block / PageAllocator.PageSize, pages);
            Scheduler.RestoreInterrupts(flags);
            PageAllocator.Free(block, pages);
        }

        /// <summary>Everything a terminating process still owns: endpoints are closed (peers see ChannelClosed), data
        /// blocks are freed.</summary>
        public static void ReleaseAll(KernelProcess process)
        {
            // In the kernel's address space: the process's ring-3 blocks lie in its domain, and whoever ends it may
            // run in another.
            ulong space = Scheduler.EnterKernelSpace();
            // The next block of the process is found before this one is released: closing an endpoint frees only
            // itself and what its queue carries (blocks owned by nobody), never another block of the process.
            Block* block = NextOwnedBy(null, process);
            while (block != null)
            {
                Block* next = NextOwnedBy(block, process);
                if (block->BlockKind == Kind.Endpoint) Channel.CloseEndpoint((Endpoint*)((byte*)block + HeaderBytes), process);
                else Free(block, process);
                block = next;
            }
            Scheduler.LeaveKernelSpace(space);
        }

        /// <summary>The first block after <paramref name="after"/> (null: from the start) that <paramref name="process"/>
        /// owns: the kernel's list, then its own domain's. The whole walk, the first link included, runs with interrupts
        /// off (other processes free blocks); the caller runs in the kernel's address space or the process's own.</summary>
        private static Block* NextOwnedBy(Block* after, KernelProcess process)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Block* block = after == null ? s_live : after->NextLive;
            while (block != null && block->OwnerPid != process.Id) block = block->NextLive;
            // Then the list of the domain's blocks (a ring-3 domain's, or the transfer blocks held in the kernel's space).
            if (block == null && s_domainLists != null && (after == null || after->InOwnDomain == 0))
            {
                block = s_domainLists[HolderOf(process)];
                while (block != null && block->OwnerPid != process.Id) block = block->NextLive;
            }
            Scheduler.RestoreInterrupts(flags);
            return block;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void TakeOwnership(Block* block, KernelProcess owner)
        {
            block->OwnerPid = owner.Id;
            block->Generation = ++s_generations;
            owner.ExchangePages += block->Pages;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void GiveUpOwnership(Block* block, KernelProcess owner, Kind kind)
        {
            // Every way a process loses a block passes here: validations it remembered may no longer hold.
            // An endpoint no thread remembers leaves every remembered validation standing: the process's other
            // endpoints are still its own (a message carrying an endpoint then keeps the sender's memory of the one it
            // sends on). Remembering happens in the same critical section as the full check it saves.
            if (kind == Kind.Endpoint)
            {
                if (block->Remembered != 0)
                {
                    block->Remembered = 0;
                    owner.EndpointEpoch++;
                }
                Endpoint* e = (Endpoint*)((byte*)block + HeaderBytes);
                owner.Handles.RemoveEndpointLocked(e->OwnerHandle);
                e->OwnerHandle = 0;
            }
            else owner.BlockEpoch++;
            owner.ExchangePages -= block->Pages;
            block->OwnerPid = 0;
        }
    }
}

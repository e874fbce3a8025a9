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
            public ulong Generation;      // set when the block is made, from a counter that never repeats
            public uint InOwnDomain;      // 1: a ring-3 domain's block: the header page is the kernel's, the data pages its own
        }

        public static ulong BlocksLive;
        public static ulong BytesLive;   // data bytes in live blocks
        public static ulong PagesLive;
        private static Block* s_live;     // every live block laid out the kernel's way (interrupts off to change or walk it)
        // The live blocks laid out for a ring-3 domain, one list per domain (by chunk owner): their headers lie in that
        // domain's chunks, which only it and the kernel's address space map, so no list links two domains' headers.
        private static Block** s_domainLists;

        /// <summary>The list a block is on: its domain's, or the kernel's.</summary>
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
            return s_domainLists + DomainOf(block);
        }

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
            ulong headerRoom = ownDomain ? PageAllocator.PageSize : HeaderBytes;
            ulong pages = (bytes + headerRoom + PageAllocator.PageSize - 1) / PageAllocator.PageSize;
            // Taken, recorded and given its owner with interrupts off: a kill between taking the pages and recording
            // them would lose them. A process's blocks count against its quota, and none eats the kernel's reserve.
            ulong flags = Scheduler.DisableInterrupts();
            Block* block = null;
            if (owner == null || (owner.ExchangePages + pages <= owner.Limits.ExchangePages && Quotas.LeavesReserve(pages) && owner.State != ProcessState.Exited))
                block = (Block*)PageAllocator.Allocate(pages, zero: false, ownDomain ? owner.MemoryOwner : MemoryOwner.Kernel);
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
            block->InOwnDomain = ownDomain ? 1u : 0u;
            if (ownDomain) PageTables.SetUserAccess((ulong)block, false);
            // An endpoint is read by whoever closes it (its owner's exit among them): it is zeroed before it is
            // published. A data block's bytes matter to nobody but its owner: zeroed after, with interrupts on.
            byte* data = (byte*)block + headerRoom;
            ulong dataBytes = pages * PageAllocator.PageSize - headerRoom;
            if (kind == Kind.Endpoint) Buffer.Fill(data, 0, (nuint)dataBytes);
            PageAllocator.MarkExchangeBlockStart(block, true);
            BlocksLive++;
            BytesLive += bytes;
            PagesLive += pages;
            Block** list = ListOf(block);
            block->NextLive = *list;
            if (*list != null) (*list)->PreviousLive = block;
            *list = block;
            if (owner != null) TakeOwnership(block, owner);
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
            // A page-aligned address names only a block laid out for a ring-3 domain (header on the page before).
            return (offset == 0) == (block->InOwnDomain != 0) ? block : null;
        }

        private static bool HeaderVisible(Block* block, bool domainLayout)
        {
            ushort owner = DomainOf(block);
            if (!domainLayout) return owner == MemoryOwner.Kernel;
            KernelProcess caller = Scheduler.Current?.Owner;
            return caller == null || owner == caller.MemoryOwner;
        }

        /// <summary>Whether the queued block at <paramref name="data"/> lies in another domain than
        /// <paramref name="process"/>'s (its header is then readable only in the kernel's address space).</summary>
        public static bool IsElsewhere(void* data, KernelProcess process) =>
            data != null && ((ulong)data & (PageAllocator.PageSize - 1)) == 0 && (process == null || DomainOf((byte*)data - PageAllocator.PageSize) != process.MemoryOwner);

        /// <summary>The header of a block the kernel already validated (e.g. one sitting in a queue).</summary>
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

        /// <summary>The second half: the bytes of <paramref name="from"/> (owned by nobody) go into the prepared
        /// block and <paramref name="from"/> is freed. Returns the copy's data address. Interrupts off.</summary>
        public static byte* FinishCopy(Block* from, byte* copy)
        {
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
            if (domainLayout) return DomainOf((byte*)data - PageAllocator.PageSize) != receiver.MemoryOwner;
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

        /// <summary>The first few live blocks owned by nobody (in messages, or the kernel's own), for a test that
        /// finds more than it expected: kind, bytes, and for an endpoint whether its peer is gone.</summary>
        public static string DescribeUnowned(int most)
        {
            var text = new System.Text.StringBuilder();
            ulong flags = Scheduler.DisableInterrupts();
            int n = 0;
            for (Block* block = s_live; block != null && n < most; block = block->NextLive)
            {
                if (block->OwnerPid != 0) continue;
                n++;
                text.Append(block->BlockKind == Kind.Endpoint ? " endpoint" : " data").Append('(').Append(block->DataBytes.ToString());
                if (block->BlockKind == Kind.Endpoint)
                {
                    Endpoint* e = (Endpoint*)((byte*)block + HeaderBytes);
                    text.Append(e->Peer == null ? ", peer gone" : ", peer live").Append(", queued ").Append(e->Count.ToString());
                }
                text.Append(')');
            }
            Scheduler.RestoreInterrupts(flags);
            return text.ToString();
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

        /// <summary>Returns a block's pages; <paramref name="owner"/> is its owner, or null if it has none.</summary>
        public static void Free(Block* block, KernelProcess owner)
        {
            ulong flags = Scheduler.DisableInterrupts();
            if (owner != null) GiveUpOwnership(block, owner, block->BlockKind);
            if (block->PreviousLive != null) block->PreviousLive->NextLive = block->NextLive;
            else *ListOf(block) = block->NextLive;
            if (block->NextLive != null) block->NextLive->PreviousLive = block->PreviousLive;
            block->NextLive = block->PreviousLive = null;
            block->MagicValue = 0;
            PageAllocator.MarkExchangeBlockStart(block, false);
            BlocksLive--;
            BytesLive -= block->DataBytes;
            PagesLive -= block->Pages;
            Scheduler.RestoreInterrupts(flags);
            PageAllocator.Free(block, block->Pages);
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
            if (block == null && process.Ring3 && s_domainLists != null && (after == null || after->InOwnDomain == 0))
            {
                block = s_domainLists[process.MemoryOwner];
                while (block != null && block->OwnerPid != process.Id) block = block->NextLive;
            }
            Scheduler.RestoreInterrupts(flags);
            return block;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void TakeOwnership(Block* block, KernelProcess owner)
        {
            block->OwnerPid = owner.Id;
            owner.ExchangePages += block->Pages;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void GiveUpOwnership(Block* block, KernelProcess owner, Kind kind)
        {
            // Every way a process loses a block passes here: validations it remembered may no longer hold.
            if (kind == Kind.Endpoint) owner.EndpointEpoch++;
            else owner.BlockEpoch++;
            owner.ExchangePages -= block->Pages;
            block->OwnerPid = 0;
        }
    }
}

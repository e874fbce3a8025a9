using Sing.Kernel.Arch;
using Sing.Kernel.Memory;

namespace Sing.Kernel.Domains
{
    /// <summary>A hardware protection domain's address space (004 §3): its own PML4, PDPT and four page directories
    /// covering the identity-mapped first 4 GiB. RAM is mapped through the one set of 4 KiB page tables that
    /// DemandMapping keeps for all of RAM, and a domain sees a 2 MiB chunk of it only when the chunk is the kernel's
    /// or its own (PageAllocator's chunk ownership): its directory entry for any other chunk is not present. So the
    /// kernel range is identical in every domain, mapping a page costs the same in all of them, and switching
    /// domains is one CR3 load.</summary>
    internal sealed unsafe class AddressSpace
    {
        private const ulong Present = 1, Writable = 1UL << 1;
        private const ulong AddressMask = 0x000F_FFFF_FFFF_F000;
        private const ulong DirectoryEntries = 4 * 512;   // 4 GiB in 2 MiB entries
        public const ulong TablePages = 6;                // PML4, PDPT, four directories
        public const int MaxDomains = 1024;

        /// <summary>The chunk owner number of this domain's pages.</summary>
        public readonly ushort Owner;

        /// <summary>The value to load into CR3: the PML4's address and, with PCIDs on, the domain's PCID (its owner
        /// number), so its TLB entries survive switches to other domains.</summary>
        public readonly ulong Cr3;

        private readonly byte* _tables;

        /// <summary>The configuration's name for what runs here, for fault reports ("application domain", "domain of hello").</summary>
        public readonly string Name;

        /// <summary>Whether the domain's code runs in ring 3: its own pages carry the user bit, the kernel's do not.</summary>
        public readonly bool User;

        private const ulong UserBit = 1UL << 2;

        private readonly ulong* _directory;   // the four page directories, contiguous: entry i maps [i*2 MiB, (i+1)*2 MiB)
        private bool _dying;
        private int _transferTables;   // transfer tables this domain holds (most domains: none)

        private static readonly AddressSpace[] s_byOwner = new AddressSpace[MaxDomains];
        private static ulong s_kernelCr3;
        private static ulong* s_kernelDirectoryEntries; // the kernel's entry for each 2 MiB region, copied at start
        private static int s_live;

        public static ulong KernelCr3 => s_kernelCr3;

        /// <summary>Whether domains have PCIDs (CR4.PCIDE): then a CR3 load keeps the new domain's cached
        /// translations unless a flush is pending for it.</summary>
        public static bool PcidEnabled { get; private set; }

        private const ulong Cr4Pcide = 1UL << 17, Cr3NoFlush = 1UL << 63;

        // One bit per PCID and processor (each CPU has its own TLB): set when the domain's translations that CPU cached may
        // be stale (pages of it were freed while it was not loaded there, or the number is new), so its next load there
        // flushes them. Processor i's bits are words [i * FlushWords, (i + 1) * FlushWords).
        private const int FlushWords = MaxDomains / 64;
        private static readonly ulong[] s_flushPending = new ulong[Hardware.Madt.MaxProcessors * FlushWords];

        /// <summary>The CR3 value that switches to <paramref name="cr3"/>: with PCIDs, without a flush unless one is
        /// pending for that domain. Interrupts off.</summary>
        public static ulong LoadValue(ulong cr3)
        {
            if (!PcidEnabled) return cr3;
            ulong pcid = cr3 & 0xFFF;
            ulong bit = 1UL << (int)(pcid & 63);
            int word = Cpu.ProcessorIndex() * FlushWords + (int)(pcid / 64);
            if ((s_flushPending[word] & bit) == 0) return cr3 | Cr3NoFlush;
            s_flushPending[word] &= ~bit;
            return cr3;
        }

        // On every processor but, when the domain is loaded here (INVLPG reached its entries), the calling one.
        private static void MarkFlushPending(ushort owner, bool exceptHere = false)
        {
            if (!PcidEnabled) return;
            int here = Cpu.ProcessorIndex();
            for (int i = 0; i < Smp.Processors.Count; i++)
                if (!exceptHere || i != here) s_flushPending[i * FlushWords + owner / 64] |= 1UL << (owner & 63);
        }

        /// <summary>Pages of <paramref name="owner"/> were freed: INVLPG reached only the loaded domain's entries, so
        /// any other must flush at its next load. Interrupts off.</summary>
        internal static void PagesFreed(ushort owner)
        {
            if (!PcidEnabled || owner < MemoryOwner.FirstDomain || owner >= MaxDomains || s_byOwner[owner] is not AddressSpace space) return;
            MarkFlushPending(owner, exceptHere: (Cpu.ReadCr3() & AddressMask) == (space.Cr3 & AddressMask));
            // A processor that has the domain loaded now flushes it at once (the domain's threads run there).
            if (Smp.Processors.ThreadsOnAll) Threading.Scheduler.FlushDomainElsewhere(space.Cr3);
        }

        /// <summary>Entries of <paramref name="owner"/>'s pages lost rights (DemandMapping.WriteProtect): as for freed
        /// pages, a domain not loaded drops its cached translations at its next load. Interrupts off.</summary>
        internal static void PagesRestricted(ushort owner) => PagesFreed(owner);

        public static int Live => s_live;

        /// <summary>Records the kernel's address space (the boot page tables, with RAM in 4 KiB tables) as the model
        /// every domain copies. Called once, after DemandMapping and chunk ownership are on.</summary>
        public static void InitializeKernelSpace()
        {
            s_kernelCr3 = Cpu.ReadCr3() & AddressMask;
            // PCIDs keep each domain's TLB entries across switches; pcid=off measures without them.
            // handles=mmu turns them off: its windows' pages change under every domain, and INVLPG reaches only the
            // current PCID's entries.
            if (CpuInfo.HasPcid && Boot.KernelOptions.Get("pcid") != "off" && Abi.HandleLookup.Kind != Abi.HandleLookupKind.Mmu)
            {
                Cpu.WriteCr4(Cpu.ReadCr4() | Cr4Pcide);
                PcidEnabled = true;
            }
            s_kernelDirectoryEntries = (ulong*)PageAllocator.Allocate(DirectoryEntries * 8 / PageAllocator.PageSize);
            if (s_kernelDirectoryEntries == null) Diagnostics.Panic.Halt("domains: no room for the kernel's directory copy");
            ulong* pml4 = (ulong*)s_kernelCr3;
            ulong* pdpt = (ulong*)(pml4[0] & AddressMask);
            for (ulong i = 0; i < DirectoryEntries; i++)
            {
                ulong pdptEntry = pdpt[i / 512];
                s_kernelDirectoryEntries[i] = (pdptEntry & Present) == 0 ? 0 : ((ulong*)(pdptEntry & AddressMask))[i % 512];
            }
        }

        private AddressSpace(ushort owner, byte* tables, ulong* directory, string name, bool user)
        {
            User = user;
            Owner = owner;
            _tables = tables;
            Cr3 = (ulong)tables | (PcidEnabled ? owner : 0UL);
            _directory = directory;
            Name = name;
        }

        /// <summary>A new, empty domain: the kernel's chunks are mapped, no other. Null when there is no room (the
        /// domain table is full or memory is out).</summary>
        public static AddressSpace Create(string name) => Create(name, user: false);

        /// <summary>As <see cref="Create(string)"/>; a <paramref name="user"/> domain runs its code in ring 3.</summary>
        public static AddressSpace Create(string name, bool user) => Create(name, user, null);

        /// <summary>As above, held by <paramref name="holder"/> (KernelProcess.HeldDomain) from the moment it exists.</summary>
        public static AddressSpace Create(string name, bool user, Processes.KernelProcess holder)
        {
            byte* tables = (byte*)PageAllocator.Allocate(TablePages);
            if (tables == null) return null;
            ulong* pml4 = (ulong*)tables;
            ulong* pdpt = (ulong*)(tables + PageAllocator.PageSize);
            ulong* directory = (ulong*)(tables + 2 * PageAllocator.PageSize);
            ulong* kernelPml4 = (ulong*)s_kernelCr3;
            for (int i = 1; i < 512; i++) pml4[i] = kernelPml4[i];
            // The user bit on the upper levels grants nothing by itself: only the domain's own directory entries and
            // page entries carry it too.
            ulong upper = Present | Writable | (user ? UserBit : 0);
            pml4[0] = (ulong)pdpt | upper;
            for (ulong i = 0; i < 4; i++) pdpt[i] = ((ulong)directory + i * PageAllocator.PageSize) | upper;

            ulong flags = Threading.Scheduler.DisableInterrupts();   // chunk owners must not change while copied
            ushort owner = 0;
            for (int i = MemoryOwner.FirstDomain; i < MaxDomains && owner == 0; i++)
                if (s_byOwner[i] == null) owner = (ushort)i;
            if (owner == 0)
            {
                Threading.Scheduler.RestoreInterrupts(flags);
                PageAllocator.Free(tables, TablePages);
                return null;
            }
            ulong ramChunks = PageAllocator.ChunkCount;
            for (ulong i = 0; i < DirectoryEntries; i++)
            {
                // Beyond RAM (device memory) every domain keeps the kernel's mapping; RAM only by chunk owner.
                bool visible = i >= ramChunks || PageAllocator.ChunkOwner(i) == MemoryOwner.Kernel;
                directory[i] = visible ? s_kernelDirectoryEntries[i] : 0;
            }
            var space = new AddressSpace(owner, tables, directory, name, user);
            s_byOwner[owner] = space;
            MarkFlushPending(owner);   // the PCID may hold entries of an earlier domain with the same number
            if (holder != null) holder.HeldDomain = space;
            s_live++;
            Threading.Scheduler.RestoreInterrupts(flags);
            return space;
        }

        /// <summary>The domain is no longer used by any process: its tables go back once its last chunk does (its
        /// exited threads' stacks are freed only after the switch away from them).</summary>
        public void Retire()
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            _dying = true;
            s_dying++;
            Threading.Scheduler.RestoreInterrupts(flags);
            Threading.Scheduler.FreePooledStacks(Owner);
            PageAllocator.ReleaseEmptyChunks(Owner);
            flags = Threading.Scheduler.DisableInterrupts();
            bool empty = !OwnsAnyChunk();
            Threading.Scheduler.RestoreInterrupts(flags);
            if (empty) Destroy();
        }

        private bool OwnsAnyChunk()
        {
            for (ulong c = 0; c < PageAllocator.ChunkCount; c++) if (PageAllocator.ChunkOwner(c) == Owner) return true;
            return false;
        }

        private void Destroy()
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            if (s_byOwner[Owner] != this)
            {
                Threading.Scheduler.RestoreInterrupts(flags);
                return;
            }
            ReleaseTransferTables(all: true);
            s_byOwner[Owner] = null;
            s_live--;
            if (_dying) s_dying--;
            Threading.Scheduler.RestoreInterrupts(flags);
            PageAllocator.Free(_tables, TablePages);
        }

        /// <summary>A chunk was given to <paramref name="owner"/>: the kernel's appear in every domain, a domain's in
        /// its own. Making an entry present needs no TLB invalidation. Interrupts off.</summary>
        internal static void ChunkClaimed(ulong chunk, ushort owner)
        {
            if (s_kernelDirectoryEntries == null) return;
            if (owner == MemoryOwner.Kernel)
            {
                for (int i = MemoryOwner.FirstDomain; i < MaxDomains; i++)
                    if (s_byOwner[i] is AddressSpace space) space._directory[chunk] = s_kernelDirectoryEntries[chunk];
            }
            else if (owner < MaxDomains && s_byOwner[owner] is AddressSpace own)
                own._directory[chunk] = s_kernelDirectoryEntries[chunk] | (own.User ? UserBit : 0);
        }

        /// <summary>A domain's chunk became empty and unassigned: it leaves the domain's address space. Its pages were
        /// unmapped (and invalidated) as they were freed; INVLPG also drops the cached directory entry when the
        /// domain is the one loaded. Without PCIDs, other domains' caches go at their next CR3 load. Interrupts off.</summary>
        internal static void ChunkReleased(ulong chunk, ushort owner)
        {
            if (owner == MemoryOwner.Transfer)
            {
                DropTransferTables(chunk);
                return;
            }
            if (owner < MemoryOwner.FirstDomain || owner >= MaxDomains || s_byOwner[owner] is not AddressSpace space) return;
            space._directory[chunk] = 0;
            if (Cpu.ReadCr3() == space.Cr3) Cpu.InvalidatePage(chunk * PageAllocator.PagesPerChunk * PageAllocator.PageSize);
            if (Smp.Processors.ThreadsOnAll) Threading.Scheduler.FlushDomainElsewhere(space.Cr3);
        }

        // ---- Transfer tables: pages that change hands between domains (exchange blocks of a page or more) ----
        // A transfer chunk (MemoryOwner.Transfer) is mapped in a domain through a page table of the domain's own,
        // made when the domain first holds a page there: its directory entry points at that table, not at the
        // chunk's slice of DemandMapping's shared table, so a page can be present here and absent everywhere else.

        /// <summary>Pages held as transfer tables by all domains (tests check that they come back).</summary>
        internal static ulong TransferTablePages { get; private set; }

        /// <summary>The domain numbered <paramref name="owner"/>, or null.</summary>
        internal static AddressSpace OfOwner(ushort owner) =>
            owner >= MemoryOwner.FirstDomain && owner < MaxDomains ? s_byOwner[owner] : null;

        /// <summary>Makes sure this domain has its transfer tables for pages [first, first+count) (transfer chunks);
        /// false when memory is short (nothing is then mapped). Interrupts off.</summary>
        internal bool EnsureTransferTables(ulong first, ulong count)
        {
            for (ulong c = first / PageAllocator.PagesPerChunk; c <= (first + count - 1) / PageAllocator.PagesPerChunk; c++)
            {
                if ((_directory[c] & Present) != 0) continue;
                ulong* table = (ulong*)PageAllocator.Allocate(1, true, MemoryOwner.Kernel);
                if (table == null) return false;
                TransferTablePages++;
                _transferTables++;
                // A not-present directory entry is never cached: making it present needs no invalidation.
                _directory[c] = (ulong)table | Present | Writable | (User ? UserBit : 0);
            }
            return true;
        }

        /// <summary>Maps pages [first, first+count) of a transfer chunk in this domain (tables ensured): the first
        /// <paramref name="supervisorPages"/> for the kernel only (a block's header), the rest for ring 3 too when the
        /// domain runs there. Interrupts off.</summary>
        internal void MapTransfer(ulong first, ulong count, ulong supervisorPages)
        {
            for (ulong p = first; p < first + count; p++)
            {
                ulong* table = (ulong*)(_directory[p / PageAllocator.PagesPerChunk] & AddressMask);
                ulong user = p - first >= supervisorPages && User ? UserBit : 0;
                table[p % PageAllocator.PagesPerChunk] = p * PageAllocator.PageSize | Present | Writable | user;
            }
        }

        /// <summary>Takes pages [first, first+count) of a transfer chunk out of this domain: from the moment this
        /// returns no thread of the domain reaches them. The loaded domain's translations are dropped page by page;
        /// another domain's go at its next load (a CR3 load without PCIDs, the pending flush with them). One CPU:
        /// with several, every CPU running this domain would need the same (a shootdown) before the pages move on.
        /// Interrupts off.</summary>
        internal void UnmapTransfer(ulong first, ulong count)
        {
            bool loaded = Cpu.ReadCr3() == Cr3;
            for (ulong p = first; p < first + count; p++)
            {
                ulong entry = _directory[p / PageAllocator.PagesPerChunk];
                if ((entry & Present) == 0) continue;
                ((ulong*)(entry & AddressMask))[p % PageAllocator.PagesPerChunk] = 0;
                if (loaded) Cpu.InvalidatePage(p * PageAllocator.PageSize);
            }
            if (!loaded) MarkFlushPending(Owner);
        }

        /// <summary>An empty transfer chunk went back to the unassigned pool: every domain's table for it (empty: its
        /// pages were unmapped as they were freed) goes, so whoever claims the chunk next finds no trace of it. The
        /// table's cached directory entry goes with a flush of the loaded domain, or at another's next load. Interrupts off.</summary>
        private static void DropTransferTables(ulong chunk)
        {
            for (int i = MemoryOwner.FirstDomain; i < MaxDomains; i++)
            {
                if (s_byOwner[i] is not AddressSpace space || (space._directory[chunk] & Present) == 0) continue;
                ulong* table = (ulong*)(space._directory[chunk] & AddressMask);
                space._directory[chunk] = 0;
                space._transferTables--;
                TransferTablePages--;
                PageAllocator.Free(table, 1);
                if (Cpu.ReadCr3() == space.Cr3) Cpu.WriteCr3(Cpu.ReadCr3());
                else MarkFlushPending(space.Owner);
            }
        }

        /// <summary>Whether this domain maps the transfer-chunk page at <paramref name="address"/> (a block's header:
        /// then the block lies in this domain). Reads this domain's tables, whichever space is loaded.</summary>
        internal bool MapsTransferPage(ulong address)
        {
            ulong c = address / PageAllocator.PageSize / PageAllocator.PagesPerChunk;
            if (c >= DirectoryEntries || (_directory[c] & Present) == 0) return false;
            ulong* table = (ulong*)(_directory[c] & AddressMask);
            return (table[address / PageAllocator.PageSize % PageAllocator.PagesPerChunk] & Present) != 0;
        }

        /// <summary>Frees the transfer tables that map nothing any more (the domain's process is gone, or its domain is
        /// pooled with its image). A table still mapping a page is kept, unless <paramref name="all"/> (the domain is
        /// being destroyed). Interrupts off.</summary>
        internal void ReleaseTransferTables(bool all = false)
        {
            if (_transferTables == 0) return;
            bool dropped = false;
            for (ulong c = 0; c < PageAllocator.ChunkCount; c++)
            {
                if (PageAllocator.ChunkOwner(c) != MemoryOwner.Transfer || (_directory[c] & Present) == 0) continue;
                ulong* table = (ulong*)(_directory[c] & AddressMask);
                bool empty = true;
                for (ulong i = 0; i < PageAllocator.PagesPerChunk && empty && !all; i++) empty = table[i] == 0;
                if (!empty) continue;
                _directory[c] = 0;
                PageAllocator.Free(table, 1);
                TransferTablePages--;
                _transferTables--;
                dropped = true;
            }
            if (!dropped) return;
            if (Cpu.ReadCr3() == Cr3) Cpu.WriteCr3(Cpu.ReadCr3());   // cached directory entries of the loaded domain
            else MarkFlushPending(Owner);
        }

        /// <summary>Whether pages of <paramref name="owner"/> belong to a ring-3 domain (they are mapped with the user bit).</summary>
        internal static bool IsUserOwner(ushort owner) =>
            owner >= MemoryOwner.FirstDomain && owner < MaxDomains && s_byOwner[owner] is AddressSpace space && space.User;

        /// <summary>Whether the domain of <paramref name="owner"/> is retired (its chunks go back as they empty).</summary>
        internal static bool IsRetiring(ushort owner) =>
            owner >= MemoryOwner.FirstDomain && owner < MaxDomains && s_byOwner[owner] is AddressSpace space && space._dying;

        // Retired domains not yet destroyed (they still owned chunks: the stacks of their last threads).
        private static int s_dying;

        /// <summary>Frees the tables of retired domains that own no chunk any more and are not loaded. The scheduler
        /// calls it after reaping finished threads, whose stacks were a domain's last pages.</summary>
        public static void DestroyRetired()
        {
            if (s_dying == 0) return;
            for (int i = MemoryOwner.FirstDomain; i < MaxDomains; i++)
            {
                AddressSpace space = s_byOwner[i];
                if (space == null || !space._dying || Threading.Scheduler.IsLoadedAnywhere(space.Cr3)) continue;
                ulong flags = Threading.Scheduler.DisableInterrupts();
                bool empty = !space.OwnsAnyChunk();
                Threading.Scheduler.RestoreInterrupts(flags);
                if (empty) space.Destroy();
            }
        }
    }
}

using System;
using System.Collections.Generic;
using Sing.Kernel.Memory;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Processes
{
    /// <summary>Loaded copies of installed images kept after their processes exit, so that the next process of the
    /// same image reuses one: only its writable pages are reloaded (<see cref="ElfImage.Reload"/>), its code pages
    /// are never written again. SIP-Phys has one address space and PIE code reaches its data RIP-relative, so code
    /// cannot be shared between live processes; reusing whole copies is the next best thing. Besides saving the
    /// copy and relocation work, it keeps the code at the same physical pages, where an emulator (QEMU TCG) keeps
    /// its translations instead of retranslating the image at every process creation. A ring-3 copy's code and
    /// read-only data are write-protected once loaded (ProcessManager), so what the next process runs is what the
    /// image file holds, whatever the previous one did. The pool is bounded, its
    /// pages are counted apart (<see cref="PooledPages"/>), and it is drained when memory runs short.</summary>
    internal static unsafe class ImagePool
    {
        private struct Copy
        {
            public byte* File;               // the boot-image file it was loaded from
            public ElfImage.Loaded Image;
            public ushort Owner;             // whose chunks hold it (Memory.MemoryOwner): only that owner may reuse it
            public Domains.AddressSpace Space; // the exited process's own domain, kept with the copy (HIP-R0-S)
        }

        /// <summary>Copies kept per image: one serves a create/exit loop, a second a program that runs its own image.</summary>
        public const int CopiesPerImage = 2;

        private static readonly Dictionary<string, List<Copy>> s_copies = new Dictionary<string, List<Copy>>();

        /// <summary>Pages held by pooled copies, with the page tables of the domains they keep: allocated, but owned
        /// by no process.</summary>
        public static ulong PooledPages { get; private set; }

        /// <summary>At most 1/64 of memory stays pooled.</summary>
        private static ulong PageLimit => PageAllocator.TotalPages / 64;

        /// <summary>Takes a pooled copy of <paramref name="image"/> loaded from <paramref name="file"/> and reloads
        /// its writable pages; false when there is none.</summary>
        public static bool TryTake(string image, byte* file, KernelProcess holder, out ElfImage.Loaded loaded) =>
            TryTake(image, file, holder, MemoryOwner.Kernel, out loaded);

        /// <summary>As above, for a process whose pages belong to <paramref name="owner"/>: with hardware domains a
        /// copy lies in its owner's chunks, so only a process of the same (shared) domain may reuse it.</summary>
        public static bool TryTake(string image, byte* file, KernelProcess holder, ushort owner, out ElfImage.Loaded loaded)
        {
            loaded = default;
            // The list is made here, outside Return (which runs with interrupts off during termination).
            if (!s_copies.TryGetValue(image, out List<Copy> copies))
            {
                copies = new List<Copy>(CopiesPerImage);
                s_copies[image] = copies;
            }
            bool found = false;
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = copies.Count - 1; i >= 0 && !found; i--)
            {
                if (copies[i].File != file || copies[i].Owner != owner || copies[i].Space != null) continue;
                loaded = copies[i].Image;
                copies.RemoveAt(i);
                PooledPages -= loaded.Pages;
                found = true;
                holder?.Hold(loaded.Base, loaded.Pages);   // in the same step: see KernelProcess.Hold
            }
            Scheduler.RestoreInterrupts(flags);
            if (found) Reload(file, loaded);
            return found;
        }

        /// <summary>Takes a pooled copy of <paramref name="image"/> together with the domain of its own that it lies in
        /// (HIP-R0-S, HIP-R3-S, a policy's own domain), one that runs in ring 3 exactly when <paramref name="user"/>:
        /// the new process adopts the domain. False when there is none.</summary>
        public static bool TryTakeWithDomain(string image, byte* file, KernelProcess holder, bool user, out ElfImage.Loaded loaded, out Domains.AddressSpace space)
        {
            loaded = default;
            space = null;
            if (!s_copies.TryGetValue(image, out List<Copy> copies)) return false;
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = copies.Count - 1; i >= 0 && space == null; i--)
            {
                if (copies[i].File != file || copies[i].Space == null || copies[i].Space.User != user) continue;
                loaded = copies[i].Image;
                space = copies[i].Space;
                PooledPages -= PagesOf(copies[i]);
                copies.RemoveAt(i);
                holder?.Hold(loaded.Base, loaded.Pages);
                if (holder != null) holder.HeldDomain = space;
            }
            Scheduler.RestoreInterrupts(flags);
            if (space != null) Reload(file, loaded);
            return space != null;
        }

        /// <summary>Keeps the copy of an exited process, or frees it when the pool for its image or the pool as a
        /// whole is full.</summary>
        public static void Return(string image, byte* file, in ElfImage.Loaded loaded) => Return(image, file, loaded, MemoryOwner.Kernel, null);

        /// <summary>As above, for a copy in <paramref name="owner"/>'s chunks. A copy in a domain of the exited process's
        /// own (<paramref name="ownDomain"/>) keeps that domain alive with it; returns whether it did (else the caller
        /// retires the domain).</summary>
        public static bool Return(string image, byte* file, in ElfImage.Loaded loaded, ushort owner, Domains.AddressSpace ownDomain)
        {
            ulong flags = Scheduler.DisableInterrupts();
            bool kept = false;
            if (s_copies.TryGetValue(image, out List<Copy> copies) && copies.Count < CopiesPerImage && PooledPages + loaded.Pages <= PageLimit)
            {
                var copy = new Copy { File = file, Image = loaded, Owner = owner, Space = ownDomain };
                copies.Add(copy);
                PooledPages += PagesOf(copy);
                kept = true;
            }
            Scheduler.RestoreInterrupts(flags);
            if (!kept) Discard(loaded);
            return kept && ownDomain != null;
        }

        // Each pooled copy's writable pages as they are right after loading (copied, relocated for that copy's address),
        // by the copy's base: made at the copy's first reuse, so later reuses copy them back instead of copying the
        // file's segments and applying every relocation again (most of what creating a process cost). Counted with
        // the pool's pages; they go when their copy's pages do.
        private static readonly Dictionary<ulong, Pristine> s_pristine = new Dictionary<ulong, Pristine>();

        private struct Pristine
        {
            public byte* Pages;
            public ulong Count;
        }

        /// <summary>Pages of pristine copies (part of <see cref="PooledPages"/>).</summary>
        public static ulong PristinePages { get; private set; }

        private static ulong PristinePagesOf(in ElfImage.Loaded loaded) => loaded.Pages - loaded.WritableOffset / PageAllocator.PageSize;

        private static void Reload(byte* file, in ElfImage.Loaded loaded)
        {
            byte* writable = loaded.Base + loaded.WritableOffset;
            ulong pages = PristinePagesOf(loaded), bytes = pages * PageAllocator.PageSize;
            ulong flags = Scheduler.DisableInterrupts();
            bool known = s_pristine.TryGetValue((ulong)loaded.Base, out Pristine pristine);
            Scheduler.RestoreInterrupts(flags);
            if (known)
            {
                Buffer.Memmove(writable, pristine.Pages, (nuint)bytes);
                return;
            }
            ElfImage.Reload(file, loaded);
            // Taken, filled and recorded in one step: the creating thread can be ended at any point where interrupts
            // are on (its process killed), and pages taken but not yet recorded would be lost.
            flags = Scheduler.DisableInterrupts();
            byte* copy = PooledPages + pages > PageLimit ? null : (byte*)PageAllocator.Allocate(pages, zero: false);
            if (copy != null)
            {
                Buffer.Memmove(copy, writable, (nuint)bytes);
                s_pristine[(ulong)loaded.Base] = new Pristine { Pages = copy, Count = pages };
                PooledPages += pages;
                PristinePages += pages;
            }
            Scheduler.RestoreInterrupts(flags);
        }

        private static void DropPristine(byte* imageBase)
        {
            ulong flags = Scheduler.DisableInterrupts();
            if (s_pristine.Remove((ulong)imageBase, out Pristine pristine))
            {
                PageAllocator.Free(pristine.Pages, pristine.Count);
                PooledPages -= pristine.Count;
                PristinePages -= pristine.Count;
            }
            Scheduler.RestoreInterrupts(flags);
        }

        /// <summary>What one kept copy counts in <see cref="PooledPages"/> (its pristine pages apart): its pages and the
        /// tables of the domain it keeps.</summary>
        private static ulong PagesOf(in Copy copy) => copy.Image.Pages + (copy.Space != null ? Domains.AddressSpace.TablePages : 0);

        /// <summary>Pages pooled for <paramref name="image"/>: its kept copies, the tables of the domains they keep and
        /// their pristine pages (what <see cref="PooledPages"/> holds for that image alone).</summary>
        public static ulong PooledPagesOf(string image)
        {
            ulong pages = 0;
            ulong flags = Scheduler.DisableInterrupts();
            if (s_copies.TryGetValue(image, out List<Copy> copies))
                for (int i = 0; i < copies.Count; i++)
                {
                    pages += PagesOf(copies[i]);
                    if (s_pristine.TryGetValue((ulong)copies[i].Image.Base, out Pristine pristine)) pages += pristine.Count;
                }
            Scheduler.RestoreInterrupts(flags);
            return pages;
        }

        /// <summary>Frees a loaded copy that is not kept (with its pristine pages, if it had them).</summary>
        public static void Discard(in ElfImage.Loaded loaded)
        {
            DropPristine(loaded.Base);
            PageAllocator.Free(loaded.Base, loaded.Pages);
        }

        /// <summary>Frees every pooled copy of <paramref name="image"/> (its file is being replaced).</summary>
        public static void Forget(string image)
        {
            if (s_copies.TryGetValue(image, out List<Copy> copies)) Release(copies);
        }

        /// <summary>Frees every pooled copy; returns the number of pages given back. Called when an allocation for
        /// a process finds no memory.</summary>
        public static ulong Drain()
        {
            ulong before = PooledPages;
            foreach (var entry in s_copies) Release(entry.Value);
            return before - PooledPages;
        }

        private static void Release(List<Copy> copies)
        {
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = 0; i < copies.Count; i++)
            {
                DropPristine(copies[i].Image.Base);
                PageAllocator.Free(copies[i].Image.Base, copies[i].Image.Pages);
                PooledPages -= PagesOf(copies[i]);
            }
            var spaces = new List<Domains.AddressSpace>();
            for (int i = 0; i < copies.Count; i++) if (copies[i].Space != null) spaces.Add(copies[i].Space);
            copies.Clear();
            Scheduler.RestoreInterrupts(flags);
            for (int i = 0; i < spaces.Count; i++) spaces[i].Retire();
        }
    }
}

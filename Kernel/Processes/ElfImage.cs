using System;
using Singularity.V1;

namespace Sing.Kernel.Processes
{
    /// <summary>Loads a SIP image: an ELF64 x86-64 position-independent executable with only
    /// R_X86_64_RELATIVE dynamic relocations and an ABI marker section. Every check names what is wrong; a
    /// rejected image leaves nothing allocated.</summary>
    internal static unsafe class ElfImage
    {
        private const uint PT_LOAD = 1, PT_DYNAMIC = 2;
        private const long DT_NULL = 0, DT_RELA = 7, DT_RELASZ = 8, DT_RELAENT = 9;
        private const uint R_X86_64_RELATIVE = 8;
        private const ushort ET_DYN = 3, EM_X86_64 = 62;

        public struct Loaded
        {
            public byte* Base;
            public ulong Pages;
            public ulong Entry;
            public uint AbiVersion;
            /// <summary>Page-aligned offset of the first writable section: everything below (code, read-only data)
            /// is never written after loading, so a reused copy only reloads from here on.</summary>
            public ulong WritableOffset;
        }

        /// <summary>Validates and loads <paramref name="file"/>; on failure returns the reason and allocates nothing.</summary>
        public static string TryLoad(byte* file, ulong size, out Loaded loaded) => TryLoad(file, size, null, out loaded);

        /// <summary>As <see cref="TryLoad(byte*, ulong, out Loaded)"/>; the copy's pages are held by
        /// <paramref name="holder"/> from the moment they are taken (see KernelProcess.Hold).</summary>
        public static string TryLoad(byte* file, ulong size, KernelProcess holder, out Loaded loaded) =>
            TryLoad(file, size, holder, Memory.MemoryOwner.Kernel, out loaded);

        /// <summary>As above, the copy's pages taken for <paramref name="owner"/> (the new process's domain).</summary>
        public static string TryLoad(byte* file, ulong size, KernelProcess holder, ushort owner, out Loaded loaded)
        {
            loaded = default;
            if (size < 64 || file[0] != 0x7F || file[1] != 'E' || file[2] != 'L' || file[3] != 'F')
                return "not an ELF file (bad magic)";
            if (file[4] != 2 || file[5] != 1) return "not a 64-bit little-endian ELF file";
            if (*(ushort*)(file + 16) != ET_DYN) return "not a position-independent executable (ELF type must be DYN)";
            if (*(ushort*)(file + 18) != EM_X86_64) return "not an x86-64 image";
            ulong entry = *(ulong*)(file + 24);
            ulong phoff = *(ulong*)(file + 32);
            ulong shoff = *(ulong*)(file + 40);
            ushort phentsize = *(ushort*)(file + 54), phnum = *(ushort*)(file + 56);
            ushort shentsize = *(ushort*)(file + 58), shnum = *(ushort*)(file + 60), shstrndx = *(ushort*)(file + 62);
            if (phoff + (ulong)phentsize * phnum > size || phentsize < 56) return "program headers lie outside the file";

            // Extent of the loadable segments.
            ulong span = 0;
            bool anyLoad = false;
            for (int i = 0; i < phnum; i++)
            {
                byte* ph = file + phoff + (ulong)i * phentsize;
                if (*(uint*)ph != PT_LOAD) continue;
                anyLoad = true;
                ulong offset = *(ulong*)(ph + 8), vaddr = *(ulong*)(ph + 16), filesz = *(ulong*)(ph + 32), memsz = *(ulong*)(ph + 40);
                if (offset + filesz > size) return "a loadable segment lies outside the file";
                if (filesz > memsz) return "a segment's file size exceeds its memory size";
                if (vaddr + memsz > span) span = vaddr + memsz;
            }
            if (!anyLoad) return "no loadable segment";
            if (entry >= span) return "the entry point lies outside the image";
            if (span > 256UL << 20) return "image larger than 256 MiB";

            ulong markerAddress = FindSection(file, size, shoff, shentsize, shnum, shstrndx, ".singularity");
            if (markerAddress == ulong.MaxValue) return "no .singularity section (not built as a Singularity SIP)";
            if (markerAddress + (ulong)sizeof(AbiImageMarker) > span) return "the ABI marker lies outside the image";

            ulong pages = (span + Memory.PageAllocator.PageSize - 1) / Memory.PageAllocator.PageSize;
            // Not zeroed up front: the segments are copied in and only the bytes no segment provides are cleared.
            byte* image = Take(pages, holder, owner);
            // Pooled copies of exited processes' images are the first memory to give back.
            if (image == null && ImagePool.Drain() > 0) image = Take(pages, holder, owner);
            if (image == null) return "not enough memory for the image";

            CopySegments(file, phoff, phentsize, phnum, image, 0, pages * Memory.PageAllocator.PageSize);
            AbiImageMarker* marker = (AbiImageMarker*)(image + markerAddress);
            string error = null;
            if (marker->MagicValue != AbiImageMarker.Magic) error = "the ABI marker is damaged";
            else error = ApplyRelocations(file, phoff, phentsize, phnum, image, span, 0, validate: true);
            if (error != null)
            {
                holder?.Unhold(image);
                Memory.PageAllocator.Free(image, pages);
                return error;
            }
            loaded.Base = image;
            loaded.Pages = pages;
            loaded.Entry = (ulong)image + entry;
            loaded.AbiVersion = marker->AbiVersion;
            loaded.WritableOffset = FirstWritableAddress(file, shoff, shentsize, shnum, span) & ~(Memory.PageAllocator.PageSize - 1);
            return null;
        }

        private static byte* Take(ulong pages, KernelProcess holder, ushort owner)
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            byte* image = (byte*)Memory.PageAllocator.Allocate(pages, zero: false, owner);
            if (image != null) holder?.Hold(image, pages);
            Threading.Scheduler.RestoreInterrupts(flags);
            return image;
        }

        /// <summary>Returns a copy loaded earlier by <see cref="TryLoad"/> from the same file to its state right
        /// after loading, rewriting only its writable pages: the code pages keep their bytes, so the emulator's
        /// translations of them stay valid. The file was validated when the copy was first loaded.</summary>
        public static void Reload(byte* file, in Loaded loaded)
        {
            ulong phoff = *(ulong*)(file + 32);
            ushort phentsize = *(ushort*)(file + 54), phnum = *(ushort*)(file + 56);
            ulong total = loaded.Pages * Memory.PageAllocator.PageSize;
            CopySegments(file, phoff, phentsize, phnum, loaded.Base, loaded.WritableOffset, total);
            ApplyRelocations(file, phoff, phentsize, phnum, loaded.Base, total, loaded.WritableOffset, validate: false);
        }

        /// <summary>Writes the image bytes in [from, total): segment contents from the file, zeros elsewhere.</summary>
        private static void CopySegments(byte* file, ulong phoff, ushort phentsize, ushort phnum, byte* image, ulong from, ulong total)
        {
            ulong filled = from;
            for (int i = 0; i < phnum; i++)
            {
                byte* ph = file + phoff + (ulong)i * phentsize;
                if (*(uint*)ph != PT_LOAD) continue;
                ulong offset = *(ulong*)(ph + 8), vaddr = *(ulong*)(ph + 16), filesz = *(ulong*)(ph + 32), memsz = *(ulong*)(ph + 40);
                if (vaddr + memsz <= from) continue;
                if (vaddr < from)
                {
                    // Only the part of the segment at or after the start of the range.
                    ulong skip = from - vaddr;
                    offset += skip;
                    filesz = filesz > skip ? filesz - skip : 0;
                    memsz -= skip;
                    vaddr = from;
                }
                if (vaddr > filled) Buffer.Fill(image + filled, 0, (nuint)(vaddr - filled));
                Buffer.Memmove(image + vaddr, file + offset, (nuint)filesz);
                Buffer.Fill(image + vaddr + filesz, 0, (nuint)(memsz - filesz));
                if (vaddr + memsz > filled) filled = vaddr + memsz;
            }
            if (filled < total) Buffer.Fill(image + filled, 0, (nuint)(total - filled));
        }

        /// <summary>The lowest address of an allocated, writable section (the span when there is none).</summary>
        private static ulong FirstWritableAddress(byte* file, ulong shoff, ushort shentsize, ushort shnum, ulong span)
        {
            const ulong SHF_WRITE = 1, SHF_ALLOC = 2;
            ulong lowest = span;
            for (int i = 0; i < shnum; i++)
            {
                byte* sh = file + shoff + (ulong)i * shentsize;
                ulong flags = *(ulong*)(sh + 8), address = *(ulong*)(sh + 16);
                if ((flags & (SHF_WRITE | SHF_ALLOC)) == (SHF_WRITE | SHF_ALLOC) && address < lowest) lowest = address;
            }
            return lowest;
        }

        /// <summary>Applies the relocations that target offsets at or after <paramref name="from"/>, after checking
        /// every entry when <paramref name="validate"/> (a reload uses a table checked at the first load).</summary>
        private static string ApplyRelocations(byte* file, ulong phoff, ushort phentsize, ushort phnum, byte* image, ulong span, ulong from, bool validate)
        {
            for (int i = 0; i < phnum; i++)
            {
                byte* ph = file + phoff + (ulong)i * phentsize;
                if (*(uint*)ph != PT_DYNAMIC) continue;
                long* dyn = (long*)(image + *(ulong*)(ph + 16));
                ulong rela = 0, relaSize = 0, relaEntry = 24;
                for (; dyn[0] != DT_NULL; dyn += 2)
                {
                    if (dyn[0] == DT_RELA) rela = (ulong)dyn[1];
                    else if (dyn[0] == DT_RELASZ) relaSize = (ulong)dyn[1];
                    else if (dyn[0] == DT_RELAENT) relaEntry = (ulong)dyn[1];
                }
                if (rela == 0) return null;
                if (rela + relaSize > span || relaEntry < 24 || relaEntry % 8 != 0) return "relocation table lies outside the image";
                for (ulong r = 0; validate && r < relaSize; r += relaEntry)
                {
                    ulong* entry = (ulong*)(image + rela + r);
                    if ((uint)entry[1] != R_X86_64_RELATIVE) return "unsupported relocation type (only R_X86_64_RELATIVE is allowed)";
                    if (entry[0] + 8 > span) return "a relocation targets memory outside the image";
                }
                // Checked: the loop that runs at every load only rebases.
                ulong stride = relaEntry / 8, target = (ulong)image;
                for (ulong* entry = (ulong*)(image + rela), end = (ulong*)(image + rela + relaSize); entry < end; entry += stride)
                    if (entry[0] >= from) *(ulong*)(image + entry[0]) = target + entry[2];
            }
            return null;
        }

        private static ulong FindSection(byte* file, ulong size, ulong shoff, ushort shentsize, ushort shnum, ushort shstrndx, string name)
        {
            if (shoff == 0 || shentsize < 64 || shoff + (ulong)shentsize * shnum > size || shstrndx >= shnum) return ulong.MaxValue;
            byte* strtab = file + *(ulong*)(file + shoff + (ulong)shstrndx * shentsize + 24);
            for (int i = 0; i < shnum; i++)
            {
                byte* sh = file + shoff + (ulong)i * shentsize;
                byte* sectionName = strtab + *(uint*)sh;
                if (sectionName < file || sectionName >= file + size) continue;
                if (Boot.CString.Equals(sectionName, name)) return *(ulong*)(sh + 16);
            }
            return ulong.MaxValue;
        }
    }
}

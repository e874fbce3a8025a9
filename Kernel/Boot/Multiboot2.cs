namespace Sing.Kernel.Boot
{
    /// <summary>One entry of the firmware memory map, as the boot loader reports it.</summary>
    internal struct MemoryRegion
    {
        public ulong Base;
        public ulong Length;
        public uint Type;

        public const uint Available = 1;
        public const uint AcpiReclaimable = 3;

        public readonly ulong End => Base + Length;
    }

    /// <summary>A file GRUB loaded next to the kernel (module2 in grub.cfg).</summary>
    internal unsafe struct BootModule
    {
        public byte* Start;
        public byte* End;
        public byte* CommandLine;

        public readonly ulong Size => (ulong)(End - Start);
    }

    /// <summary>Reader for the Multiboot2 boot information structure: a size-prefixed list of 8-byte-aligned tags.</summary>
    internal unsafe struct Multiboot2
    {
        public const uint BootMagic = 0x36d76289;

        private const uint TagEnd = 0, TagCommandLine = 1, TagBootLoaderName = 2, TagModule = 3, TagMemoryMap = 6,
            TagEfi64SystemTable = 12, TagAcpiOldRsdp = 14, TagAcpiNewRsdp = 15;

        public const int MaxRegions = 64;

        public byte* Info;
        public uint TotalSize;
        public byte* CommandLine;
        public byte* BootLoaderName;
        /// <summary>The boot loader's copy of the ACPI RSDP (the ACPI 2.0 one when it gave both), or null.</summary>
        public byte* AcpiRsdp;
        /// <summary>Whether UEFI firmware started the boot loader (it passed the EFI system table); else a BIOS did.</summary>
        public bool Uefi;
        public int RegionCount;
        public int ModuleCount;

        private fixed ulong _regionBase[MaxRegions];
        private fixed ulong _regionLength[MaxRegions];
        private fixed uint _regionType[MaxRegions];

        public static bool TryParse(ulong address, uint magic, out Multiboot2 result)
        {
            result = default;
            if (magic != BootMagic || address == 0) return false;
            result.Info = (byte*)address;
            result.TotalSize = *(uint*)address;
            byte* end = result.Info + result.TotalSize;
            for (byte* tag = result.Info + 8; tag + 8 <= end;)
            {
                uint type = *(uint*)tag;
                uint size = *(uint*)(tag + 4);
                if (type == TagEnd || size < 8) break;
                switch (type)
                {
                    case TagCommandLine: result.CommandLine = tag + 8; break;
                    case TagBootLoaderName: result.BootLoaderName = tag + 8; break;
                    case TagModule: result.AddModule(tag); break;
                    case TagMemoryMap: result.ReadMemoryMap(tag, size); break;
                    case TagAcpiNewRsdp: result.AcpiRsdp = tag + 8; break;
                    case TagEfi64SystemTable: result.Uefi = true; break;
                    case TagAcpiOldRsdp: if (result.AcpiRsdp == null) result.AcpiRsdp = tag + 8; break;
                }
                tag += (size + 7) & ~7u;
            }
            return true;
        }

        // Modules are counted here and read from their tags when asked for: no fixed table, so no limit on how many
        // programs (an image and a symbol file each) one boot image carries.
        private void AddModule(byte* tag) => ModuleCount++;

        private void ReadMemoryMap(byte* tag, uint size)
        {
            uint entrySize = *(uint*)(tag + 8);
            for (byte* entry = tag + 16; entry + entrySize <= tag + size && RegionCount < MaxRegions; entry += entrySize)
            {
                _regionBase[RegionCount] = *(ulong*)entry;
                _regionLength[RegionCount] = *(ulong*)(entry + 8);
                _regionType[RegionCount] = *(uint*)(entry + 16);
                RegionCount++;
            }
        }

        public readonly MemoryRegion GetRegion(int index) => new MemoryRegion
        {
            Base = _regionBase[index],
            Length = _regionLength[index],
            Type = _regionType[index],
        };

        public readonly BootModule GetModule(int index)
        {
            byte* end = Info + TotalSize;
            int seen = 0;
            for (byte* tag = Info + 8; tag + 8 <= end;)
            {
                uint type = *(uint*)tag;
                uint size = *(uint*)(tag + 4);
                if (type == TagEnd || size < 8) break;
                if (type == TagModule && seen++ == index)
                    return new BootModule { Start = (byte*)(ulong)*(uint*)(tag + 8), End = (byte*)(ulong)*(uint*)(tag + 12), CommandLine = tag + 16 };
                tag += (size + 7) & ~7u;
            }
            return default;
        }

        /// <summary>Finds the module whose command line (the words after the path in grub.cfg) equals <paramref name="name"/>.</summary>
        public readonly bool TryFindModule(string name, out BootModule module)
        {
            for (int i = 0; i < ModuleCount; i++)
            {
                module = GetModule(i);
                if (CString.Equals(module.CommandLine, name)) return true;
            }
            module = default;
            return false;
        }
    }

    /// <summary>Helpers for NUL-terminated ASCII strings handed over by the boot loader.</summary>
    internal static unsafe class CString
    {
        public static int Length(byte* s)
        {
            if (s == null) return 0;
            int n = 0;
            while (s[n] != 0) n++;
            return n;
        }

        public static bool Equals(byte* s, string value)
        {
            if (s == null) return false;
            int i = 0;
            for (; i < value.Length; i++)
                if (s[i] != value[i]) return false;
            return s[i] == 0;
        }

        public static string ToManaged(byte* s)
        {
            int n = Length(s);
            char* chars = stackalloc char[n + 1];
            for (int i = 0; i < n; i++) chars[i] = (char)s[i];
            return new string(chars, 0, n);
        }
    }
}

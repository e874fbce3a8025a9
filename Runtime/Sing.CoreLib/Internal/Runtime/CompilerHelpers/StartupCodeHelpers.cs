using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime.CompilerHelpers
{
    /// <summary>Brings an image's managed state to life before any managed code uses statics: allocates the
    /// objects that hold each type's GC statics (copying compile-time-initialized data), then runs the eager
    /// static constructors. ILC records both in the image's ReadyToRun header, which the linker script
    /// collects into the __modules section.</summary>
    public static unsafe class StartupCodeHelpers
    {
        private const uint ReadyToRunSignature = 0x00525452; // "RTR"
        private const int GCStaticRegion = 201;
        private const int EagerCctor = 205;
        private const int FrozenObjectRegion = 206;
        private const int HasEndPointer = 0x1;

        private const nint StaticUninitialized = 0x1;
        private const nint StaticHasPreInitializedData = 0x2;
        private const nint StaticFlagsMask = 0x3;

        public static int ModuleCount;

        /// <summary>ReadyToRun header of the first module (an image has one), for the tables read on demand.</summary>
        internal static byte* FirstModuleHeader;

        /// <summary>Initializes every module whose header pointer lies in [start, end).</summary>
        public static void InitializeModules(void** start, void** end)
        {
            Internal.Runtime.GC.GCHeap.Initialize();
            for (void** p = start; p < end; p++)
            {
                if (*p == null) continue;
                InitializeModule((byte*)*p);
                ModuleCount++;
            }
            Internal.Runtime.GC.GCHeap.PrepareOutOfMemory();
        }

        private static void InitializeModule(byte* header)
        {
            if (*(uint*)header != ReadyToRunSignature)
                RuntimeHost.Fail("module header has a bad ReadyToRun signature", null);
            if (FirstModuleHeader == null) FirstModuleHeader = header;

            int length;
            byte* statics = FindSection(header, GCStaticRegion, out length);
            if (statics != null)
            {
                InitializeGCStatics(statics, length);
                Internal.Runtime.GC.RootScanner.AddStaticRegion(statics, length);
            }
            byte* frozen = FindSection(header, FrozenObjectRegion, out length);
            if (frozen != null) Internal.Runtime.GC.RootScanner.AddFrozenRegion(frozen, length);

            byte* cctors = FindSection(header, EagerCctor, out length);
            if (cctors != null)
                for (byte* p = cctors; p < cctors + length; p += sizeof(int))
                    ((delegate*<void>)ReadRelativePointer(p))();
        }

        /// <summary>Header: signature, major/minor version, flags, section count, entry size, entry type;
        /// then rows of (section id, flags, start, end).</summary>
        internal static byte* FindSection(byte* header, int sectionId, out int length)
        {
            ushort count = *(ushort*)(header + 12);
            byte entrySize = header[14];
            byte* row = header + 16;
            for (int i = 0; i < count; i++, row += entrySize)
            {
                if (*(int*)row != sectionId) continue;
                byte* start = *(byte**)(row + 8);
                byte* end = *(byte**)(row + 16);
                length = (*(int*)(row + 4) & HasEndPointer) != 0 ? (int)(end - start) : 0;
                return start;
            }
            length = 0;
            return null;
        }

        private static void* ReadRelativePointer(byte* address) => address + *(int*)address;

        private static void InitializeGCStatics(byte* region, int length)
        {
            for (byte* entry = region; entry < region + length; entry += sizeof(int))
            {
                nint* slot = (nint*)ReadRelativePointer(entry);
                nint value = (nint)ReadRelativePointer((byte*)slot);
                if ((value & StaticUninitialized) == 0) continue;

                MethodTable* type = (MethodTable*)(value & ~StaticFlagsMask);
                object holder = ObjectAllocator.AllocateObject(type);
                if ((value & StaticHasPreInitializedData) != 0)
                {
                    byte* data = (byte*)ReadRelativePointer((byte*)slot + sizeof(int));
                    Buffer.Memmove((byte*)Unsafe.AsPointer(ref holder.GetRawData()), data, type->ValueTypeSize);
                }
                *slot = *(nint*)Unsafe.AsPointer(ref holder);
            }
        }
    }
}

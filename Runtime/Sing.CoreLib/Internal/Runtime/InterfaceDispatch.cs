using System;
using System.Runtime.InteropServices;

namespace Internal.Runtime
{
    /// <summary>Resolves interface calls. ILC emits one cell per call site: a stub pointer and a word that names
    /// the interface (relative pointer with tag bits) and, in the run's terminating cell, the slot. The resolver
    /// finds the implementation through the dispatch maps of the object's type and its base types, then gives
    /// the cell a one-entry cache (type, target) so that the next call with the same type costs one compare.</summary>
    internal static unsafe class InterfaceDispatch
    {
        private struct Cell
        {
            public nint Stub;
            public nint Cache;
        }

        /// <summary>What a cell's cache word points at once the cell has been resolved.</summary>
        private struct CacheEntry
        {
            public MethodTable* Type;
            public void* Target;
            public MethodTable* Interface;
            public nint Slot;
        }

        private const nint TagMask = 0x3;
        private const nint TagRelativePointer = 0x3;
        private const nint TagIndirectRelativePointer = 0x2;
        private const nint TagAbsolutePointer = 0x1;

        // Offsets of the optional MethodTable fields that follow the interface map. Each is a 32-bit
        // relative pointer in ILC's x64 output.
        private const uint HasDispatchMapFlag = 0x00040000;
        private const uint HasFinalizerFlag = 0x00100000;
        private const uint HasSealedVTableEntriesFlag = 0x00400000;

        public static ulong Resolutions;

        /// <summary>The target of an interface call through <paramref name="cell"/> on <paramref name="target"/>, for
        /// delegates bound to interface methods (no caching).</summary>
        internal static void* ResolveForDelegate(object target, nint cell)
        {
            if (target == null) throw new NullReferenceException();
            GetInterfaceAndSlot((Cell*)cell, out MethodTable* itf, out int slot);
            void* code = FindImplementation(target.m_pMethodTable, itf, slot);
            if (code == null) throw new EntryPointNotFoundException();
            return code;
        }

        [UnmanagedCallersOnly(EntryPoint = "sing_resolve_interface_call")]
        private static void* Resolve(nint thisPointer, Cell* cell)
        {
            MethodTable* type = *(MethodTable**)thisPointer;
            GetInterfaceAndSlot(cell, out MethodTable* itf, out int slot);
            void* target = FindImplementation(type, itf, slot);
            if (target == null) RuntimeHost.Fail("interface method has no implementation in the object's type", null);
            Resolutions++;

            // Cache the result in the cell (first resolution only; a polymorphic site keeps its first entry
            // and takes this slow path for other types). A cell made at run time starts with an entry for no type.
            if ((cell->Cache & TagMask) != 0 || ((CacheEntry*)cell->Cache)->Type == null)
            {
                CacheEntry* entry = (CacheEntry*)NativeArena.Allocate((nuint)sizeof(CacheEntry));
                if (entry != null)
                {
                    entry->Type = type;
                    entry->Target = target;
                    entry->Interface = itf;
                    entry->Slot = slot;
                    cell->Cache = (nint)entry;
                    cell->Stub = (nint)DispatchStubs.CachedStub;
                }
            }
            return target;
        }

        /// <summary>A cell for calls to slot <paramref name="slot"/> of <paramref name="itf"/>, for code whose interface
        /// type is known only at run time (a shared generic body's dictionary holds one). Its cache entry matches no
        /// type, so the first call resolves it and caches that call's type.</summary>
        internal static void* NewCell(MethodTable* itf, int slot)
        {
            // Made while building a dictionary: the resolver's allocation keeps other threads off the arena.
            Cell* cell = (Cell*)TypeLoader.GenericVirtualMethodResolver.Allocate((nuint)sizeof(Cell));
            CacheEntry* entry = (CacheEntry*)TypeLoader.GenericVirtualMethodResolver.Allocate((nuint)sizeof(CacheEntry));
            entry->Type = null;
            entry->Target = null;
            entry->Interface = itf;
            entry->Slot = slot;
            cell->Cache = (nint)entry;
            cell->Stub = (nint)DispatchStubs.CachedStub;
            return cell;
        }

        private static void GetInterfaceAndSlot(Cell* cell, out MethodTable* itf, out int slot)
        {
            nint cache = cell->Cache;
            if ((cache & TagMask) == 0)
            {
                CacheEntry* entry = (CacheEntry*)cache;
                itf = entry->Interface;
                slot = (int)entry->Slot;
                return;
            }
            Cell* terminator = cell;
            while (terminator->Stub != 0) terminator++;
            slot = (ushort)terminator->Cache;
            nint tag = cache & TagMask;
            if (tag == TagAbsolutePointer)
            {
                itf = (MethodTable*)(cache & ~TagMask);
                return;
            }
            nint target = ((nint)(&cell->Cache) + (int)cache) & ~TagMask;
            itf = tag == TagRelativePointer ? (MethodTable*)target : *(MethodTable**)target;
        }

        /// <summary>The code address implementing interface slot <paramref name="slot"/> of <paramref name="itf"/>
        /// for objects of type <paramref name="type"/>, or null.</summary>
        internal static void* FindImplementation(MethodTable* type, MethodTable* itf, int slot)
        {
            for (MethodTable* current = type; current != null; current = current->BaseType)
            {
                int interfaceIndex = IndexOfInterface(current, itf);
                if (interfaceIndex < 0) continue;
                int implSlot = FindImplSlot(current, interfaceIndex, slot);
                if (implSlot < 0) continue;
                if (implSlot < type->NumVtableSlots) return type->GetVirtualSlot(implSlot);
                return SealedVirtualSlot(current, implSlot - current->NumVtableSlots);
            }
            return null;
        }

        private static int IndexOfInterface(MethodTable* type, MethodTable* itf)
        {
            MethodTable** map = type->InterfaceMap;
            for (int i = 0; i < type->NumInterfaces; i++)
                if (map[i] == itf) return i;
            return GenericVariance.IndexOfAssignableInterface(type, itf);
        }

        /// <summary>Dispatch map: counts (standard, default, static standard, static default), then 6-byte
        /// entries (interface index, interface slot, implementation slot). Default entries follow standard ones.</summary>
        private static int FindImplSlot(MethodTable* type, int interfaceIndex, int slot)
        {
            byte* map = DispatchMap(type);
            if (map == null) return -1;
            int entries = *(ushort*)map + *(ushort*)(map + 2);
            ushort* entry = (ushort*)(map + 8);
            for (int i = 0; i < entries; i++, entry += 3)
                if (entry[0] == interfaceIndex && entry[1] == slot) return entry[2];
            return -1;
        }

        private static byte* OptionalFields(MethodTable* type) =>
            (byte*)type->InterfaceMap + type->NumInterfaces * sizeof(nint) + 2 * sizeof(int); // skip TypeManager, WritableData

        private static byte* DispatchMap(MethodTable* type)
        {
            if ((type->Flags & HasDispatchMapFlag) == 0) return null;
            byte* field = OptionalFields(type);
            return field + *(int*)field;
        }

        private static void* SealedVirtualSlot(MethodTable* type, int index)
        {
            if ((type->Flags & HasSealedVTableEntriesFlag) == 0) return null;
            byte* field = OptionalFields(type);
            if ((type->Flags & HasDispatchMapFlag) != 0) field += sizeof(int);
            if ((type->Flags & HasFinalizerFlag) != 0) field += sizeof(int);
            int* slots = (int*)(field + *(int*)field);
            return (byte*)&slots[index] + slots[index];
        }
    }

    /// <summary>Addresses of the assembly dispatch stubs.</summary>
    internal static unsafe class DispatchStubs
    {
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.InternalCall)]
        [System.Runtime.RuntimeImport("sing_cached_dispatch_stub_address")]
        private static extern void* CachedStubAddress();

        public static void* CachedStub => CachedStubAddress();
    }
}

using System;
using System.Runtime.CompilerServices;

namespace Internal.Runtime
{
    /// <summary>The object heap's allocator: bump allocation inside chunks obtained from the host.
    /// Objects are never freed yet (the collector arrives with the managed-runtime work); statistics are kept
    /// so callers can see what was allocated.</summary>
    public static unsafe class ObjectAllocator
    {
        private const nuint ChunkSize = 256 * 1024;

        private static byte* s_current;
        private static byte* s_limit;

        public static ulong BytesAllocated;
        public static ulong ObjectsAllocated;
        public static ulong ChunksReserved;

        /// <summary>Allocates zeroed storage of <paramref name="size"/> bytes (header word included) and returns
        /// the object address, which is 8 bytes past the start (the header word precedes the MethodTable).</summary>
        internal static byte* AllocateRaw(nuint size)
        {
            size = (size + 7) & ~(nuint)7;
            byte* start = s_current;
            if (start == null || (nuint)(s_limit - start) < size)
            {
                start = Refill(size);
            }
            s_current = start + size;
            BytesAllocated += size;
            ObjectsAllocated++;
            return start + sizeof(nint);
        }

        private static byte* Refill(nuint size)
        {
            nuint request = size > ChunkSize ? (size + 4095) & ~(nuint)4095 : ChunkSize;
            if (RuntimeHost.AllocateHeapMemory == null)
                RuntimeHost.Fail("object allocation before the runtime host installed a heap", null);
            byte* chunk = (byte*)RuntimeHost.AllocateHeapMemory(request);
            if (chunk == null)
                RuntimeHost.Fail("out of memory: the host could not supply heap memory", null);
            ChunksReserved++;
            // A large object gets a chunk of its own; the current chunk stays in use for small ones.
            if (size > ChunkSize) return chunk;
            s_limit = chunk + request;
            return chunk;
        }

        internal static object AllocateObject(MethodTable* type)
        {
            byte* obj = AllocateRaw(type->BaseSize);
            *(MethodTable**)obj = type;
            return Unsafe.AsRef<object>(&obj);
        }

        internal static object AllocateArray(MethodTable* type, int length)
        {
            if (length < 0) throw new OverflowException();
            ulong size = type->BaseSize + (ulong)length * type->ComponentSize;
            if (size > int.MaxValue) throw new OutOfMemoryException();
            byte* obj = AllocateRaw((nuint)size);
            *(MethodTable**)obj = type;
            *(int*)(obj + sizeof(nint)) = length;
            return Unsafe.AsRef<object>(&obj);
        }
    }
}

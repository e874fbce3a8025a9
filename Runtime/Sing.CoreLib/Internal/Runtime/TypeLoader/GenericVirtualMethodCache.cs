using System;
using System.Threading;

namespace Internal.Runtime.TypeLoader
{
    /// <summary>Resolved generic virtual method targets by (object type, method handle). Resolution scans the image's
    /// tables; after the first call of a pair, the call costs a hash and a short chain walk. Entries are never
    /// removed (code is sealed) and are published with a compare-exchange, so readers take no lock.</summary>
    internal static unsafe class GenericVirtualMethodCache
    {
        private struct Entry
        {
            public MethodTable* Type;
            public void* Handle;
            public nint Target;
            public Entry* Next;
        }

        private const int BucketCount = 256;
        private static nint s_buckets; // Entry*[BucketCount]

        public static ulong Misses;

        public static nint Lookup(MethodTable* type, void* handle)
        {
            Entry** buckets = (Entry**)s_buckets;
            if (buckets == null) return 0;
            for (Entry* e = buckets[Bucket(type, handle)]; e != null; e = e->Next)
                if (e->Type == type && e->Handle == handle) return e->Target;
            return 0;
        }

        public static void Add(MethodTable* type, void* handle, nint target)
        {
            Misses++;
            if (s_buckets == 0)
            {
                nint fresh = (nint)GenericVirtualMethodResolver.Allocate(BucketCount * (nuint)sizeof(nint));
                new Span<byte>((void*)fresh, BucketCount * sizeof(nint)).Clear();
                Interlocked.CompareExchange(ref s_buckets, fresh, 0);
            }
            var entry = (Entry*)GenericVirtualMethodResolver.Allocate((nuint)sizeof(Entry));
            entry->Type = type;
            entry->Handle = handle;
            entry->Target = target;
            ref nint head = ref ((nint*)s_buckets)[Bucket(type, handle)];
            do entry->Next = (Entry*)head;
            while (Interlocked.CompareExchange(ref head, (nint)entry, (nint)entry->Next) != (nint)entry->Next);
        }

        private static int Bucket(MethodTable* type, void* handle) =>
            (int)((((nuint)type >> 4) ^ ((nuint)handle >> 3)) & (BucketCount - 1));
    }
}

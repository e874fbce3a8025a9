using Singularity.V1;

namespace Sing.Kernel.Abi
{
    /// <summary>handles=hash: 003's comparison (§5.2), one hash table for all processes keyed by (process, handle).
    /// 1021 buckets (003's prime), the bucket of a key is (process number XOR slot) mod 1021 as 003 computes
    /// (asid XOR address) mod N; unlike 003's software TLB this is the only record of a handle, so a bucket chains its
    /// entries instead of overwriting on a collision.</summary>
    internal sealed class HashHandleTable : HandleTable
    {
        public const int Buckets = 1021;

        private sealed class Entry
        {
            public HashHandleTable Owner;
            public ulong Handle;
            public object Target;
            public Entry Next;
        }

        // Made by Initialize when the boot chooses handles=hash (a static initializer would put a class-constructor
        // check on every lookup).
        private static Entry[] s_buckets;
        private static uint s_nextNumber;

        public static void Initialize() => s_buckets = new Entry[Buckets];

        // The process's number in the key (003's address space identifier): distinct for every table made.
        private readonly uint _number = ++s_nextNumber;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private uint BucketOf(ulong handle) => (_number ^ HandleBits.SlotOf(handle)) % Buckets;

        protected override object Lookup(ulong handle, HandleType expected)
        {
            for (Entry e = s_buckets[BucketOf(handle)]; e != null; e = e.Next)
                if (e.Handle == handle && e.Owner == this) return HandleBits.TypeOf(handle) == expected ? e.Target : null;
            return null;
        }

        protected override bool Store(int slot, ulong handle, object target, object scratch)
        {
            var e = (Entry)scratch;
            uint bucket = BucketOf(handle);
            e.Owner = this;
            e.Handle = handle;
            e.Target = target;
            e.Next = s_buckets[bucket];
            s_buckets[bucket] = e;
            return true;
        }

        protected override void Remove(int slot, ulong handle)
        {
            uint bucket = BucketOf(handle);
            Entry previous = null;
            for (Entry e = s_buckets[bucket]; e != null; previous = e, e = e.Next)
            {
                if (e.Handle != handle || e.Owner != this) continue;
                if (previous == null) s_buckets[bucket] = e.Next;
                else previous.Next = e.Next;
                e.Owner = null;
                e.Target = null;
                return;
            }
        }

        // The entry Store links in.
        protected override object Prepare() => new Entry();
    }
}

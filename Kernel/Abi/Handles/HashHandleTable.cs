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
            public nint Address;
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

        protected override nint Lookup(ulong handle, HandleType expected)
        {
            for (Entry e = s_buckets[BucketOf(handle)]; e != null; e = e.Next)
                if (e.Handle == handle && e.Owner == this) return HandleBits.TypeOf(handle) == expected ? e.Address : 0;
            return 0;
        }

        protected override bool Store(int slot, ulong handle, nint address, object scratch)
        {
            if (scratch is not Entry e) return false;
            uint bucket = BucketOf(handle);
            e.Owner = this;
            e.Handle = handle;
            e.Address = address;
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
                e.Address = 0;
                // Kept for the next endpoint record (a receive adds one with interrupts off, where nothing allocates).
                if (SpareCount < MaxSpares)
                {
                    e.Next = _spares;
                    _spares = e;
                    SpareCount++;
                }
                return;
            }
        }

        // The entry Store links in.
        protected override object Prepare() => new Entry();

        // Entries made beforehand for endpoint records, linked through Next.
        private const int MaxSpares = 4;
        private Entry _spares;

        public HashHandleTable() => SpareCount = 0;

        protected override void AddSpares(int count)
        {
            while (SpareCount < count)
            {
                var e = new Entry();
                ulong flags = Threading.Scheduler.DisableInterrupts();
                e.Next = _spares;
                _spares = e;
                SpareCount++;
                Threading.Scheduler.RestoreInterrupts(flags);
            }
        }

        protected override object TakeSpareLocked()
        {
            Entry e = _spares;
            if (e == null) return null;
            _spares = e.Next;
            e.Next = null;
            SpareCount--;
            return e;
        }
    }
}

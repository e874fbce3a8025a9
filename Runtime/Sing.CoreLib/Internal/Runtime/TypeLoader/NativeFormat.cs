namespace Internal.Runtime.TypeLoader
{
    /// <summary>Decoding of ILC's "native format" blobs (the tables that describe generic code for a run-time type
    /// loader). Integers are variable length: the count of low one-bits in the first byte says how many bytes
    /// follow; offsets are signed and relative to where they are stored.</summary>
    internal static unsafe class NativeFormat
    {
        public static uint DecodeUnsigned(ref byte* p)
        {
            uint b = *p;
            uint value;
            if ((b & 1) == 0) { value = b >> 1; p += 1; }
            else if ((b & 2) == 0) { value = (b >> 2) | ((uint)p[1] << 6); p += 2; }
            else if ((b & 4) == 0) { value = (b >> 3) | ((uint)p[1] << 5) | ((uint)p[2] << 13); p += 3; }
            else if ((b & 8) == 0) { value = (b >> 4) | ((uint)p[1] << 4) | ((uint)p[2] << 12) | ((uint)p[3] << 20); p += 4; }
            else { value = *(uint*)(p + 1); p += 5; }
            return value;
        }

        public static int DecodeSigned(ref byte* p)
        {
            int b = *p;
            int value;
            if ((b & 1) == 0) { value = (sbyte)(byte)b >> 1; p += 1; }
            else if ((b & 2) == 0) { value = (b >> 2) | ((sbyte)p[1] << 6); p += 2; }
            else if ((b & 4) == 0) { value = (b >> 3) | (p[1] << 5) | ((sbyte)p[2] << 13); p += 3; }
            else if ((b & 8) == 0) { value = (b >> 4) | (p[1] << 4) | (p[2] << 12) | ((sbyte)p[3] << 20); p += 4; }
            else { value = *(int*)(p + 1); p += 5; }
            return value;
        }

        /// <summary>64-bit form (metadata constants): the 32-bit forms up to four bytes, then a marker byte followed
        /// by four bytes (low four bits set) or by eight (low five bits set).</summary>
        public static ulong DecodeUnsignedLong(ref byte* p)
        {
            byte b = *p;
            if ((b & 15) != 15) return DecodeUnsigned(ref p);
            ulong value = (b & 16) == 0 ? *(uint*)(p + 1) : *(ulong*)(p + 1);
            p += (b & 16) == 0 ? 5 : 9;
            return value;
        }

        public static long DecodeSignedLong(ref byte* p)
        {
            byte b = *p;
            if ((b & 15) != 15) return DecodeSigned(ref p);
            long value = (b & 16) == 0 ? *(int*)(p + 1) : *(long*)(p + 1);
            p += (b & 16) == 0 ? 5 : 9;
            return value;
        }

        /// <summary>Follows the relative offset at <paramref name="p"/> (and moves past it).</summary>
        public static byte* DecodeRelative(ref byte* p)
        {
            byte* at = p;
            int delta = DecodeSigned(ref p);
            return at + delta;
        }
    }

    /// <summary>Visits every entry of a native-format hashtable. Lookups here are rare (their results are cached),
    /// so a scan is simpler than reproducing ILC's hash codes. Layout: a header byte (log2 of the bucket count in
    /// the upper six bits, width of the bucket offsets in the lower two), bucket offsets, then per bucket the
    /// entries as (low hash byte, relative offset of the entry).</summary>
    internal unsafe struct NativeHashtableScan
    {
        private readonly byte* _base;
        private readonly uint _bucketCount;
        private readonly int _offsetSize;
        private uint _bucket;
        private byte* _cursor;
        private byte* _end;

        public NativeHashtableScan(byte* table)
        {
            _bucket = 0;
            _cursor = null;
            _end = null;
            if (table == null)
            {
                _base = null;
                _bucketCount = 0;
                _offsetSize = 1;
                return;
            }
            byte header = *table;
            _base = table + 1;
            _bucketCount = 1u << (header >> 2);
            _offsetSize = 1 << (header & 3);
            LoadBucket(0);
        }

        /// <summary>The next entry, or null after the last.</summary>
        public byte* Next()
        {
            while (true)
            {
                if (_cursor < _end)
                {
                    _cursor++; // low byte of the hash code
                    return NativeFormat.DecodeRelative(ref _cursor);
                }
                if (++_bucket >= _bucketCount) return null;
                LoadBucket(_bucket);
            }
        }

        private void LoadBucket(uint bucket)
        {
            _cursor = _base + BucketOffset(bucket);
            _end = _base + BucketOffset(bucket + 1);
        }

        private uint BucketOffset(uint bucket) => _offsetSize switch
        {
            1 => _base[bucket],
            2 => *(ushort*)(_base + 2 * bucket),
            _ => *(uint*)(_base + 4 * bucket),
        };
    }
}

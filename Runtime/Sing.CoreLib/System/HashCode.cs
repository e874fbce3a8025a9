namespace System
{
    /// <summary>Combines hash codes (for GetHashCode overrides). Like .NET's, the values are not meant to be stored
    /// or compared across runs (.NET randomizes them per process; these are deterministic).</summary>
    public struct HashCode
    {
        private const uint Prime1 = 2654435761U, Prime2 = 2246822519U, Prime3 = 3266489917U, Prime4 = 668265263U;

        private uint _hash;
        private int _count;

        public void Add<T>(T value) => AddHash(value is null ? 0 : value.GetHashCode());

        public void Add<T>(T value, Collections.Generic.IEqualityComparer<T> comparer) =>
            AddHash(value is null ? 0 : (comparer ?? Collections.Generic.EqualityComparer<T>.Default).GetHashCode(value));

        private void AddHash(int value)
        {
            _hash = RotateLeft(_hash + (uint)value * Prime3, 17) * Prime4;
            _count++;
        }

        public readonly int ToHashCode()
        {
            uint hash = _hash + (uint)_count * 4 + Prime1;
            hash ^= hash >> 15;
            hash *= Prime2;
            hash ^= hash >> 13;
            hash *= Prime3;
            hash ^= hash >> 16;
            return (int)hash;
        }

        private static uint RotateLeft(uint value, int offset) => (value << offset) | (value >> (32 - offset));

        public static int Combine<T1>(T1 value1)
        {
            var h = new HashCode();
            h.Add(value1);
            return h.ToHashCode();
        }

        public static int Combine<T1, T2>(T1 value1, T2 value2)
        {
            var h = new HashCode();
            h.Add(value1);
            h.Add(value2);
            return h.ToHashCode();
        }

        public static int Combine<T1, T2, T3>(T1 value1, T2 value2, T3 value3)
        {
            var h = new HashCode();
            h.Add(value1);
            h.Add(value2);
            h.Add(value3);
            return h.ToHashCode();
        }

        public static int Combine<T1, T2, T3, T4>(T1 value1, T2 value2, T3 value3, T4 value4)
        {
            var h = new HashCode();
            h.Add(value1);
            h.Add(value2);
            h.Add(value3);
            h.Add(value4);
            return h.ToHashCode();
        }

        public static int Combine<T1, T2, T3, T4, T5>(T1 value1, T2 value2, T3 value3, T4 value4, T5 value5)
        {
            var h = new HashCode();
            h.Add(value1);
            h.Add(value2);
            h.Add(value3);
            h.Add(value4);
            h.Add(value5);
            return h.ToHashCode();
        }
    }
}

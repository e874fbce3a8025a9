using Internal.Runtime;
using Internal.Runtime.TypeLoader;

namespace System
{
    /// <summary>An enum type's member names and values, read from the image's metadata the first time the type is
    /// formatted and kept for the life of the image (types are never unloaded). The cache is a list published by a
    /// single reference write: two threads formatting a new enum at once may each build a copy and one copy may be
    /// dropped, which costs a rebuild later but never a wrong answer.</summary>
    internal sealed unsafe class EnumInfo
    {
        private static EnumInfo s_first;

        private readonly MethodTable* _type;
        private readonly string[] _names;
        private readonly long[] _values;
        private readonly EnumInfo _next;

        private EnumInfo(MethodTable* type, EnumInfo next)
        {
            _type = type;
            _next = next;
            if (!EnumMetadata.Read(type, out _names, out _values))
            {
                _names = Array.Empty<string>();
                _values = Array.Empty<long>();
            }
        }

        public static EnumInfo Of(MethodTable* type)
        {
            EnumInfo first = s_first;
            for (EnumInfo info = first; info != null; info = info._next)
                if (info._type == type) return info;
            var fresh = new EnumInfo(type, first);
            s_first = fresh;
            return fresh;
        }

        public MethodTable* Type => _type;

        /// <summary>Members in declaration order (names and values widened as Enum does).</summary>
        public int Count => _names.Length;

        public string NameAt(int index) => _names[index];

        public long ValueAt(int index) => _values[index];

        /// <summary>Member indexes ordered as .NET lists them: by value compared as unsigned, ties in declaration order.</summary>
        public int[] SortedIndexes()
        {
            var order = new int[_values.Length];
            for (int i = 0; i < order.Length; i++) order[i] = i;
            for (int i = 1; i < order.Length; i++)
            {
                int key = order[i], j = i - 1;
                while (j >= 0 && (ulong)_values[order[j]] > (ulong)_values[key])
                {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = key;
            }
            return order;
        }

        /// <summary>The first member declared with <paramref name="value"/> (widened as Enum does), or null.</summary>
        public string NameOf(long value)
        {
            long[] values = _values;
            for (int i = 0; i < values.Length; i++)
                if (values[i] == value) return _names[i];
            return null;
        }
    }
}

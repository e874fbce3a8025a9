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
            IsFlags = EnumMetadata.IsFlags(type);
        }

        /// <summary>Whether the enum is declared [Flags] (its combinations print as "A, B").</summary>
        public bool IsFlags { get; }

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

        /// <summary>A [Flags] value as .NET prints it: the members, largest value first, whose bits are all set and
        /// not yet taken, listed in ascending order ("Read, Write"); null when bits remain that no member covers
        /// (the caller prints the number). Zero is the zero member's name, or null.</summary>
        public string FlagsName(long value)
        {
            if (value == 0) return NameOf(0);
            int[] order = SortedIndexes();
            ulong rest = (ulong)value;
            var taken = new bool[order.Length];
            int count = 0;
            for (int i = order.Length - 1; i >= 0 && rest != 0; i--)
            {
                ulong member = (ulong)_values[order[i]];
                if (member == 0 || (rest & member) != member) continue;
                rest &= ~member;
                taken[i] = true;
                count++;
            }
            if (rest != 0) return null;
            var text = new System.Text.StringBuilder();
            for (int i = 0; i < order.Length; i++)
            {
                if (!taken[i]) continue;
                if (text.Length > 0) text.Append(", ");
                text.Append(_names[order[i]]);
            }
            return text.ToString();
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

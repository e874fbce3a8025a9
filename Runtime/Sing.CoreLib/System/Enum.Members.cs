using Internal.Runtime;

namespace System
{
    /// <summary>Listing and parsing an enum's members (names and values from the image's metadata, see EnumInfo):
    /// GetNames, GetValues, GetName, IsDefined, Parse, TryParse, generic forms (the forms taking a Type are in
    /// Enum.TypeMembers.cs).</summary>
    public abstract unsafe partial class Enum
    {
        public static string[] GetNames<TEnum>() where TEnum : struct, Enum => NamesOf(EnumInfo.Of(Internal.Runtime.MethodTable.Of<TEnum>()));

        /// <summary>The member names in .NET's order (by value as unsigned, ties in declaration order).</summary>
        private static string[] NamesOf(EnumInfo info)
        {
            int[] order = info.SortedIndexes();
            var names = new string[order.Length];
            for (int i = 0; i < order.Length; i++) names[i] = info.NameAt(order[i]);
            return names;
        }

        public static TEnum[] GetValues<TEnum>() where TEnum : struct, Enum
        {
            EnumInfo info = EnumInfo.Of(Internal.Runtime.MethodTable.Of<TEnum>());
            int[] order = info.SortedIndexes();
            var values = new TEnum[order.Length];
            for (int i = 0; i < order.Length; i++) values[i] = FromBits<TEnum>(info.ValueAt(order[i]));
            return values;
        }

        /// <summary>The name of the member with <paramref name="value"/>, or null when no member has it.</summary>
        public static string GetName<TEnum>(TEnum value) where TEnum : struct, Enum =>
            EnumInfo.Of(Internal.Runtime.MethodTable.Of<TEnum>()).NameOf(Bits(value));

        public static bool IsDefined<TEnum>(TEnum value) where TEnum : struct, Enum => GetName(value) is not null;

        public static TEnum Parse<TEnum>(string value) where TEnum : struct, Enum => Parse<TEnum>(value, false);

        public static TEnum Parse<TEnum>(string value, bool ignoreCase) where TEnum : struct, Enum
        {
            return FromBits<TEnum>(ParseBits(EnumInfo.Of(Internal.Runtime.MethodTable.Of<TEnum>()), value, ignoreCase));
        }

        /// <summary>Parse's answer as bits, or .NET's exception for a null, out-of-range or unknown value.</summary>
        private static long ParseBits(EnumInfo info, string value, bool ignoreCase)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (TryParseCore(info, value, ignoreCase, out long bits)) return bits;
            if (IsNumber(value.AsSpan().Trim()))
                throw new OverflowException(string.Concat("Value '", value, "' is outside the range of the enum's underlying type."));
            throw new ArgumentException(string.Concat("Requested value '", value, "' was not found."));
        }

        public static bool TryParse<TEnum>(string value, out TEnum result) where TEnum : struct, Enum =>
            TryParse(value, false, out result);

        public static bool TryParse<TEnum>(string value, bool ignoreCase, out TEnum result) where TEnum : struct, Enum
        {
            result = default;
            if (value is null || !TryParseCore(EnumInfo.Of(Internal.Runtime.MethodTable.Of<TEnum>()), value, ignoreCase, out long bits)) return false;
            result = FromBits<TEnum>(bits);
            return true;
        }

        /// <summary>As .NET accepts: a member name, a number in the underlying type's range, or a comma-separated list
        /// of either (OR'ed together), each part trimmed of white space.</summary>
        private static bool TryParseCore(EnumInfo info, string text, bool ignoreCase, out long bits)
        {
            bits = 0;
            MethodTable* type = info.Type;
            ReadOnlySpan<char> rest = text.AsSpan();
            if (rest.Trim().Length == 0) return false;
            while (true)
            {
                int comma = rest.IndexOf(',');
                ReadOnlySpan<char> part = (comma < 0 ? rest : rest.Slice(0, comma)).Trim();
                if (!TryParsePart(info, type, part, ignoreCase, out long partBits)) return false;
                bits |= partBits;
                if (comma < 0) return true;
                rest = rest.Slice(comma + 1);
            }
        }

        private static bool TryParsePart(EnumInfo info, MethodTable* type, ReadOnlySpan<char> part, bool ignoreCase, out long bits)
        {
            bits = 0;
            if (part.Length == 0) return false;
            if (IsNumber(part)) return TryParseNumber(type, part, out bits);
            for (int i = 0; i < info.Count; i++)
            {
                if (NamesEqual(info.NameAt(i), part, ignoreCase))
                {
                    bits = info.ValueAt(i);
                    return true;
                }
            }
            return false;
        }

        private static bool IsNumber(ReadOnlySpan<char> part) =>
            part.Length > 0 && (char.IsDigit(part[0]) || ((part[0] == '-' || part[0] == '+') && part.Length > 1 && char.IsDigit(part[1])));

        /// <summary>A decimal number that fits the enum's underlying type, widened as Enum does.</summary>
        private static bool TryParseNumber(MethodTable* type, ReadOnlySpan<char> part, out long bits)
        {
            bits = 0;
            bool negative = part[0] == '-';
            int start = part[0] == '-' || part[0] == '+' ? 1 : 0;
            ulong magnitude = 0;
            for (int i = start; i < part.Length; i++)
            {
                uint digit = (uint)(part[i] - '0');
                if (digit > 9) return false;
                if (magnitude > (ulong.MaxValue - digit) / 10) return false;
                magnitude = magnitude * 10 + digit;
            }
            switch (type->ElementType)
            {
                case EETypeElementType.SByte: return Signed(magnitude, negative, sbyte.MinValue, sbyte.MaxValue, out bits);
                case EETypeElementType.Int16: return Signed(magnitude, negative, short.MinValue, short.MaxValue, out bits);
                case EETypeElementType.Int32: return Signed(magnitude, negative, int.MinValue, int.MaxValue, out bits);
                case EETypeElementType.Int64: return Signed(magnitude, negative, long.MinValue, long.MaxValue, out bits);
                case EETypeElementType.Byte: case EETypeElementType.Boolean: return Unsigned(magnitude, negative, byte.MaxValue, out bits);
                case EETypeElementType.UInt16: case EETypeElementType.Char: return Unsigned(magnitude, negative, ushort.MaxValue, out bits);
                case EETypeElementType.UInt32: return Unsigned(magnitude, negative, uint.MaxValue, out bits);
                default: return Unsigned(magnitude, negative, ulong.MaxValue, out bits);
            }
        }

        private static bool Signed(ulong magnitude, bool negative, long min, long max, out long bits)
        {
            bits = 0;
            if (negative ? magnitude > (ulong)max + 1 : magnitude > (ulong)max) return false;
            bits = negative ? (long)(0 - magnitude) : (long)magnitude;
            return bits >= min;
        }

        private static bool Unsigned(ulong magnitude, bool negative, ulong max, out long bits)
        {
            bits = (long)magnitude;
            return magnitude <= max && !(negative && magnitude != 0);
        }

        private static bool NamesEqual(string name, ReadOnlySpan<char> part, bool ignoreCase)
        {
            if (name.Length != part.Length) return false;
            for (int i = 0; i < name.Length; i++)
            {
                char a = name[i], b = part[i];
                if (a == b) continue;
                if (!ignoreCase || ToUpperAscii(a) != ToUpperAscii(b)) return false;
            }
            return true;
        }

        private static char ToUpperAscii(char c) => c >= 'a' && c <= 'z' ? (char)(c - 32) : c;

        /// <summary>An enum value from bits widened as Enum does: the low bytes are the underlying integer.</summary>
        private static TEnum FromBits<TEnum>(long bits) where TEnum : struct, Enum =>
            System.Runtime.CompilerServices.Unsafe.As<long, TEnum>(ref bits);

        private static long Bits<TEnum>(TEnum value) where TEnum : struct, Enum
        {
            long bits = 0;
            System.Runtime.CompilerServices.Unsafe.As<long, TEnum>(ref bits) = value;
            // Widen as Enum.Bits does: sign-extend signed underlying types from their width.
            switch (Internal.Runtime.MethodTable.Of<TEnum>()->ElementType)
            {
                case EETypeElementType.SByte: return (sbyte)bits;
                case EETypeElementType.Int16: return (short)bits;
                case EETypeElementType.Int32: return (int)bits;
                default: return bits;
            }
        }
    }
}

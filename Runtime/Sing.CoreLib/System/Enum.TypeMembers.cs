using Internal.Runtime;

namespace System
{
    /// <summary>The forms of Enum's listing and parsing that take a <see cref="Type"/> (older code's
    /// <c>Enum.GetValues(typeof(Color))</c>). Each checks that the type is an enum before reading anything by it.
    /// One difference from .NET: this runtime cannot make an array type at run time, so <see cref="GetValues(Type)"/>
    /// answers an <c>object[]</c> of boxed members (foreach, Length, GetValue, Cast and printing behave as in .NET; a
    /// cast of the result to <c>Color[]</c> does not: use <see cref="GetValues{TEnum}"/> for that).</summary>
    public abstract unsafe partial class Enum
    {
        public static string[] GetNames(Type enumType) => NamesOf(InfoOf(enumType));

        /// <summary>The members in .NET's order, boxed as the enum type (see the class summary for the array's type).</summary>
        public static Array GetValues(Type enumType)
        {
            EnumInfo info = InfoOf(enumType);
            int[] order = info.SortedIndexes();
            var values = new object[order.Length];
            for (int i = 0; i < order.Length; i++) values[i] = Box(info.Type, info.ValueAt(order[i]));
            return values;
        }

        /// <summary>The members' values as an array of the underlying type (int[] for most enums), as .NET gives.</summary>
        public static Array GetValuesAsUnderlyingType(Type enumType)
        {
            EnumInfo info = InfoOf(enumType);
            int[] order = info.SortedIndexes();
            int n = order.Length;
            switch (info.Type->ElementType)
            {
                case EETypeElementType.SByte: { var a = new sbyte[n]; for (int i = 0; i < n; i++) a[i] = (sbyte)info.ValueAt(order[i]); return a; }
                case EETypeElementType.Byte: { var a = new byte[n]; for (int i = 0; i < n; i++) a[i] = (byte)info.ValueAt(order[i]); return a; }
                case EETypeElementType.Int16: { var a = new short[n]; for (int i = 0; i < n; i++) a[i] = (short)info.ValueAt(order[i]); return a; }
                case EETypeElementType.UInt16: { var a = new ushort[n]; for (int i = 0; i < n; i++) a[i] = (ushort)info.ValueAt(order[i]); return a; }
                case EETypeElementType.Int32: { var a = new int[n]; for (int i = 0; i < n; i++) a[i] = (int)info.ValueAt(order[i]); return a; }
                case EETypeElementType.UInt32: { var a = new uint[n]; for (int i = 0; i < n; i++) a[i] = (uint)info.ValueAt(order[i]); return a; }
                case EETypeElementType.Int64: { var a = new long[n]; for (int i = 0; i < n; i++) a[i] = info.ValueAt(order[i]); return a; }
                default: { var a = new ulong[n]; for (int i = 0; i < n; i++) a[i] = (ulong)info.ValueAt(order[i]); return a; }
            }
        }

        public static Type GetUnderlyingType(Type enumType)
        {
            switch (InfoOf(enumType).Type->ElementType)
            {
                case EETypeElementType.SByte: return typeof(sbyte);
                case EETypeElementType.Byte: return typeof(byte);
                case EETypeElementType.Int16: return typeof(short);
                case EETypeElementType.UInt16: return typeof(ushort);
                case EETypeElementType.Int32: return typeof(int);
                case EETypeElementType.UInt32: return typeof(uint);
                case EETypeElementType.Int64: return typeof(long);
                case EETypeElementType.Boolean: return typeof(bool);
                case EETypeElementType.Char: return typeof(char);
                default: return typeof(ulong);
            }
        }

        /// <summary>The name of the member whose bits <paramref name="value"/> (any enum's value or any integer) has, or null.</summary>
        public static string GetName(Type enumType, object value)
        {
            EnumInfo info = InfoOf(enumType);
            if (value is null) throw new ArgumentNullException(nameof(value));
            // As .NET: any enum's value or any integer, compared by its bits.
            MethodTable* type = value.m_pMethodTable;
            if (value is not Enum && (!type->IsValueType || type->IsParameterizedType || type->ElementType < EETypeElementType.SByte
                || type->ElementType > EETypeElementType.UInt64))
                throw new ArgumentException("The value passed in must be an enum base or an underlying type for an enum, such as an Int32.", nameof(value));
            return info.NameOf(Bits(value));
        }

        /// <summary>Whether a member has <paramref name="value"/>: a value of the enum or of its underlying type, or a
        /// member's name (compared exactly, as .NET does).</summary>
        public static bool IsDefined(Type enumType, object value)
        {
            EnumInfo info = InfoOf(enumType);
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (value is string name)
            {
                for (int i = 0; i < info.Count; i++) if (info.NameAt(i) == name) return true;
                return false;
            }
            return info.NameOf(BitsOfValue(info, value)) is not null;
        }

        public static object Parse(Type enumType, string value) => Parse(enumType, value, false);

        public static object Parse(Type enumType, string value, bool ignoreCase)
        {
            EnumInfo info = InfoOf(enumType);
            return Box(info.Type, ParseBits(info, value, ignoreCase));
        }

        public static bool TryParse(Type enumType, string value, out object result) => TryParse(enumType, value, false, out result);

        public static bool TryParse(Type enumType, string value, bool ignoreCase, out object result)
        {
            EnumInfo info = InfoOf(enumType);
            result = null;
            if (value is null || !TryParseCore(info, value, ignoreCase, out long bits)) return false;
            result = Box(info.Type, bits);
            return true;
        }

        public static object ToObject(Type enumType, long value) => Box(InfoOf(enumType).Type, value);

        public static object ToObject(Type enumType, int value) => ToObject(enumType, (long)value);

        public static object ToObject(Type enumType, ulong value) => ToObject(enumType, (long)value);

        public static object ToObject(Type enumType, uint value) => ToObject(enumType, (long)value);

        public static object ToObject(Type enumType, short value) => ToObject(enumType, (long)value);

        public static object ToObject(Type enumType, ushort value) => ToObject(enumType, (long)value);

        public static object ToObject(Type enumType, byte value) => ToObject(enumType, (long)value);

        public static object ToObject(Type enumType, sbyte value) => ToObject(enumType, (long)value);

        /// <summary>A value of the enum boxed as the enum from bits widened as Enum does (the low bytes are the
        /// underlying integer; the box copies only the enum's own size).</summary>
        private static object Box(MethodTable* enumType, long bits) =>
            System.Runtime.RuntimeExports.Box(enumType, ref System.Runtime.CompilerServices.Unsafe.As<long, byte>(ref bits));

        /// <summary>The enum behind <paramref name="enumType"/>, after checking that it is one.</summary>
        private static EnumInfo InfoOf(Type enumType)
        {
            if (enumType is null) throw new ArgumentNullException(nameof(enumType));
            if (!enumType.IsEnum) throw new ArgumentException("Type provided must be an Enum.", nameof(enumType));
            return EnumInfo.Of(enumType.Handle);
        }

        /// <summary>The bits of a value given for an enum: a boxed member of that enum, or a boxed integer of its
        /// underlying type (anything else is refused with .NET's messages).</summary>
        private static long BitsOfValue(EnumInfo info, object value)
        {
            MethodTable* type = value.m_pMethodTable;
            if (type == info.Type) return Bits(value);
            if (value is Enum)
                throw new ArgumentException(string.Concat("Object must be the same type as the enum. The type passed in was '",
                    value.GetType().FullName, "'; the enum type was '", Type.FromMethodTable(info.Type).FullName, "'."));
            if (!type->IsValueType || type->IsParameterizedType || type->ElementType < EETypeElementType.Boolean || type->ElementType > EETypeElementType.UInt64
                || type->ElementType != info.Type->ElementType)
                throw new ArgumentException(string.Concat("Enum underlying type and the object must be same type or object must be a String. Type passed in was '",
                    value.GetType().FullName, "'; the enum underlying type was '", GetUnderlyingType(Type.FromMethodTable(info.Type)).FullName, "'."));
            return Bits(value);
        }
    }
}

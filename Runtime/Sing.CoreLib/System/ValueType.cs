using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    /// <summary>Base of all structs. The default Equals and GetHashCode follow .NET: for a struct whose fields are all
    /// integers without padding the bytes are compared; otherwise field by field, reference fields and
    /// floating-point fields through their own Equals (so two equal strings in different objects are equal, and
    /// 0.0 equals -0.0). The fields come from __GetFieldHelper, a method ILC generates into every struct that
    /// cannot be compared bit by bit (index -1 gives the field count, index i the offset of field i and its type;
    /// a reference field's type is reported as object).</summary>
    public abstract unsafe class ValueType
    {
        private const int UseFastHelper = -1;
        private const int GetNumFields = -1;

        // ILC overrides this by name and signature; the base means "compare the bytes".
        internal virtual int __GetFieldHelper(int index, out MethodTable* mt)
        {
            mt = null;
            return UseFastHelper;
        }

        public override bool Equals(object obj)
        {
            if (obj is null || obj.m_pMethodTable != m_pMethodTable) return false;
            byte* a = RawBytes(this), b = RawBytes(obj);
            int fields = __GetFieldHelper(GetNumFields, out _);
            if (fields == UseFastHelper)
            {
                uint size = m_pMethodTable->ValueTypeSize;
                for (uint i = 0; i < size; i++)
                    if (a[i] != b[i]) return false;
                return true;
            }
            for (int i = 0; i < fields; i++)
            {
                int offset = __GetFieldHelper(i, out MethodTable* fieldType);
                if (!FieldEquals(fieldType, a + offset, b + offset)) return false;
            }
            return true;
        }

        public override int GetHashCode()
        {
            int hash = (int)m_pMethodTable->HashCode;
            byte* data = RawBytes(this);
            int fields = __GetFieldHelper(GetNumFields, out _);
            if (fields == UseFastHelper)
            {
                uint size = m_pMethodTable->ValueTypeSize;
                uint h = 2166136261;
                for (uint i = 0; i < size; i++)
                {
                    h ^= data[i];
                    h *= 16777619;
                }
                return hash ^ (int)h;
            }
            // As .NET: the first field that is not a null reference decides.
            for (int i = 0; i < fields; i++)
            {
                int offset = __GetFieldHelper(i, out MethodTable* fieldType);
                if (!fieldType->IsValueType)
                {
                    object value = Unsafe.As<byte, object>(ref *(data + offset));
                    if (value is null) continue;
                    return hash ^ value.GetHashCode();
                }
                return hash ^ FieldHashCode(fieldType, data + offset);
            }
            return hash;
        }

        /// <summary>The type's full name, as .NET prints a struct that does not override ToString.</summary>
        public override string ToString() => GetType().ToString();

        private static bool FieldEquals(MethodTable* type, byte* a, byte* b)
        {
            switch (type->ElementType)
            {
                case EETypeElementType.Boolean: case EETypeElementType.Byte: case EETypeElementType.SByte: return *a == *b;
                case EETypeElementType.Char: case EETypeElementType.Int16: case EETypeElementType.UInt16: return *(ushort*)a == *(ushort*)b;
                case EETypeElementType.Int32: case EETypeElementType.UInt32: return *(uint*)a == *(uint*)b;
                case EETypeElementType.Int64: case EETypeElementType.UInt64: case EETypeElementType.IntPtr: case EETypeElementType.UIntPtr:
                    return *(ulong*)a == *(ulong*)b;
                case EETypeElementType.Single: return (*(float*)a).Equals(*(float*)b);
                case EETypeElementType.Double: return (*(double*)a).Equals(*(double*)b);
            }
            if (!type->IsValueType)
            {
                object x = Unsafe.As<byte, object>(ref *a), y = Unsafe.As<byte, object>(ref *b);
                return x is null ? y is null : x.Equals(y);
            }
            // A struct field: box both copies and let the struct's own Equals decide (it may override it). An empty
            // Nullable boxes to null.
            object boxedA = System.Runtime.RuntimeExports.Box(type, ref *a), boxedB = System.Runtime.RuntimeExports.Box(type, ref *b);
            return boxedA is null ? boxedB is null : boxedA.Equals(boxedB);
        }

        private static int FieldHashCode(MethodTable* type, byte* data)
        {
            switch (type->ElementType)
            {
                case EETypeElementType.Boolean: case EETypeElementType.Byte: case EETypeElementType.SByte: return *data;
                case EETypeElementType.Char: case EETypeElementType.Int16: case EETypeElementType.UInt16: return *(ushort*)data;
                case EETypeElementType.Int32: case EETypeElementType.UInt32: return *(int*)data;
                case EETypeElementType.Int64: case EETypeElementType.UInt64: case EETypeElementType.IntPtr: case EETypeElementType.UIntPtr:
                    return (*(long*)data).GetHashCode();
                case EETypeElementType.Single: return (*(float*)data).GetHashCode();
                case EETypeElementType.Double: return (*(double*)data).GetHashCode();
            }
            return System.Runtime.RuntimeExports.Box(type, ref *data)?.GetHashCode() ?? 0;
        }

        // Objects never move (the collector is non-moving), so a pointer to the boxed data stays valid.
        private protected static byte* RawBytes(object boxed) => (byte*)Unsafe.AsPointer(ref Runtime.ObjectExtensions.GetRawData(boxed));
    }

    /// <summary>Base of all enums. A boxed enum is its underlying integer; the MethodTable's element type names
    /// that integer type. Member names come from the image's metadata (EnumInfo).</summary>
    public abstract unsafe partial class Enum : ValueType, IComparable, IFormattable
    {
        /// <summary>The value widened to 64 bits (sign-extended for signed underlying types).</summary>
        private static long Bits(object boxed)
        {
            byte* data = RawBytes(boxed);
            switch (boxed.m_pMethodTable->ElementType)
            {
                case EETypeElementType.SByte: return *(sbyte*)data;
                case EETypeElementType.Byte: case EETypeElementType.Boolean: return *data;
                case EETypeElementType.Int16: return *(short*)data;
                case EETypeElementType.UInt16: case EETypeElementType.Char: return *(ushort*)data;
                case EETypeElementType.Int32: return *(int*)data;
                case EETypeElementType.UInt32: return *(uint*)data;
                default: return *(long*)data;
            }
        }

        private static bool IsUnsigned(object boxed)
        {
            EETypeElementType e = boxed.m_pMethodTable->ElementType;
            return e == EETypeElementType.Byte || e == EETypeElementType.UInt16 || e == EETypeElementType.UInt32
                || e == EETypeElementType.UInt64 || e == EETypeElementType.Char || e == EETypeElementType.Boolean;
        }

        /// <summary>The JIT expands this to a bit test when both sides are the same enum type; the body is the
        /// fallback for calls it cannot expand.</summary>
        [Intrinsic]
        public bool HasFlag(Enum flag)
        {
            if (flag is null) throw new ArgumentNullException("flag");
            if (flag.m_pMethodTable != m_pMethodTable) throw new ArgumentException("The flag is not of the enum's type.");
            long bits = Bits(flag);
            return (Bits(this) & bits) == bits;
        }

        public int CompareTo(object target)
        {
            if (target is null) return 1;
            if (target.m_pMethodTable != m_pMethodTable) throw new ArgumentException("Object must be of the same enum type.");
            long a = Bits(this), b = Bits(target);
            if (IsUnsigned(this)) return ((ulong)a).CompareTo((ulong)b);
            return a.CompareTo(b);
        }

        public override bool Equals(object obj) => obj is not null && obj.m_pMethodTable == m_pMethodTable && Bits(obj) == Bits(this);

        public override int GetHashCode()
        {
            long bits = Bits(this);
            return (int)bits ^ (int)(bits >> 32);
        }

        public override string ToString() => ToString(null);

        /// <summary>"G" (the default): the member's name; for a [Flags] enum a combination of members ("Read,
        /// Write"); otherwise the number. "F" treats any enum as [Flags]. "D" (decimal) or "X" (hex, two digits per byte
        /// of the underlying type): the number.</summary>
        public string ToString(string format)
        {
            long bits = Bits(this);
            bool general = format is null || format.Length == 0 || format == "G" || format == "g";
            if (general || format == "F" || format == "f")
            {
                EnumInfo info = EnumInfo.Of(m_pMethodTable);
                string name = info.NameOf(bits);
                if (name is null && (info.IsFlags || !general)) name = info.FlagsName(bits);
                if (name is not null) return name;
                format = null;
            }
            int width = (int)m_pMethodTable->ValueTypeSize * 8;
            // An enum's hex form has two upper-case digits per byte of its underlying type, whatever the case asked.
            if (format is "X" or "x") format = "X" + (width / 4).ToString();
            return IsUnsigned(this) ? Number.FormatUnsigned((ulong)bits, width, format) : Number.FormatSigned(bits, width, format);
        }

        public string ToString(string format, IFormatProvider provider) => ToString(format);
    }

    public struct Nullable<T> where T : struct
    {
        private readonly bool hasValue;
        internal T value;

        public Nullable(T value)
        {
            this.value = value;
            hasValue = true;
        }

        public readonly bool HasValue => hasValue;

        public readonly T Value
        {
            get
            {
                if (!hasValue) ThrowHelpers.ThrowInvalidOperationException("Nullable object must have a value.");
                return value;
            }
        }

        public readonly T GetValueOrDefault() => value;

        public readonly T GetValueOrDefault(T defaultValue) => hasValue ? value : defaultValue;

        public override bool Equals(object other)
        {
            if (!hasValue) return other is null;
            return other is not null && value.Equals(other);
        }

        public override int GetHashCode() => hasValue ? value.GetHashCode() : 0;

        public override string ToString() => hasValue ? value.ToString() : "";

        public static implicit operator T?(T value) => new T?(value);
        public static explicit operator T(T? value) => value.Value;
    }
}

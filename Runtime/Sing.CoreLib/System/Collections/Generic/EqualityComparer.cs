using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System.Collections.Generic
{
    /// <summary>Default equality for any T. ILC replaces the body of the [Intrinsic] Create() for each exact
    /// (unshared) instantiation with `new X()`, where X is picked by the compiler from this module by name:
    /// StringEqualityComparer, NullableEqualityComparer`1, EnumEqualityComparer`1, GenericEqualityComparer`1
    /// (T implements IEquatable&lt;T&gt;) or ObjectEqualityComparer`1. The JIT uses the same choice to devirtualize
    /// and inline `EqualityComparer&lt;T&gt;.Default.Equals(...)`. Reference-type instantiations share canonical
    /// code, where the compiler keeps our body below: strings get the string comparer, other reference types
    /// ObjectEqualityComparer, which uses IEquatable&lt;T&gt; when the object implements it, else Equals(object).</summary>
    public abstract class EqualityComparer<T> : IEqualityComparer<T>
    {
        public static EqualityComparer<T> Default { [Intrinsic] get; } = Create();

        [Intrinsic]
        private static unsafe EqualityComparer<T> Create()
        {
            if (Internal.Runtime.MethodTable.Of<T>() == Internal.Runtime.MethodTable.Of<string>())
                return Unsafe.As<EqualityComparer<T>>(new StringEqualityComparer());
            return new ObjectEqualityComparer<T>();
        }

        public abstract bool Equals(T x, T y);

        public abstract int GetHashCode(T obj);
    }

    internal sealed class GenericEqualityComparer<T> : EqualityComparer<T> where T : IEquatable<T>
    {
        public override bool Equals(T x, T y)
        {
            if (x != null) return y != null && x.Equals(y);
            return y == null;
        }

        public override int GetHashCode(T obj) => obj == null ? 0 : obj.GetHashCode();
    }

    /// <summary>Also serves shared reference-type code, where the compiler could not pick GenericEqualityComparer:
    /// when T implements IEquatable&lt;T&gt; (decided once per comparer: every T inherits it) that is used, else
    /// Equals(object), as .NET's ObjectEqualityComparer does.</summary>
    internal sealed unsafe class ObjectEqualityComparer<T> : EqualityComparer<T>
    {
        private readonly bool _equatable = System.Runtime.TypeCast.IsAssignable(
            Internal.Runtime.MethodTable.Of<T>(), Internal.Runtime.MethodTable.Of<IEquatable<T>>());

        public override bool Equals(T x, T y)
        {
            if (x == null) return y == null;
            if (y == null) return false;
            if (_equatable) return ((IEquatable<T>)x).Equals(y);
            return x.Equals(y);
        }

        public override int GetHashCode(T obj) => obj == null ? 0 : obj.GetHashCode();
    }

    internal sealed class StringEqualityComparer : EqualityComparer<string>
    {
        public override bool Equals(string x, string y) => string.Equals(x, y);

        public override int GetHashCode(string obj) => obj == null ? 0 : obj.GetHashCode();
    }

    internal sealed class NullableEqualityComparer<T> : EqualityComparer<T?> where T : struct
    {
        public override bool Equals(T? x, T? y)
        {
            if (x.HasValue) return y.HasValue && EqualityComparer<T>.Default.Equals(x.GetValueOrDefault(), y.GetValueOrDefault());
            return !y.HasValue;
        }

        public override int GetHashCode(T? obj) => obj.HasValue ? EqualityComparer<T>.Default.GetHashCode(obj.GetValueOrDefault()) : 0;
    }

    /// <summary>Compares enums by their underlying bits, without boxing.</summary>
    internal sealed class EnumEqualityComparer<T> : EqualityComparer<T> where T : struct, Enum
    {
        public override bool Equals(T x, T y) => EnumBits.ToInt64(x) == EnumBits.ToInt64(y);

        public override int GetHashCode(T obj)
        {
            long bits = EnumBits.ToInt64(obj);
            return (int)bits ^ (int)(bits >> 32);
        }
    }

    /// <summary>Reads an enum value's underlying integer, sign- or zero-extended as its underlying type says.</summary>
    internal static unsafe class EnumBits
    {
        internal static long ToInt64<T>(T value) where T : struct
        {
            switch (Internal.Runtime.MethodTable.Of<T>()->ElementType)
            {
                case EETypeElementType.SByte: return Unsafe.As<T, sbyte>(ref value);
                case EETypeElementType.Byte: case EETypeElementType.Boolean: return Unsafe.As<T, byte>(ref value);
                case EETypeElementType.Int16: return Unsafe.As<T, short>(ref value);
                case EETypeElementType.UInt16: case EETypeElementType.Char: return Unsafe.As<T, ushort>(ref value);
                case EETypeElementType.Int32: return Unsafe.As<T, int>(ref value);
                case EETypeElementType.UInt32: return Unsafe.As<T, uint>(ref value);
                default: return Unsafe.As<T, long>(ref value);
            }
        }

        internal static bool IsUnsigned<T>() where T : struct
        {
            EETypeElementType e = Internal.Runtime.MethodTable.Of<T>()->ElementType;
            return e == EETypeElementType.Byte || e == EETypeElementType.UInt16 || e == EETypeElementType.UInt32
                || e == EETypeElementType.UInt64 || e == EETypeElementType.Char || e == EETypeElementType.Boolean
                || e == EETypeElementType.UIntPtr;
        }
    }
}

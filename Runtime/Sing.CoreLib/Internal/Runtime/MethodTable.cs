using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Internal.Runtime
{
    /// <summary>The runtime's view of a type, as ILC lays it out in the image: flags and component size,
    /// base size, related type (base class, or element type for arrays), vtable, then the interface list.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct MethodTable
    {
        private uint _uFlags;
        private uint _uBaseSize;
        private MethodTable* _relatedType;
        private ushort _usNumVtableSlots;
        private ushort _usNumInterfaces;
        private uint _uHashCode;

        private const uint EETypeKindMask = 0x00030000;
        private const uint HasFinalizerFlag = 0x00100000;
        private const uint HasPointersFlag = 0x01000000;
        private const uint GenericVarianceFlag = 0x00800000;
        private const uint IsGenericFlag = 0x02000000;
        private const uint ElementTypeMask = 0x7C000000;
        private const int ElementTypeShift = 26;
        private const uint HasComponentSizeFlag = 0x80000000;

        private const uint ParameterizedKind = 0x00020000;

        /// <summary>The MethodTable of T, resolved by the compiler at the call site.</summary>
        [Intrinsic]
        public static MethodTable* Of<T>() => throw null;

        /// <summary>Size of an instance (arrays and strings: without elements), including the object header word
        /// that precedes the MethodTable pointer.</summary>
        public uint BaseSize => _uBaseSize;

        /// <summary>The raw flags word (kind, element type, optional-field presence bits).</summary>
        public uint Flags => _uFlags;

        public bool HasComponentSize
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => (_uFlags & HasComponentSizeFlag) != 0;
        }

        public ushort ComponentSize
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => HasComponentSize ? (ushort)_uFlags : (ushort)0;
        }

        public bool HasFinalizer => (_uFlags & HasFinalizerFlag) != 0;

        public bool ContainsGCPointers => (_uFlags & HasPointersFlag) != 0;

        public bool HasGenericVariance
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => (_uFlags & GenericVarianceFlag) != 0;
        }

        public bool IsGeneric => (_uFlags & IsGenericFlag) != 0;

        public EETypeElementType ElementType
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => (EETypeElementType)((_uFlags & ElementTypeMask) >> ElementTypeShift);
        }

        public bool IsParameterizedType
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => (_uFlags & EETypeKindMask) == ParameterizedKind;
        }

        public bool IsArray
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => ElementType == EETypeElementType.SzArray || ElementType == EETypeElementType.Array;
        }

        public bool IsSzArray
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => ElementType == EETypeElementType.SzArray;
        }

        public bool IsInterface
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => ElementType == EETypeElementType.Interface;
        }

        public bool IsValueType
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => ElementType < EETypeElementType.Class;
        }

        public bool IsNullable => ElementType == EETypeElementType.Nullable;

        /// <summary>Base class: System.Array for arrays (whose related-type slot holds the element type), null for
        /// System.Object, interfaces, pointers and byrefs.</summary>
        public MethodTable* BaseType
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => !IsParameterizedType ? _relatedType : IsArray ? Of<Array>() : null;
        }

        /// <summary>Element type of an array (or the pointee of a pointer/byref type).</summary>
        public MethodTable* RelatedParameterType => IsParameterizedType ? _relatedType : null;

        /// <summary><see cref="RelatedParameterType"/> with no test, for a type known to be an array.</summary>
        public MethodTable* ArrayElementType => _relatedType;

        public ushort NumVtableSlots => _usNumVtableSlots;

        public ushort NumInterfaces => _usNumInterfaces;

        public uint HashCode => _uHashCode;

        /// <summary>Size of a value type's fields: BaseSize less the header, the MethodTable pointer and the
        /// padding that rounds a boxed value up to the heap's alignment.</summary>
        public uint ValueTypeSize => _uBaseSize - (uint)(2 * sizeof(nint)) - ValueTypeFieldPadding;

        // For types without a component size, the low 16 bits of the flags are extended flags (EETypeFlagsEx):
        // bits 5-7 hold a value type's field padding, bits 8-10 log2 of Nullable<T>'s value offset.
        private const uint ValueTypeFieldPaddingMask = 0x00E0;
        private const int ValueTypeFieldPaddingShift = 5;
        private const uint NullableValueOffsetMask = 0x0700;
        private const int NullableValueOffsetShift = 8;

        /// <summary>Bytes of padding after a value type's fields in its boxed form.</summary>
        public uint ValueTypeFieldPadding => HasComponentSize ? 0 : (_uFlags & ValueTypeFieldPaddingMask) >> ValueTypeFieldPaddingShift;

        /// <summary>Offset of the value inside a Nullable&lt;T&gt; (after the HasValue flag, aligned for T).</summary>
        public uint NullableValueOffset => 1u << (int)((_uFlags & NullableValueOffsetMask) >> NullableValueOffsetShift);

        private const uint HasDispatchMapFlag = 0x00040000;
        private const uint HasSealedVTableEntriesFlag = 0x00400000;

        /// <summary>The optional fields after the interface map: 32-bit relative pointers, in this order:
        /// TypeManager indirection, writable data, [dispatch map], [finalizer], [sealed vtable],
        /// [generic definition, generic composition].</summary>
        private int* OptionalFields
        {
            get
            {
                return (int*)((byte*)InterfaceMap + _usNumInterfaces * sizeof(nint));
            }
        }

        private static void* Follow(int* relative) => (byte*)relative + *relative;

        private int* GenericFields
        {
            get
            {
                int* next = OptionalFields + 2;   // TypeManager indirection, writable data
                if ((_uFlags & HasDispatchMapFlag) != 0) next++;
                if ((_uFlags & HasFinalizerFlag) != 0) next++;
                if ((_uFlags & HasSealedVTableEntriesFlag) != 0) next++;
                return next;
            }
        }

        private const uint GenericTypeDefinitionKind = 0x00030000;

        public bool IsGenericTypeDefinition => (_uFlags & EETypeKindMask) == GenericTypeDefinitionKind;

        /// <summary>The open generic type an instantiation was made from (e.g. Nullable&lt;&gt;), or null.</summary>
        public MethodTable* GenericDefinition => IsGeneric && !IsGenericTypeDefinition ? (MethodTable*)Follow(GenericFields) : null;

        /// <summary>A variant generic definition's variance, one byte per type parameter (0 none, 1 out, 2 in, 0x20
        /// array covariance), where an instantiation keeps its definition; null for other types.</summary>
        public byte* GenericVarianceOfDefinition =>
            IsGenericTypeDefinition && HasGenericVariance ? (byte*)Follow(GenericFields) : null;

        /// <summary>Number of type arguments of a generic instantiation: a generic definition's MethodTable keeps its
        /// parameter count where other types keep their base size.</summary>
        public int GenericArity => IsGenericTypeDefinition ? (int)_uBaseSize : IsGeneric ? (int)GenericDefinition->_uBaseSize : 0;

        /// <summary>First type argument of a generic instantiation. With one argument, the composition field
        /// points at the argument's MethodTable itself; with more, at an array of relative pointers.</summary>
        public MethodTable* GetGenericArgument(int index, int arity)
        {
            if (!IsGeneric || IsGenericTypeDefinition) return null;
            int* composition = GenericFields + 1;
            if (arity == 1) return (MethodTable*)Follow(composition);
            int* arguments = (int*)Follow(composition);
            return (MethodTable*)Follow(arguments + index);
        }

        public MethodTable** InterfaceMap
        {
            get
            {
                fixed (MethodTable* self = &this)
                    return (MethodTable**)((byte*)self + sizeof(MethodTable) + _usNumVtableSlots * sizeof(nint));
            }
        }

        public MethodTable* GetInterface(int index) => InterfaceMap[index];

        public void* GetVirtualSlot(int slot)
        {
            fixed (MethodTable* self = &this)
                return ((void**)((byte*)self + sizeof(MethodTable)))[slot];
        }
    }

    /// <summary>Kinds of types as the compiler encodes them in the MethodTable flags.</summary>
    public enum EETypeElementType
    {
        Unknown = 0x00,
        Void = 0x01,
        Boolean = 0x02,
        Char = 0x03,
        SByte = 0x04,
        Byte = 0x05,
        Int16 = 0x06,
        UInt16 = 0x07,
        Int32 = 0x08,
        UInt32 = 0x09,
        Int64 = 0x0A,
        UInt64 = 0x0B,
        IntPtr = 0x0C,
        UIntPtr = 0x0D,
        Single = 0x0E,
        Double = 0x0F,
        ValueType = 0x10,
        Nullable = 0x12,
        Class = 0x14,
        Interface = 0x15,
        SystemArray = 0x16,
        Array = 0x17,
        SzArray = 0x18,
        ByRef = 0x19,
        Pointer = 0x1A,
        FunctionPointer = 0x1B,
    }
}

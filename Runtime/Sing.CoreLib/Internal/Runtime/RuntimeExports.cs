using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace System.Runtime
{
    using Internal.Runtime;

    /// <summary>Allocation and boxing entry points the compiler's generated code calls by symbol name.</summary>
    internal static unsafe class RuntimeExports
    {
        // RhpNewFast, RhpNewArrayFast and RhpNewPtrArrayFast are the assembly fast paths (Native/runtime.asm), which
        // come here when the running thread's allocation context cannot serve them.
        [RuntimeExport("sing_new_object_slow")]
        private static object NewObjectSlow(MethodTable* type) => ObjectAllocator.AllocateObject(type);

        [RuntimeExport("sing_new_array_slow")]
        private static object NewArraySlow(MethodTable* type, int length) => ObjectAllocator.AllocateArray(type, length);

        [RuntimeExport("RhpNewFinalizable")]
        private static object RhpNewFinalizable(MethodTable* type) => ObjectAllocator.AllocateObject(type);

        [RuntimeExport("RhNewObject")]
        private static object RhNewObject(MethodTable* type) => ObjectAllocator.AllocateObject(type);

        [RuntimeExport("RhpNewArray")]
        private static object RhpNewArray(MethodTable* type, int length) => ObjectAllocator.AllocateArray(type, length);

        [RuntimeExport("RhNewArray")]
        private static object RhNewArray(MethodTable* type, int length) => ObjectAllocator.AllocateArray(type, length);

        [RuntimeExport("RhNewString")]
        private static object RhNewString(MethodTable* type, int length) => ObjectAllocator.AllocateArray(type, length);

        internal static object AllocateArrayLike(MethodTable* type, int length) => ObjectAllocator.AllocateArray(type, length);

        internal static object Box(MethodTable* type, ref byte data) => RhBox(type, ref data);

        [RuntimeExport("RhBox")]
        private static object RhBox(MethodTable* type, ref byte data)
        {
            // Nullable<T> boxes to null or to a boxed T.
            if (type->IsNullable)
            {
                if (data == 0) return null;
                MethodTable* underlying = type->RelatedParameterTypeOfNullable();
                return RhBox(underlying, ref Unsafe.Add(ref data, (int)type->NullableValueOffset));
            }
            object result = ObjectAllocator.AllocateObject(type);
            Buffer.Memmove((byte*)Unsafe.AsPointer(ref result.GetRawData()), (byte*)Unsafe.AsPointer(ref data), type->ValueTypeSize);
            return result;
        }

        [RuntimeExport("RhUnbox2")]
        private static ref byte RhUnbox2(MethodTable* type, object obj)
        {
            if (obj == null) throw new NullReferenceException();
            if (!TypeCast.AreUnboxCompatible(obj.m_pMethodTable, type)) throw TypeCast.CastError(obj.m_pMethodTable, type);
            return ref obj.GetRawData();
        }

        /// <summary>What the compiler calls when an unbox's exact type test failed (`(long)obj` on a boxed int or enum):
        /// an enum and a primitive of the same underlying type unbox as each other, anything else is .NET's
        /// InvalidCastException. <paramref name="type"/> is the type unboxed to, <paramref name="boxType"/> the box's.</summary>
        internal static void RhUnboxTypeTest(MethodTable* type, MethodTable* boxType)
        {
            if (!TypeCast.AreUnboxCompatible(boxType, type)) throw TypeCast.CastError(boxType, type);
        }

        [RuntimeExport("RhUnboxNullable")]
        private static void RhUnboxNullable(ref byte destination, MethodTable* nullableType, object obj)
        {
            MethodTable* underlying = nullableType->RelatedParameterTypeOfNullable();
            uint valueOffset = nullableType->NullableValueOffset;
            Buffer.Fill((byte*)Unsafe.AsPointer(ref destination), 0, nullableType->ValueTypeSize);
            if (obj == null) return;
            if (!TypeCast.AreUnboxCompatible(obj.m_pMethodTable, underlying)) throw TypeCast.CastError(obj.m_pMethodTable, underlying);
            destination = 1;
            Buffer.Memmove((byte*)Unsafe.AsPointer(ref Unsafe.Add(ref destination, (int)valueOffset)),
                (byte*)Unsafe.AsPointer(ref obj.GetRawData()), underlying->ValueTypeSize);
        }
    }

    internal static unsafe class ObjectExtensions
    {
        /// <summary>The first byte after the MethodTable pointer: a boxed value's data, or a class's first field.</summary>
        internal static ref byte GetRawData(this object obj) => ref Unsafe.As<RawData>(obj).Data;

        /// <summary>Reinterprets any object as "MethodTable pointer, then bytes".</summary>
        private sealed class RawData
        {
            public byte Data;
        }

        /// <summary>The T of a Nullable&lt;T&gt;: its single generic argument.</summary>
        internal static MethodTable* RelatedParameterTypeOfNullable(this ref MethodTable nullable) =>
            nullable.GetGenericArgument(0, 1);
    }
}

using System;
using System.Runtime.CompilerServices;
using Internal.Runtime.GC;

namespace Internal.Runtime
{
    /// <summary>Creates objects and arrays on the object space's garbage-collected heap (<see cref="GCHeap"/>).</summary>
    public static unsafe class ObjectAllocator
    {
        public static ulong BytesAllocated => GCStatistics.BytesAllocated;
        public static ulong ObjectsAllocated => GCStatistics.ObjectsAllocated;

        internal static object AllocateObject(MethodTable* type)
        {
            byte* obj = GCHeap.Allocate(type->BaseSize);
            *(MethodTable**)obj = type;
            return Unsafe.AsRef<object>(&obj);
        }

        internal static object AllocateArray(MethodTable* type, int length)
        {
            if (length < 0) throw new OverflowException();
            ulong size = type->BaseSize + (ulong)length * type->ComponentSize;
            if (size > int.MaxValue) throw new OutOfMemoryException();
            byte* obj = GCHeap.Allocate((nuint)size);
            *(MethodTable**)obj = type;
            *(int*)(obj + sizeof(nint)) = length;
            return Unsafe.AsRef<object>(&obj);
        }
    }
}

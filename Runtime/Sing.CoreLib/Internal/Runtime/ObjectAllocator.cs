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
            ulong cookie = HeapSection.Enter();
            byte* obj = GCHeap.Allocate(type->BaseSize);
            if (obj == null)
            {
                HeapSection.Exit(cookie);
                GCHeap.ThrowOutOfMemory();
            }
            *(MethodTable**)obj = type;
            HeapSection.Exit(cookie);
            return Unsafe.AsRef<object>(&obj);
        }

        internal static object AllocateArray(MethodTable* type, int length)
        {
            if (length < 0) throw new OverflowException();
            ulong size = type->BaseSize + (ulong)length * type->ComponentSize;
            if (size > int.MaxValue) throw new OutOfMemoryException();
            ulong cookie = HeapSection.Enter();
            byte* obj = GCHeap.Allocate((nuint)size);
            if (obj == null)
            {
                HeapSection.Exit(cookie);
                GCHeap.ThrowOutOfMemory();
            }
            *(MethodTable**)obj = type;
            *(int*)(obj + sizeof(nint)) = length;
            HeapSection.Exit(cookie);
            return Unsafe.AsRef<object>(&obj);
        }
    }

    /// <summary>The heap's critical section: no other thread of this object space runs inside it, so the bump
    /// pointer, the object's header and a collection are never seen half done. (One CPU: deferring preemption is
    /// enough; no lock is taken.) Nothing throws inside it: out-of-memory is thrown after leaving.</summary>
    internal static unsafe class HeapSection
    {
        public static ulong Enter() => RuntimeHost.EnterNoPreemption != null ? RuntimeHost.EnterNoPreemption() : 0;

        public static void Exit(ulong cookie)
        {
            if (RuntimeHost.ExitNoPreemption != null) RuntimeHost.ExitNoPreemption(cookie);
        }
    }
}

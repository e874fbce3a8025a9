using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Internal.Runtime.GC;

namespace Internal.Runtime
{
    /// <summary>Creates objects and arrays on the object space's garbage-collected heap (<see cref="GCHeap"/>).</summary>
    public static unsafe class ObjectAllocator
    {
        public static ulong BytesAllocated => GCStatistics.BytesAllocated;
        public static ulong ObjectsAllocated => GCStatistics.ObjectsAllocated;

        /// <summary>Per-thread allocation contexts in existence (for tests: finished threads' contexts are reused).</summary>
        public static int ThreadContextCount => AllocationContext.Count;

        /// <summary>Called by the host before the first allocation: each thread allocates through its own context,
        /// found at <paramref name="slotOffset"/> from the GS base (the host keeps GS pointing at the running
        /// thread's slot block). Without this call allocation always takes the locked slow path.</summary>
        public static void UsePerThreadContexts(nint slotOffset)
        {
            AllocationContext.SlotOffset = slotOffset;
            SetAllocationSlot(slotOffset);   // the assembly fast paths' copy
        }

        [MethodImpl(MethodImplOptions.InternalCall), System.Runtime.RuntimeImport("sing_set_allocation_slot")]
        private static extern void SetAllocationSlot(nint offset);

        /// <summary>Releases a finished thread's context (the value its slot held), in a heap section.</summary>
        public static void ReleaseThreadContext(void* context)
        {
            if (context == null) return;
            ulong cookie = HeapSection.Enter();
            AllocationContext.Release((AllocationContext*)context);
            HeapSection.Exit(cookie);
        }

        /// <summary>Releases the running thread's context (the thread is ending).</summary>
        public static void ReleaseCurrentThreadContext()
        {
            ulong cookie = HeapSection.Enter();
            AllocationContext.ReleaseCurrent();
            HeapSection.Exit(cookie);
        }

        internal static object AllocateObject(MethodTable* type)
        {
            // Fast path: bump the running thread's context, no lock, no preemption section. The header is written
            // before the new pointer is published (see AllocationContext).
            nuint size = GCHeap.AlignedSize(type->BaseSize);
            AllocationContext* context = AllocationContext.Current();
            if (context != null)
            {
                byte* header = context->Pointer;
                if (size <= (nuint)(context->Limit - header))
                {
                    *(MethodTable**)(header + sizeof(nint)) = type;
                    Volatile.Write(ref *(long*)&context->Pointer, (long)(header + size));
                    byte* result = header + sizeof(nint);
                    return Unsafe.AsRef<object>(&result);
                }
            }
            return AllocateObjectSlow(type);
        }

        private static object AllocateObjectSlow(MethodTable* type)
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
            ulong bytes = type->BaseSize + (ulong)length * type->ComponentSize;
            if (bytes > int.MaxValue) throw new OutOfMemoryException();
            nuint size = GCHeap.AlignedSize((nuint)bytes);
            AllocationContext* context = AllocationContext.Current();
            if (context != null)
            {
                byte* header = context->Pointer;
                if (size <= (nuint)(context->Limit - header))
                {
                    *(MethodTable**)(header + sizeof(nint)) = type;
                    *(int*)(header + 2 * sizeof(nint)) = length;
                    Volatile.Write(ref *(long*)&context->Pointer, (long)(header + size));
                    byte* result = header + sizeof(nint);
                    return Unsafe.AsRef<object>(&result);
                }
            }
            return AllocateArraySlow(type, length, (nuint)bytes);
        }

        private static object AllocateArraySlow(MethodTable* type, int length, nuint bytes)
        {
            ulong cookie = HeapSection.Enter();
            byte* obj = GCHeap.Allocate(bytes);
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

    /// <summary>The heap's critical section (the slow path: new regions, large objects, collections): no other
    /// thread of this object space runs inside it, so the shared region, the free list and a collection are never
    /// seen half done. (One CPU: deferring preemption is
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

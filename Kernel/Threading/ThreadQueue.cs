using System.Runtime.CompilerServices;

namespace Sing.Kernel.Threading
{
    /// <summary>FIFO of threads linked through <see cref="KernelThread.NextInQueue"/>: no allocation to enqueue.
    /// Links are thread addresses, not references: threads never move and stay rooted in the scheduler's thread
    /// list while queued, and storing an address needs no write-barrier call (every wake and switch runs here).</summary>
    internal struct ThreadQueue
    {
        private nint _head;
        private nint _tail;
        public int Count;

        public readonly bool IsEmpty => _head == 0;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Enqueue(KernelThread thread)
        {
            nint address = KernelThread.AddressOf(thread);
            thread.NextInQueue = 0;
            if (_tail == 0) _head = address; else KernelThread.At(_tail).NextInQueue = address;
            _tail = address;
            Count++;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public KernelThread Dequeue()
        {
            if (_head == 0) return null;
            KernelThread thread = KernelThread.At(_head);
            _head = thread.NextInQueue;
            if (_head == 0) _tail = 0;
            thread.NextInQueue = 0;
            Count--;
            return thread;
        }

        public bool Remove(KernelThread thread)
        {
            nint target = KernelThread.AddressOf(thread);
            nint previous = 0;
            for (nint t = _head; t != 0; previous = t, t = KernelThread.At(t).NextInQueue)
            {
                if (t != target) continue;
                if (previous == 0) _head = thread.NextInQueue; else KernelThread.At(previous).NextInQueue = thread.NextInQueue;
                if (_tail == t) _tail = previous;
                thread.NextInQueue = 0;
                Count--;
                return true;
            }
            return false;
        }

        /// <summary>Moves every thread of <paramref name="other"/> to the end of this queue, keeping their order.</summary>
        public void AppendAll(ref ThreadQueue other)
        {
            while (!other.IsEmpty) Enqueue(other.Dequeue());
        }
    }
}

namespace Sing.Kernel.Threading
{
    /// <summary>FIFO of threads linked through <see cref="KernelThread.NextInQueue"/>: no allocation to enqueue.</summary>
    internal struct ThreadQueue
    {
        private KernelThread _head;
        private KernelThread _tail;
        public int Count;

        public readonly bool IsEmpty => _head == null;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public void Enqueue(KernelThread thread)
        {
            thread.NextInQueue = null;
            if (_tail == null) _head = thread; else _tail.NextInQueue = thread;
            _tail = thread;
            Count++;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public KernelThread Dequeue()
        {
            KernelThread thread = _head;
            if (thread == null) return null;
            _head = thread.NextInQueue;
            if (_head == null) _tail = null;
            thread.NextInQueue = null;
            Count--;
            return thread;
        }

        public bool Remove(KernelThread thread)
        {
            KernelThread previous = null;
            for (KernelThread t = _head; t != null; previous = t, t = t.NextInQueue)
            {
                if (t != thread) continue;
                if (previous == null) _head = t.NextInQueue; else previous.NextInQueue = t.NextInQueue;
                if (_tail == t) _tail = previous;
                t.NextInQueue = null;
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

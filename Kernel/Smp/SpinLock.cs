using System.Threading;
using Sing.Kernel.Arch;

namespace Sing.Kernel.Smp
{
    /// <summary>A kernel lock for several processors: interrupts off on the local CPU (so an interrupt handler on this CPU
    /// cannot spin on a lock its own CPU holds), then a ticket lock (FIFO: a CPU waits at most for those that asked
    /// before it). <see cref="Rank"/> places it in the lock order (<see cref="LockOrder"/>): while holding a lock, only
    /// locks of a higher rank may be taken. Hold it briefly and never across a block: a spinning CPU does nothing else.</summary>
    internal sealed unsafe class SpinLock
    {
        private const ulong InterruptFlag = 0x200;

        public readonly string Name;
        public readonly int Rank;
        private int _next;      // the ticket the next caller draws
        private int _serving;   // the ticket that holds the lock

        public SpinLock(string name, int rank)
        {
            Name = name;
            Rank = rank;
        }

        /// <summary>Takes the lock; returns the caller's interrupt state for <see cref="Exit"/>.</summary>
        public ulong Enter()
        {
            ulong flags = Cpu.SaveFlagsAndDisableInterrupts();
            if (LockOrder.Checking) LockOrder.Taking(this, Cpu.ReadFramePointer());
            int ticket = Interlocked.Increment(ref _next) - 1;
            while (Volatile.Read(ref _serving) != ticket) Cpu.Pause();
            return flags;
        }

        /// <summary>Takes the lock only if nobody holds or waits for it; then <paramref name="flags"/> is for <see cref="Exit"/>.</summary>
        public bool TryEnter(out ulong flags)
        {
            flags = Cpu.SaveFlagsAndDisableInterrupts();
            int serving = Volatile.Read(ref _serving);
            if (Interlocked.CompareExchange(ref _next, serving + 1, serving) == serving)
            {
                if (LockOrder.Checking) LockOrder.Taking(this, Cpu.ReadFramePointer());
                return true;
            }
            if ((flags & InterruptFlag) != 0) Cpu.EnableInterrupts();
            return false;
        }

        /// <summary>Releases the lock and restores the interrupt state <see cref="Enter"/> returned.</summary>
        public void Exit(ulong flags)
        {
            if (LockOrder.Checking) LockOrder.Released(this);
            Volatile.Write(ref _serving, _serving + 1);
            if ((flags & InterruptFlag) != 0) Cpu.EnableInterrupts();
        }

        /// <summary>Whether some processor holds the lock (or is about to: it drew a ticket).</summary>
        public bool IsHeld => Volatile.Read(ref _next) != Volatile.Read(ref _serving);
    }
}

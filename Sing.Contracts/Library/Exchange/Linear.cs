using System.Threading;

namespace Sing.Contracts
{
    /// <summary>
    /// Base of every tracked (linear) value: exchange-heap blocks, vectors and endpoints. The
    /// analyzers prove statically that a handle is used by one owner at a time; this class checks
    /// the same at run time as a backstop, so a stale alias fails loudly instead of sharing memory.
    /// Every change of ownership is one interlocked step, so two threads (or two copies of one message
    /// that both hold this handle) can never both take it; and an access to the resource in progress
    /// (<see cref="BeginAccess"/>) holds off a free or a send from another thread (the free waits for it to end, and
    /// later accesses fail), so the memory cannot change owner between the ownership check and the read or write.
    /// </summary>
    public abstract class Linear
    {
        private const int Owned = 0;
        private const int InTransit = 1;
        private const int Dead = 2;
        private const int Changing = 3;

        private int _status;
        private int _accesses;

        /// <summary>What the value is, for error messages (the SIP corelib has no reflection for GetType().Name).</summary>
        protected virtual string KindName => "tracked value";

        /// <summary>True while this handle is the live owner of its block or channel end.</summary>
        public bool IsOwned => Volatile.Read(ref _status) == Owned;

        /// <summary>Throws unless this handle still owns its resource.</summary>
        protected void CheckOwned()
        {
            int status = Volatile.Read(ref _status);
            if (status != Owned)
            {
                throw Violation(status);
            }
        }

        /// <summary>Starts a read or write of the resource; <see cref="EndAccess"/> must follow (in a finally).
        /// While any access is in progress a free or send on another thread waits for it.</summary>
        protected void BeginAccess()
        {
            Interlocked.Increment(ref _accesses);
            int status = Volatile.Read(ref _status);
            if (status != Owned)
            {
                Interlocked.Decrement(ref _accesses);
                throw Violation(status);
            }
        }

        /// <summary>Ends what <see cref="BeginAccess"/> started.</summary>
        protected void EndAccess()
        {
            Interlocked.Decrement(ref _accesses);
        }

        /// <summary>Ends this handle's ownership before its resource is released (a free): throws, and changes
        /// nothing, unless this handle owns the resource; waits for accesses in progress on other threads to end.</summary>
        protected void EndOwnership()
        {
            Leave(Dead);
        }

        /// <summary>Sending: the sender's handle stops working immediately.</summary>
        internal void BeginTransfer()
        {
            Leave(InTransit);
        }

        /// <summary>Receiving or storing: a fresh handle for the new owner; this one dies for good. Only one caller
        /// ever succeeds, however many copies of a message hold this handle.</summary>
        internal Linear CompleteTransfer()
        {
            if (!TryEndTransit())
            {
                // A second receive of the same message argument (e.g. calling GetM twice).
                throw new LinearityViolationException(KindName + " was already received by its new owner");
            }

            return CreateSuccessor();
        }

        /// <summary>Ends a transfer without a successor (the value goes to the kernel or back to the heap): true for
        /// the one caller that did it.</summary>
        internal bool TryEndTransit()
        {
            return Interlocked.CompareExchange(ref _status, Dead, InTransit) == InTransit;
        }

        /// <summary>True while the value travels (sent and not yet received or claimed).</summary>
        internal bool IsInTransit => Volatile.Read(ref _status) == InTransit;

        /// <summary>Creates the handle the next owner uses for the same resource (called once, on the handle that just
        /// stopped being in transit).</summary>
        protected abstract Linear CreateSuccessor();

        /// <summary>Releases the resource explicitly (Sing#'s <c>delete</c>).</summary>
        public abstract void Free();

        private void Leave(int to)
        {
            int status = Interlocked.CompareExchange(ref _status, Changing, Owned);
            if (status != Owned)
            {
                throw Violation(status);
            }

            // Changing already refuses new accesses (BeginAccess backs out), so the ones in progress are all that can
            // hold the resource, and each is a bounded copy that runs no caller code: wait them out rather than refuse.
            // Refusing let a program that retries the free starve when its reader was always caught mid-copy (on one
            // CPU under instruction counting the timer can land at the same point of the reader's loop every time).
            while (Volatile.Read(ref _accesses) != 0)
            {
                Thread.Yield();
            }

            Volatile.Write(ref _status, to);
        }

        private LinearityViolationException Violation(int status)
        {
            return new LinearityViolationException(status switch
            {
                InTransit => KindName + " was sent and is no longer owned by this code",
                Changing => KindName + " is being freed or sent by another thread",
                _ => KindName + " was freed or transferred",
            });
        }
    }
}

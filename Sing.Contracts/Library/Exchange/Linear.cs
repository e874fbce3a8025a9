namespace Sing.Contracts
{
    /// <summary>
    /// Base of every tracked (linear) value: exchange-heap blocks, vectors and endpoints. The
    /// analyzers prove statically that a handle is used by one owner at a time; this class checks
    /// the same at run time as a backstop, so a stale alias fails loudly instead of sharing memory.
    /// </summary>
    public abstract class Linear
    {
        private const byte Owned = 0;
        private const byte InTransit = 1;
        private const byte Dead = 2;

        private byte _status;

        /// <summary>What the value is, for error messages (the SIP corelib has no reflection for GetType().Name).</summary>
        protected virtual string KindName => "tracked value";

        /// <summary>True while this handle is the live owner of its block or channel end.</summary>
        public bool IsOwned => _status == Owned;

        /// <summary>Throws unless this handle still owns its resource.</summary>
        protected void CheckOwned()
        {
            if (_status != Owned)
            {
                throw new LinearityViolationException(_status == InTransit
                    ? KindName + " was sent and is no longer owned by this code"
                    : KindName + " was freed or transferred");
            }
        }

        /// <summary>Ends this handle's ownership (after a free or a transfer).</summary>
        protected void MarkDead()
        {
            _status = Dead;
        }

        /// <summary>Sending: the sender's handle stops working immediately.</summary>
        internal void BeginTransfer()
        {
            CheckOwned();
            _status = InTransit;
        }

        /// <summary>Receiving or storing: a fresh handle for the new owner; this one dies for good.</summary>
        internal Linear CompleteTransfer()
        {
            if (_status != InTransit)
            {
                // A second receive of the same message argument (e.g. calling GetM twice).
                throw new LinearityViolationException(KindName + " was already received by its new owner");
            }

            Linear fresh = CreateSuccessor();
            _status = Dead;
            return fresh;
        }

        /// <summary>Creates the handle the next owner uses for the same resource.</summary>
        protected abstract Linear CreateSuccessor();

        /// <summary>Releases the resource explicitly (Sing#'s <c>delete</c>).</summary>
        public abstract void Free();
    }
}

namespace Sing.Contracts
{
    /// <summary>
    /// Base of the handles that own one exchange-heap block (<see cref="ExVector{T}"/>, <see cref="ExRef{T}"/>, and a
    /// block that arrived in a message and was not yet taken). What a message carries is the handle itself, never the
    /// block's address: the transport claims the address from the handle in one interlocked step when the message
    /// leaves, so a copy of the message (or a second transport) finds the handle already claimed and fails.
    /// Programs cannot derive from it: only this library makes block handles.
    /// </summary>
    public abstract unsafe class ExBlock : Linear
    {
        private protected ExBlock()
        {
        }

        /// <summary>The block's address, given up by this handle (which is dead afterwards); only a handle in transit
        /// (sent, not yet received) can be claimed, and only once.</summary>
        internal nint Claim()
        {
            if (!TryEndTransit())
            {
                throw new LinearityViolationException(KindName + " in a message was already sent, taken or freed; a copy of the message carries nothing");
            }

            return TakeStorage();
        }

        /// <summary>Bytes the handle's view of the block covers (the transport bounds a received length with the
        /// block's real size, from the kernel).</summary>
        internal abstract nint TakeStorage();
    }

    /// <summary>A block that arrived in a message, before the typed unpack takes it as a vector or a struct block.</summary>
    internal sealed class ArrivedBlock : ExBlock
    {
        private nint _address;

        private ArrivedBlock(nint address)
        {
            _address = address;
        }

        protected override string KindName => "exchange block";

        /// <summary>A handle in transit for <paramref name="address"/>, which the receiving process now owns.</summary>
        internal static ArrivedBlock Of(nint address)
        {
            var arrived = new ArrivedBlock(address);
            arrived.BeginTransfer();
            return arrived;
        }

        internal override nint TakeStorage()
        {
            nint address = _address;
            _address = 0;
            return address;
        }

        // Never owned by program code: it is claimed (taken as a typed value, or released with its message).
        protected override Linear CreateSuccessor() => throw new LinearityViolationException("an arrived block is taken by the typed receive");

        public override void Free()
        {
            throw new LinearityViolationException("an arrived block is taken by the typed receive");
        }
    }
}

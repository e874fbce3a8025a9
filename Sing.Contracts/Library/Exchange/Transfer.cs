namespace Sing.Contracts
{
    /// <summary>Ownership moves used by generated endpoint code and by <see cref="TRef{T}"/>.</summary>
    public static class Transfer
    {
        /// <summary>Called by the sender: the value leaves the sender (null is passed through).</summary>
        public static T? Send<T>(T? value) where T : Linear
        {
            value?.BeginTransfer();
            return value;
        }

        /// <summary>Called by the receiver: returns the receiver's own handle to the same resource.</summary>
        public static T? Receive<T>(T? value) where T : Linear
        {
            return value is null ? null : (T)value.CompleteTransfer();
        }

        /// <summary>Marks a handle made for a value that arrived in a message as in transit (generated unpack code).</summary>
        public static T Arrive<T>(T value) where T : Linear
        {
            value.BeginTransfer();
            return value;
        }

        /// <summary>Moves ownership without a channel (e.g. into a holder): old handle dies.</summary>
        public static T Move<T>(T value) where T : Linear
        {
            value.BeginTransfer();
            return (T)value.CompleteTransfer();
        }
    }
}

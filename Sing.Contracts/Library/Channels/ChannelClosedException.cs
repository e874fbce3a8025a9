using System;

namespace Sing.Contracts
{
    /// <summary>Thrown by a single-message receive when the peer endpoint is gone.</summary>
    public sealed class ChannelClosedException : InvalidOperationException
    {
        public ChannelClosedException(string message)
            : base(message)
        {
        }
    }
}

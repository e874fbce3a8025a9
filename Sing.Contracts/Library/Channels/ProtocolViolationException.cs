using System;

namespace Sing.Contracts
{
    /// <summary>A send or receive the contract does not allow in the endpoint's current state.</summary>
    public sealed class ProtocolViolationException : InvalidOperationException
    {
        public ProtocolViolationException(string message)
            : base(message)
        {
        }
    }
}

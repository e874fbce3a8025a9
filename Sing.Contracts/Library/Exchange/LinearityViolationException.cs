using System;

namespace Sing.Contracts
{
    /// <summary>A tracked value was used after it was sent or freed (a bug the analyzers report statically).</summary>
    public sealed class LinearityViolationException : InvalidOperationException
    {
        public LinearityViolationException(string message)
            : base(message)
        {
        }
    }
}

using System;

namespace Sing.Contracts
{
    /// <summary>
    /// The protocol state an endpoint is in: on a message argument (the state the endpoint travels in,
    /// Sing#'s <c>NicEvents.Exp:READY</c>), on a method parameter (its state on entry), or on a
    /// return value. The analyzers check it; the runtime checks it again when the endpoint is sent.
    /// </summary>
    [AttributeUsage(AttributeTargets.Parameter | AttributeTargets.ReturnValue, AllowMultiple = false, Inherited = false)]
    public sealed class InStateAttribute : Attribute
    {
        public InStateAttribute(string state)
        {
            State = state;
        }

        public string State { get; }
    }
}

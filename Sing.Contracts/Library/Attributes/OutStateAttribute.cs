using System;

namespace Sing.Contracts
{
    /// <summary>
    /// The state a borrowed endpoint parameter must be in when the method returns. Without it the
    /// endpoint must leave in the state it came in (<see cref="InStateAttribute"/>).
    /// </summary>
    [AttributeUsage(AttributeTargets.Parameter, AllowMultiple = false, Inherited = false)]
    public sealed class OutStateAttribute : Attribute
    {
        public OutStateAttribute(string state)
        {
            State = state;
        }

        public string State { get; }
    }
}

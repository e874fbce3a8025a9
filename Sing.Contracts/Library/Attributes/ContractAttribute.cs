using System;

namespace Sing.Contracts
{
    /// <summary>
    /// Marks a partial class as a channel contract. Messages are partial methods marked
    /// <see cref="InMessageAttribute"/> or <see cref="OutMessageAttribute"/>; states are
    /// <see cref="StateAttribute"/>s on the class. The generator adds the Imp/Exp endpoint types.
    /// </summary>
    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false, Inherited = false)]
    public sealed class ContractAttribute : Attribute
    {
        /// <summary>Name of the initial state; when empty, the first listed state is initial.</summary>
        public string Initial { get; set; } = "";

        /// <summary>A contract this one extends: its messages and states are inherited.</summary>
        public Type? Extends { get; set; }
    }
}

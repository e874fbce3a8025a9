using System;

namespace Sing.Contracts
{
    /// <summary>
    /// The method takes ownership of this exchange-heap block or endpoint parameter: it must send,
    /// free, return or store it in a <see cref="TRef{T}"/>. Unmarked tracked parameters are borrowed.
    /// </summary>
    [AttributeUsage(AttributeTargets.Parameter, AllowMultiple = false, Inherited = false)]
    public sealed class ClaimsAttribute : Attribute
    {
    }
}

using System;

namespace Sing.Contracts
{
    /// <summary>A message the importing endpoint sends to the exporter (<c>?</c> in a state).</summary>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class InMessageAttribute : Attribute
    {
    }
}

using System;

namespace Sing.Contracts
{
    /// <summary>A message the exporting endpoint sends to the importer (<c>!</c> in a state).</summary>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class OutMessageAttribute : Attribute
    {
    }
}

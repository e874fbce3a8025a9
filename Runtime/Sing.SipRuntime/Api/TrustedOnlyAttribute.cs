using System;

namespace Singularity.V1
{
    /// <summary>Marks a member of a trusted library that gives raw access: an address, or a span into memory whose
    /// ownership can end while the span lives. The installer refuses every use of such a member by an untrusted
    /// program (the checked alternatives beside it are for them); trusted tools and the contract runtime may use it.</summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Constructor | AttributeTargets.Field
        | AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
    public sealed class TrustedOnlyAttribute : Attribute
    {
    }
}

using System;

namespace Sing.Contracts
{
    /// <summary>A member that lends raw access into exchange-heap memory (a span or a reference that outlives a free
    /// or a send). The installer refuses its use by an untrusted SIP program, which uses the checked accessors beside
    /// it; trusted code and host code may use it, and the analyzers track such views statically. Unlike
    /// <see cref="PrivilegedAttribute"/>, the analyzers do not report a use.</summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Constructor, AllowMultiple = false, Inherited = false)]
    public sealed class TrustedOnlyAttribute : Attribute
    {
    }
}

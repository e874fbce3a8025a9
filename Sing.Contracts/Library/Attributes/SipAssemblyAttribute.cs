using System;

namespace Sing.Contracts
{
    /// <summary>Marks an assembly as SIP code: the purity rules (no unsafe code, interop, emit...) apply.</summary>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = false)]
    public sealed class SipAssemblyAttribute : Attribute
    {
    }
}

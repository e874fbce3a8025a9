using System;

namespace Sing.Contracts
{
    /// <summary>Marks an assembly as trusted: it may call members marked <see cref="PrivilegedAttribute"/>.</summary>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = false)]
    public sealed class TrustedAssemblyAttribute : Attribute
    {
    }
}

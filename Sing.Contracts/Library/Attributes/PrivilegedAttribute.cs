using System;

namespace Sing.Contracts
{
    /// <summary>A privileged operation (I/O ports, page tables...): only trusted assemblies may use it.</summary>
    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Property | AttributeTargets.Constructor | AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
    public sealed class PrivilegedAttribute : Attribute
    {
    }
}

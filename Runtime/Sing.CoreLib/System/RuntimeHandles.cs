namespace System
{
    public struct RuntimeTypeHandle
    {
        internal IntPtr _value;
    }

    public struct RuntimeMethodHandle
    {
        internal IntPtr _value;
    }

    public struct RuntimeFieldHandle
    {
        internal IntPtr _value;
    }

    /// <summary>Placeholder for System.Type: our runtime carries no reflection metadata. typeof(T) is not
    /// supported; code compares MethodTables instead.</summary>
    public abstract class Type
    {
    }
}

namespace System
{
    /// <summary>Required by the compiler's type system (typeof support); never instantiated by this runtime.</summary>
    internal sealed class RuntimeType : Type
    {
    }
}

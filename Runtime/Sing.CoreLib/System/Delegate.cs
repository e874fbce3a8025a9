namespace System
{
    /// <summary>Delegates. Field names are a contract with the compiler, which generates the constructors
    /// and Invoke stubs that read them.</summary>
    public abstract class Delegate
    {
#pragma warning disable CS0649, CS0169
        internal object m_firstParameter;
        internal object m_helperObject;
        internal IntPtr m_extraFunctionPointerOrData;
        internal IntPtr m_functionPointer;
#pragma warning restore CS0649, CS0169
    }

    public abstract class MulticastDelegate : Delegate
    {
    }
}

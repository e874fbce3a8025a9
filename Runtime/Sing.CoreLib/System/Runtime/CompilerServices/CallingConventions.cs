namespace System.Runtime.CompilerServices
{
    /// <summary>Calling-convention modifier for unmanaged function pointers: the call makes no GC transition. The
    /// kernel ABI's entries use it (Runtime/Abi/V1/AbiTable.cs): this runtime's transition frames are empty, so the
    /// transition would only cost instructions.</summary>
    public class CallConvSuppressGCTransition
    {
        public CallConvSuppressGCTransition() { }
    }
}

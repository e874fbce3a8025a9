namespace System.Runtime.CompilerServices
{
    /// <summary>"MethodTable pointer, then bytes": ILC's unboxing stubs for shared generic structs take the
    /// address of Data to reach a boxed value's fields.</summary>
    internal sealed class RawData
    {
        public byte Data;
    }
}

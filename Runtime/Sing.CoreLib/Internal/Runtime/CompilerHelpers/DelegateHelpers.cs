namespace Internal.Runtime.CompilerHelpers
{
    /// <summary>Helpers the compiler's delegate thunks call by name. The object-array thunk (a delegate over
    /// Func&lt;object[], object&gt;) is compiled with every delegate type once anything asks a delegate for a thunk.</summary>
    internal static class DelegateHelpers
    {
        private static readonly object[] s_emptyObjectArray = new object[0];

        private static object[] GetEmptyObjectArray() => s_emptyObjectArray;
    }
}

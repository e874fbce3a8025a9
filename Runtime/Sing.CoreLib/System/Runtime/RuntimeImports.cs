using Internal.Runtime;

namespace System.Runtime
{
    /// <summary>Runtime services that ILC-generated IL calls by name (here: the store check of the
    /// multi-dimensional array Set accessor).</summary>
    internal static unsafe class RuntimeImports
    {
        /// <summary>Array covariance: a value stored into an array of references must fit its element type.</summary>
        internal static void RhCheckArrayStore(object array, object value)
        {
            if (value is null) return;
            MethodTable* elementType = array.m_pMethodTable->RelatedParameterType;
            if (value.m_pMethodTable != elementType && !TypeCast.IsAssignable(value.m_pMethodTable, elementType))
                throw new ArrayTypeMismatchException();
        }
    }
}

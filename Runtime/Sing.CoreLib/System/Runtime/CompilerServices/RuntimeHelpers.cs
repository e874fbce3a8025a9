using Internal.Runtime;

namespace System.Runtime.CompilerServices
{
    public static unsafe class RuntimeHelpers
    {
        public static int OffsetToStringData => sizeof(IntPtr) + sizeof(int);

        [Intrinsic]
        public static bool IsReferenceOrContainsReferences<T>() => throw null;

        [Intrinsic]
        internal static bool IsKnownConstant(int value) => false;


        internal static MethodTable* GetMethodTable(object obj) => obj.m_pMethodTable;
    }

    /// <summary>Per-type record of whether its static constructor has run. The compiler places one in the image
    /// for each type with a lazily-run cctor; a non-zero address means "not run yet".</summary>
    public struct StaticClassConstructionContext
    {
        public volatile IntPtr cctorMethodAddress;
    }
}

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

        /// <summary>A span over constant data in the image: what C# emits for `ReadOnlySpan&lt;int&gt; s = new[] { 1, 2 }`
        /// (any element type wider than a byte). The compiler expands it where the field is known, always the case
        /// in code C# generates; no other call can reach it.</summary>
        [Intrinsic]
        public static ReadOnlySpan<T> CreateSpan<T>(RuntimeFieldHandle fldHandle) =>
            throw new PlatformNotSupportedException("RuntimeHelpers.CreateSpan needs a field the compiler knows.");


        internal static MethodTable* GetMethodTable(object obj) => obj.m_pMethodTable;

        /// <summary>`array[a..b]`: a new array holding the slice (of the array's own element type, as .NET).</summary>
        public static T[] GetSubArray<T>(T[] array, Range range)
        {
            if (array is null) throw new ArgumentNullException(nameof(array));
            (int offset, int length) = range.GetOffsetAndLength(array.Length);
            if (length == 0) return new T[0];
            T[] result = new T[length];
            for (int i = 0; i < length; i++) result[i] = array[offset + i];
            return result;
        }

        /// <summary>An identity hash for any object (what object.GetHashCode returns unless overridden).</summary>
        public static int GetHashCode(object o)
        {
            if (o is null) return 0;
            nint address = Unsafe.As<object, nint>(ref o);
            return (int)(address >> 3) ^ (int)(address >> 35);
        }

        public static bool Equals(object o1, object o2) => ReferenceEquals(o1, o2);

        /// <summary>Records' generated printing calls this before recursing; the stack guard page (a fault that
        /// ends the SIP) is what stops runaway recursion here.</summary>
        public static void EnsureSufficientExecutionStack() { }

        public static bool TryEnsureSufficientExecutionStack() => true;
    }

    /// <summary>Per-type record of whether its static constructor has run. The compiler places one in the image
    /// for each type with a lazily-run cctor; a non-zero address means "not run yet".</summary>
    public struct StaticClassConstructionContext
    {
        public volatile IntPtr cctorMethodAddress;
    }
}

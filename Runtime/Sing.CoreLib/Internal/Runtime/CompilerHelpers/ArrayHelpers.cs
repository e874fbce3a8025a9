using System;
using System.Runtime;

namespace Internal.Runtime.CompilerHelpers
{
    /// <summary>Called by generated code for `new T[a, b, ...]`: allocates the elements and records each
    /// dimension's length (lower bounds are zero).</summary>
    internal static unsafe class ArrayHelpers
    {
        public static Array NewObjArray(IntPtr pEEType, int nDimensions, int* pDimensions)
        {
            MethodTable* type = (MethodTable*)(void*)pEEType;
            ulong total = 1;
            for (int i = 0; i < nDimensions; i++)
            {
                if (pDimensions[i] < 0) throw new OverflowException();
                total *= (uint)pDimensions[i];
                if (total > int.MaxValue) throw new OutOfMemoryException();
            }
            object array = RuntimeExports.AllocateArrayLike(type, (int)total);
            // The bounds start where an SzArray's elements would: right after the length and its padding.
            int* bounds = (int*)((byte*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref array.GetRawData()) + 2 * sizeof(int));
            for (int i = 0; i < nDimensions; i++)
            {
                bounds[i] = pDimensions[i];
                bounds[nDimensions + i] = 0;
            }
            return System.Runtime.CompilerServices.Unsafe.As<Array>(array);
        }
    }
}

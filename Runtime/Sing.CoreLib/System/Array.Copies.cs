using System.Runtime.CompilerServices;

namespace System
{
    public abstract unsafe partial class Array : ICloneable
    {
        /// <summary>A shallow copy: the same elements in a new array of the same type and shape.</summary>
        public object Clone() => MemberwiseClone();

        public void CopyTo(Array array, int index)
        {
            if (array is not null && array.Rank != 1) throw new ArgumentException("Only single dimensional arrays are supported for the requested action.");
            Copy(this, 0, array, index, Length);
        }

        public void CopyTo(Array array, long index) => CopyTo(array, checked((int)index));

        public static void Copy(Array sourceArray, Array destinationArray, int length) => Copy(sourceArray, 0, destinationArray, 0, length);

        public static void Copy(Array sourceArray, Array destinationArray, long length) => Copy(sourceArray, 0, destinationArray, 0, checked((int)length));

        public static void Copy(Array sourceArray, long sourceIndex, Array destinationArray, long destinationIndex, long length) =>
            Copy(sourceArray, checked((int)sourceIndex), destinationArray, checked((int)destinationIndex), checked((int)length));

        public static void ConstrainedCopy(Array sourceArray, int sourceIndex, Array destinationArray, int destinationIndex, int length) =>
            Copy(sourceArray, sourceIndex, destinationArray, destinationIndex, length);

        /// <summary>Copies elements between arrays of the same type (any rank, as their elements lie in order), or
        /// between arrays of reference types, each element stored through the destination's own type check (so a
        /// string[] never receives anything but strings). Other element types (int[] to long[]) are refused.</summary>
        public static void Copy(Array sourceArray, int sourceIndex, Array destinationArray, int destinationIndex, int length)
        {
            CheckCopy(sourceArray, sourceIndex, destinationArray, destinationIndex, length);
            if (length == 0) return;

            Internal.Runtime.MethodTable* source = sourceArray.m_pMethodTable;
            Internal.Runtime.MethodTable* destination = destinationArray.m_pMethodTable;
            if (source == destination)
            {
                nuint size = source->ComponentSize;
                Buffer.BulkMoveWithWriteBarrier(
                    ref Unsafe.Add(ref destinationArray.FirstElement(), (nint)((nuint)destinationIndex * size)),
                    ref Unsafe.Add(ref sourceArray.FirstElement(), (nint)((nuint)sourceIndex * size)),
                    (nuint)length * size);
                return;
            }
            if (source->IsSzArray && destination->IsSzArray && !source->ArrayElementType->IsValueType && !destination->ArrayElementType->IsValueType)
            {
                // Both hold references: the stores below check each element against the destination's element type.
                object[] from = Unsafe.As<object[]>(sourceArray);
                object[] to = Unsafe.As<object[]>(destinationArray);
                Type target = destinationArray.GetType().GetElementType();
                for (int i = 0; i < length; i++)
                {
                    object item = from[sourceIndex + i];
                    // .NET reports an element that does not fit as a failed cast; the elements before it stay copied.
                    // (The store below checks again: the destination's own element type is the wall.)
                    if (item is not null && !target.IsInstanceOfType(item))
                        throw new InvalidCastException("Unable to cast object of type '" + item.GetType().ToString() + "' to type '" + target.ToString() + "'.");
                    to[destinationIndex + i] = item;
                }
                return;
            }
            throw new ArrayTypeMismatchException("Source array type cannot be assigned to destination array type.");
        }

        /// <summary>Array.Copy's argument checks, with .NET's exceptions and messages (the typed and untyped forms share them).</summary>
        private static void CheckCopy(Array sourceArray, int sourceIndex, Array destinationArray, int destinationIndex, int length)
        {
            if (sourceArray is null) throw new ArgumentNullException(nameof(sourceArray));
            if (destinationArray is null) throw new ArgumentNullException(nameof(destinationArray));
            if (sourceArray.Rank != destinationArray.Rank) throw new RankException("The specified arrays must have the same number of dimensions.");
            ArgumentOutOfRangeException.ThrowIfNegative(length);
            ArgumentOutOfRangeException.ThrowIfLessThan(sourceIndex, 0);
            ArgumentOutOfRangeException.ThrowIfLessThan(destinationIndex, 0);
            if (sourceArray.Length - sourceIndex < length)
                throw new ArgumentException("Source array was not long enough. Check the source index, length, and the array's lower bounds.", nameof(sourceArray));
            if (destinationArray.Length - destinationIndex < length)
                throw new ArgumentException("Destination array was not long enough. Check the destination index, length, and the array's lower bounds.", nameof(destinationArray));
        }

        /// <summary>The first element: after the length (and, for a multi-dimensional array, its bounds).</summary>
        private ref byte FirstElement() => ref Unsafe.Add(ref GetRawData(), (nint)(m_pMethodTable->BaseSize - SzArrayBaseSize));
    }
}

using System.Diagnostics.CodeAnalysis;

namespace System
{
    /// <summary>Throw sites kept out of line so that hot paths stay small.</summary>
    internal static class ThrowHelpers
    {
        [DoesNotReturn] internal static void ThrowIndexOutOfRangeException() => throw new IndexOutOfRangeException();
        [DoesNotReturn] internal static void ThrowArgumentOutOfRangeException() => throw new ArgumentOutOfRangeException();
        [DoesNotReturn] internal static void ThrowArgumentException(string message) => throw new ArgumentException(message);
        [DoesNotReturn] internal static void ThrowInvalidOperationException(string message) => throw new InvalidOperationException(message);
        [DoesNotReturn] internal static void ThrowInvalidCastException() => throw new InvalidCastException();
        [DoesNotReturn] internal static void ThrowArrayTypeMismatchException() => throw new ArrayTypeMismatchException();
        [DoesNotReturn] internal static void ThrowOutOfMemoryException() => throw new OutOfMemoryException();
    }
}

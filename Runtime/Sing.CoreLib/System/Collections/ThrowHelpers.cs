using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;

namespace System.Collections
{
    /// <summary>Out-of-line throw sites for the collections, so their hot paths stay small.</summary>
    internal static class CollectionThrowHelpers
    {
        [DoesNotReturn] internal static void IndexOutOfRange() =>
            throw new ArgumentOutOfRangeException("index", "Index was out of range. Must be non-negative and less than the size of the collection.");
        [DoesNotReturn] internal static void ArgumentOutOfRange(string paramName) => throw new ArgumentOutOfRangeException(paramName);
        [DoesNotReturn] internal static void ArgumentNull(string paramName) => throw new ArgumentNullException(paramName);
        [DoesNotReturn] internal static void KeyNotFound() => throw new KeyNotFoundException();
        [DoesNotReturn] internal static void KeyNotFound(object key) => throw new KeyNotFoundException("The given key '" + key?.ToString() + "' was not present in the dictionary.");
        [DoesNotReturn] internal static void DuplicateKey() => throw new ArgumentException("An item with the same key has already been added.");
        [DoesNotReturn] internal static void DuplicateKey(object key) => throw new ArgumentException("An item with the same key has already been added. Key: " + key?.ToString());
        [DoesNotReturn] internal static void StackEmpty() => throw new InvalidOperationException("Stack empty.");
        [DoesNotReturn] internal static void QueueEmpty() => throw new InvalidOperationException("Queue empty.");
        [DoesNotReturn] internal static void EmptyCollection() => throw new InvalidOperationException("The collection is empty.");
        [DoesNotReturn] internal static void VersionChanged() => throw new InvalidOperationException("Collection was modified; enumeration operation may not execute.");
        [DoesNotReturn] internal static void LengthMismatch() => throw new ArgumentException("Bit arrays differ in length.");
    }
}

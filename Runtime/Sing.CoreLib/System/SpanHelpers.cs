using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>Block operations the compiler calls by name for cpblk/initblk and span clears.</summary>
    internal static unsafe class SpanHelpers
    {
        internal static void Memmove(ref byte destination, ref byte source, nuint length) =>
            Buffer.Memmove((byte*)Unsafe.AsPointer(ref destination), (byte*)Unsafe.AsPointer(ref source), length);

        internal static void ClearWithoutReferences(ref byte destination, nuint length) =>
            Buffer.Fill((byte*)Unsafe.AsPointer(ref destination), 0, length);

        internal static void ClearWithReferences(ref nint destination, nuint pointerCount) =>
            Buffer.Fill((byte*)Unsafe.AsPointer(ref destination), 0, pointerCount * (nuint)sizeof(nint));

        internal static void Fill(ref byte destination, byte value, nuint length) =>
            Buffer.Fill((byte*)Unsafe.AsPointer(ref destination), value, length);
    }
}

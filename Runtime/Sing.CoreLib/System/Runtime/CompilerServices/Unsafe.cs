namespace System.Runtime.CompilerServices
{
    /// <summary>Low-level memory operations. The compiler supplies the IL of these [Intrinsic] methods; the
    /// bodies here are never used.</summary>
    public static unsafe class Unsafe
    {
        [Intrinsic] public static void* AsPointer<T>(ref T value) => throw null;
        [Intrinsic] public static ref T AsRef<T>(void* source) => throw null;
        [Intrinsic] public static ref T AsRef<T>(scoped ref readonly T source) => throw null;
        [Intrinsic] public static T As<T>(object o) where T : class => throw null;
        [Intrinsic] public static ref TTo As<TFrom, TTo>(ref TFrom source) => throw null;
        [Intrinsic] public static ref T Add<T>(ref T source, int elementOffset) => throw null;
        [Intrinsic] public static ref T Add<T>(ref T source, nint elementOffset) => throw null;
        [Intrinsic] public static ref T AddByteOffset<T>(ref T source, nint byteOffset) => throw null;
        [Intrinsic] public static int SizeOf<T>() => throw null;
        [Intrinsic] public static bool AreSame<T>(ref readonly T left, ref readonly T right) => throw null;
        [Intrinsic] public static bool IsNullRef<T>(ref readonly T source) => throw null;
        [Intrinsic] public static ref T NullRef<T>() => throw null;
        [Intrinsic] public static T Read<T>(void* source) => throw null;
        [Intrinsic] public static void Write<T>(void* destination, T value) => throw null;
        [Intrinsic] public static nint ByteOffset<T>(ref readonly T origin, ref readonly T target) => throw null;
        [Intrinsic] public static void SkipInit<T>(out T value) => throw null;
    }
}

using System;

namespace Internal.Runtime.CompilerHelpers
{
    /// <summary>Throw helpers the compiler calls by name for checks it inlines (bounds, null, overflow...).</summary>
    internal static class ThrowHelpers
    {
        private static void ThrowOverflowException() => throw new OverflowException();
        private static void ThrowIndexOutOfRangeException() => throw new IndexOutOfRangeException();
        private static void ThrowNullReferenceException() => throw new NullReferenceException();
        private static void ThrowDivideByZeroException() => throw new DivideByZeroException();
        private static void ThrowArgumentOutOfRangeException() => throw new ArgumentOutOfRangeException();
        private static void ThrowArgumentException() => throw new ArgumentException();
        private static void ThrowPlatformNotSupportedException() => throw new PlatformNotSupportedException();
        private static void ThrowNotImplementedException() => throw new NotImplementedException();
        private static void ThrowNotSupportedException() => throw new NotSupportedException();
        private static void ThrowArrayTypeMismatchException() => throw new ArrayTypeMismatchException();
        private static void ThrowInvalidCastException() => throw new InvalidCastException();

        // Bodies the compiler removed (trimmed features, unavailable code) call these when reached.
        private static void ThrowFeatureBodyRemoved() => throw new NotSupportedException("This feature was removed when the image was compiled.");
        private static void ThrowBodyRemoved() => throw new NotSupportedException("This code was removed when the image was compiled.");
        private static void ThrowInstanceBodyRemoved() => throw new NotSupportedException("This method was removed when the image was compiled.");
        private static void ThrowUnavailableType() => throw new NotSupportedException("This type was removed when the image was compiled.");
    }

    /// <summary>Integer division helpers for targets without hardware division (unused on x64, required by name).</summary>
    internal static class MathHelpers
    {
        private static int IDiv(int a, int b) => a / b;
        private static uint UDiv(uint a, uint b) => a / b;
        private static long LDiv(long a, long b) => a / b;
        private static ulong ULDiv(ulong a, ulong b) => a / b;
        private static int IMod(int a, int b) => a % b;
        private static uint UMod(uint a, uint b) => a % b;
        private static long LMod(long a, long b) => a % b;
        private static ulong ULMod(ulong a, ulong b) => a % b;
    }
}

using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>Base of all arrays. Layout (length, padding, then the elements) is a contract with the compiler.</summary>
    public abstract partial class Array
    {
        private int _numComponents;
#pragma warning disable CS0169 // pads the element data to pointer alignment on 64-bit
        private int _padding;
#pragma warning restore CS0169

        public int Length => _numComponents;

        internal ref byte GetRawData() => ref Unsafe.As<int, byte>(ref Unsafe.Add(ref _numComponents, 2));
    }
}

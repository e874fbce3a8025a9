namespace System
{
    /// <summary>A type's MethodTable, as ldtoken produces it.</summary>
    public unsafe struct RuntimeTypeHandle : IEquatable<RuntimeTypeHandle>
    {
        internal IntPtr _value;

        internal RuntimeTypeHandle(Internal.Runtime.MethodTable* type) { _value = (IntPtr)type; }

        public bool Equals(RuntimeTypeHandle other) => _value == other._value;
        public override bool Equals(object obj) => obj is RuntimeTypeHandle other && Equals(other);
        public override int GetHashCode() => _value.GetHashCode();
        public static bool operator ==(RuntimeTypeHandle left, RuntimeTypeHandle right) => left._value == right._value;
        public static bool operator !=(RuntimeTypeHandle left, RuntimeTypeHandle right) => left._value != right._value;
    }

    public struct RuntimeMethodHandle
    {
        internal IntPtr _value;
    }

    public struct RuntimeFieldHandle
    {
        internal IntPtr _value;
    }
}

using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    /// <summary>The root of the type hierarchy. Its single field is the MethodTable pointer the compiler lays
    /// out at offset 0 of every object.</summary>
    public unsafe class Object
    {
        // ILC's generated unboxing stubs for shared generic structs read this field by name ("m_pEEType").
        internal MethodTable* m_pEEType;

        internal MethodTable* m_pMethodTable => m_pEEType;

        public Object() { }

        ~Object() { }

        public virtual bool Equals(object obj) => this == obj;

        // Objects never move (the collector is non-moving), so the address is a stable identity hash.
        public virtual int GetHashCode()
        {
            object self = this;
            nint address = Unsafe.As<object, nint>(ref self);
            return (int)(address >> 3) ^ (int)(address >> 35);
        }

        public virtual string ToString() => "object";

        public static bool ReferenceEquals(object a, object b) => a == b;

        internal MethodTable* MethodTable => m_pEEType;
    }
}

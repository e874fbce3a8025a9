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

        /// <summary>The type's full name, as in .NET ("System.Object", "MyApp.Point").</summary>
        public virtual string ToString() => GetType().ToString();

        public Type GetType() => Type.FromMethodTable(m_pEEType);

        /// <summary>A shallow copy: same type, fields copied (references are shared).</summary>
        protected object MemberwiseClone()
        {
            MethodTable* type = m_pEEType;
            // Arrays and strings keep their length in the first four bytes after the MethodTable pointer.
            int length = type->HasComponentSize ? Unsafe.As<byte, int>(ref System.Runtime.ObjectExtensions.GetRawData(this)) : 0;
            object copy = type->HasComponentSize
                ? System.Runtime.RuntimeExports.AllocateArrayLike(type, length)
                : Internal.Runtime.ObjectAllocator.AllocateObject(type);
            nuint size = type->BaseSize - (nuint)(2 * sizeof(nint)) + (nuint)type->ComponentSize * (nuint)length;
            Buffer.Memmove((byte*)Unsafe.AsPointer(ref System.Runtime.ObjectExtensions.GetRawData(copy)),
                (byte*)Unsafe.AsPointer(ref System.Runtime.ObjectExtensions.GetRawData(this)), size);
            return copy;
        }

        public static bool ReferenceEquals(object a, object b) => a == b;

        internal MethodTable* MethodTable => m_pEEType;
    }
}

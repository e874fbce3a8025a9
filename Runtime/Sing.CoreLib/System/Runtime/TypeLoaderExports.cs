using Internal.Runtime;
using Internal.Runtime.TypeLoader;

namespace System.Runtime
{
    /// <summary>Entry points ILC calls by name for generic virtual method dispatch.</summary>
    public static unsafe class TypeLoaderExports
    {
        /// <summary>Target of a call to the generic virtual method <paramref name="slot"/> on <paramref name="obj"/>:
        /// a code address, or a fat pointer (bit 1 set) to {shared code, generic dictionary}.</summary>
        public static IntPtr GVMLookupForSlot(object obj, RuntimeMethodHandle slot)
        {
            if (obj == null) throw new NullReferenceException();
            MethodTable* type = obj.m_pMethodTable;
            void* handle = (void*)slot._value;
            nint target = GenericVirtualMethodCache.Lookup(type, handle);
            if (target != 0) return target;
            target = GenericVirtualMethodResolver.Resolve(type, (byte*)handle);
            GenericVirtualMethodCache.Add(type, handle, target);
            return target;
        }
    }
}

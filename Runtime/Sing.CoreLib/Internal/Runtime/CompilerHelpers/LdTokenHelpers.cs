using System;

namespace Internal.Runtime.CompilerHelpers
{
    /// <summary>What ILC calls for `ldtoken` (typeof, and handles of methods and fields): the handle is the
    /// compiler's pointer to the type's MethodTable (or the method's or field's descriptor) wrapped in the struct.</summary>
    internal static unsafe class LdTokenHelpers
    {
        private static RuntimeTypeHandle GetRuntimeTypeHandle(IntPtr pEEType) => new RuntimeTypeHandle((MethodTable*)pEEType);

        private static Type GetRuntimeType(IntPtr pEEType) => Type.GetTypeFromHandle(new RuntimeTypeHandle((MethodTable*)pEEType));

        private static RuntimeMethodHandle GetRuntimeMethodHandle(IntPtr pHandleSignature) => new RuntimeMethodHandle { _value = pHandleSignature };

        private static RuntimeFieldHandle GetRuntimeFieldHandle(IntPtr pHandleSignature) => new RuntimeFieldHandle { _value = pHandleSignature };
    }
}

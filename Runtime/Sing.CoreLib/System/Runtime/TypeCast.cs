using System;
using Internal.Runtime;

namespace System.Runtime
{
    /// <summary>Casting helpers (is/as/castclass, array element stores) called by generated code by symbol name.
    /// Exact MethodTable identity is the fast path; then the base chain, the interface map and array rules.
    /// Variant generic interfaces and delegates convert by their variance (GenericVariance).</summary>
    internal static unsafe class TypeCast
    {
        /// <summary>.NET's wording, with both types' full names.</summary>
        internal static InvalidCastException CastError(MethodTable* from, MethodTable* to) =>
            new InvalidCastException("Unable to cast object of type '" + Type.FromMethodTable(from).ToString() + "' to type '" + Type.FromMethodTable(to).ToString() + "'.");

        [RuntimeExport("RhTypeCast_IsInstanceOfClass")]
        private static object IsInstanceOfClass(MethodTable* target, object obj)
        {
            if (obj == null || obj.m_pMethodTable == target) return obj;
            return IsSubclass(obj.m_pMethodTable, target) ? obj : null;
        }

        [RuntimeExport("RhTypeCast_CheckCastClass")]
        private static object CheckCastClass(MethodTable* target, object obj)
        {
            if (obj == null || obj.m_pMethodTable == target) return obj;
            if (IsSubclass(obj.m_pMethodTable, target)) return obj;
            throw CastError(obj.m_pMethodTable, target);
        }

        [RuntimeExport("RhTypeCast_CheckCastClassSpecial")]
        private static object CheckCastClassSpecial(MethodTable* target, object obj) => CheckCastAny(target, obj);

        [RuntimeExport("RhTypeCast_IsInstanceOfInterface")]
        private static object IsInstanceOfInterface(MethodTable* target, object obj)
        {
            if (obj == null) return null;
            return ImplementsInterface(obj.m_pMethodTable, target) ? obj : null;
        }

        [RuntimeExport("RhTypeCast_CheckCastInterface")]
        private static object CheckCastInterface(MethodTable* target, object obj)
        {
            if (obj == null || ImplementsInterface(obj.m_pMethodTable, target)) return obj;
            throw CastError(obj.m_pMethodTable, target);
        }

        [RuntimeExport("RhTypeCast_IsInstanceOfAny")]
        private static object IsInstanceOfAny(MethodTable* target, object obj)
        {
            if (obj == null) return null;
            return IsAssignable(obj.m_pMethodTable, target) ? obj : null;
        }

        [RuntimeExport("RhTypeCast_CheckCastAny")]
        private static object CheckCastAny(MethodTable* target, object obj)
        {
            if (obj == null || IsAssignable(obj.m_pMethodTable, target)) return obj;
            throw CastError(obj.m_pMethodTable, target);
        }

        [RuntimeExport("RhTypeCast_IsInstanceOfException")]
        private static bool IsInstanceOfException(MethodTable* target, object obj) =>
            obj != null && IsAssignable(obj.m_pMethodTable, target);

        /// <summary>An element of an array of references seen as a struct, so that indexing the array is a plain ldelema:
        /// the compiler checks the bound inline and knows the element lies in the heap (the write barrier without the
        /// heap test).</summary>
        private struct ArrayElement
        {
            public object Value;
        }

        /// <summary>stelem.ref: bounds check, then the array-covariance check on the stored value. Null and the exact
        /// element type (every store into a List&lt;T&gt;'s own array of a T) store at once, with no frame; object[],
        /// subclasses and interfaces take <see cref="StelemCheckAndStore"/>.</summary>
        [RuntimeExport("RhpStelemRef")]
        private static void StelemRef(object[] array, nint index, object value)
        {
            ref object element = ref System.Runtime.CompilerServices.Unsafe.As<ArrayElement[]>(array)[index].Value;
            if (value == null)
            {
                element = null;
                return;
            }
            if (value.m_pMethodTable == array.m_pMethodTable->ArrayElementType)
            {
                element = value;
                return;
            }
            StelemCheckAndStore(ref element, array, value);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void StelemCheckAndStore(ref object element, object[] array, object value)
        {
            MethodTable* elementType = array.m_pMethodTable->ArrayElementType;
            MethodTable* valueType = value.m_pMethodTable;
            if (elementType != Internal.Runtime.MethodTable.Of<object>() && valueType->BaseType != elementType && !IsAssignable(valueType, elementType))
                throw new ArrayTypeMismatchException();
            element = value;
        }

        /// <summary>ldelema on an array of references: the array's element type must be exactly the expected one.</summary>
        [RuntimeExport("RhpLdelemaRef")]
        private static ref object LdelemaRef(object[] array, nint index, MethodTable* elementType)
        {
            if ((nuint)index >= (uint)array.Length) throw new IndexOutOfRangeException();
            if (array.m_pMethodTable->RelatedParameterType != elementType) throw new ArrayTypeMismatchException();
            ref object slot = ref System.Runtime.CompilerServices.Unsafe.As<byte, object>(ref array.GetRawData());
            return ref System.Runtime.CompilerServices.Unsafe.Add(ref slot, index);
        }

        internal static bool IsSubclass(MethodTable* type, MethodTable* target)
        {
            for (MethodTable* t = type; t != null; t = t->BaseType)
                if (t == target) return true;
            return false;
        }

        internal static bool ImplementsInterface(MethodTable* type, MethodTable* target)
        {
            int count = type->NumInterfaces;
            MethodTable** map = type->InterfaceMap;
            for (int i = 0; i < count; i++)
                if (map[i] == target) return true;
            return Internal.Runtime.GenericVariance.IndexOfAssignableInterface(type, target) >= 0;
        }

        /// <summary>Full assignability of an object's type to a target type: classes, interfaces and arrays
        /// (reference-element arrays are covariant).</summary>
        internal static bool IsAssignable(MethodTable* source, MethodTable* target)
        {
            if (source == target) return true;
            if (target->IsInterface) return ImplementsInterface(source, target);
            if (target->IsArray)
            {
                if (!source->IsArray || source->BaseSize != target->BaseSize) return false;
                MethodTable* sourceElement = source->RelatedParameterType;
                MethodTable* targetElement = target->RelatedParameterType;
                if (sourceElement == targetElement) return true;
                if (sourceElement->IsValueType || targetElement->IsValueType) return false;
                return IsAssignable(sourceElement, targetElement);
            }
            return IsSubclass(source, target) || Internal.Runtime.GenericVariance.IsAssignable(source, target);
        }

        internal static bool AreUnboxCompatible(MethodTable* boxed, MethodTable* target)
        {
            if (boxed == target) return true;
            // An enum unboxes to its underlying primitive and back: both carry the same element type.
            EETypeElementType a = boxed->ElementType, b = target->ElementType;
            return a == b && a >= EETypeElementType.Boolean && a <= EETypeElementType.UIntPtr;
        }
    }
}

using System.Runtime;

namespace Internal.Runtime
{
    /// <summary>Assignability between two instantiations of one variant generic interface or delegate, e.g.
    /// IProducer&lt;string&gt; to IProducer&lt;object&gt; for IProducer&lt;out T&gt;: per type argument, equal, or for an
    /// out parameter a reference type assignable to the target's, for an in parameter the other way round.</summary>
    internal static unsafe class GenericVariance
    {
        private const byte Covariant = 1;
        private const byte Contravariant = 2;
        private const byte ArrayCovariant = 0x20;

        public static bool IsAssignable(MethodTable* source, MethodTable* target)
        {
            if (!target->HasGenericVariance || !source->IsGeneric || source->GenericDefinition != target->GenericDefinition)
                return false;
            MethodTable* definition = target->GenericDefinition;
            byte* variance = definition->GenericVarianceOfDefinition;
            if (variance == null) return false;
            int arity = target->GenericArity;
            for (int i = 0; i < arity; i++)
            {
                MethodTable* from = source->GetGenericArgument(i, arity);
                MethodTable* to = target->GetGenericArgument(i, arity);
                if (from == to) continue;
                bool ok = variance[i] switch
                {
                    Covariant or ArrayCovariant => !from->IsValueType && TypeCast.IsAssignable(from, to),
                    Contravariant => !to->IsValueType && TypeCast.IsAssignable(to, from),
                    _ => false,
                };
                if (!ok) return false;
            }
            return true;
        }

        /// <summary>The interface of <paramref name="type"/>'s interface map that converts to the variant interface
        /// <paramref name="target"/>, or null. The first such interface wins, as in a cast.</summary>
        public static int IndexOfAssignableInterface(MethodTable* type, MethodTable* target)
        {
            MethodTable** map = type->InterfaceMap;
            if (target->HasGenericVariance)
            {
                for (int i = 0; i < type->NumInterfaces; i++)
                    if (IsAssignable(map[i], target)) return i;
            }
            // Most failed interface casts are of non-arrays (e.g. `x is IEquatable<T>` in a comparer): no call for them.
            return type->IsSzArray ? IndexOfArrayCovariantInterface(type, target) : -1;
        }

        /// <summary>Array covariance carried over to the generic interfaces an array implements, as CLR arrays do:
        /// U[] (U a reference type) converts to IList&lt;T&gt;, IReadOnlyList&lt;T&gt;, IEnumerable&lt;T&gt;... when it
        /// implements that interface over U and U converts to T. Those interfaces are not variant themselves (ILC
        /// records no variance for them), so this is the array's rule, not the interface's. -1 if none.</summary>
        private static int IndexOfArrayCovariantInterface(MethodTable* type, MethodTable* target)
        {
            if (!type->IsSzArray || !target->IsGeneric || target->GenericArity != 1) return -1;
            MethodTable* element = type->RelatedParameterType;
            MethodTable* to = target->GetGenericArgument(0, 1);
            if (element->IsValueType || to->IsValueType || !TypeCast.IsAssignable(element, to)) return -1;
            MethodTable* definition = target->GenericDefinition;
            MethodTable** map = type->InterfaceMap;
            for (int i = 0; i < type->NumInterfaces; i++)
            {
                MethodTable* candidate = map[i];
                if (candidate->IsGeneric && candidate->GenericDefinition == definition && candidate->GetGenericArgument(0, 1) == element)
                    return i;
            }
            return -1;
        }
    }
}

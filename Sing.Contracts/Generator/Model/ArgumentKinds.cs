using Microsoft.CodeAnalysis;

namespace Sing.Contracts.Model
{
    /// <summary>Classifies types: what may travel in a message, and which values are tracked (linear).</summary>
    internal static class ArgumentKinds
    {
        public static ArgumentKind Classify(ITypeSymbol type)
        {
            if (type is IErrorTypeSymbol)
            {
                // Before generation, endpoint types of contracts in this compilation do not exist yet.
                return type.Name == KnownNames.ImpName || type.Name == KnownNames.ExpName ? ArgumentKind.Endpoint : ArgumentKind.Invalid;
            }

            switch (type.SpecialType)
            {
                case SpecialType.System_Boolean:
                case SpecialType.System_Char:
                case SpecialType.System_SByte:
                case SpecialType.System_Byte:
                case SpecialType.System_Int16:
                case SpecialType.System_UInt16:
                case SpecialType.System_Int32:
                case SpecialType.System_UInt32:
                case SpecialType.System_Int64:
                case SpecialType.System_UInt64:
                case SpecialType.System_Single:
                case SpecialType.System_Double:
                    return ArgumentKind.Scalar;
            }

            if (type.TypeKind == TypeKind.Enum)
            {
                return ArgumentKind.Scalar;
            }

            if (type is INamedTypeSymbol named)
            {
                string name = MetadataName(named);
                if (name == KnownNames.ExRef)
                {
                    return ArgumentKind.Block;
                }

                if (name == KnownNames.ExVector)
                {
                    return ArgumentKind.Vector;
                }

                if (IsEndpointType(named))
                {
                    return ArgumentKind.Endpoint;
                }

                if (named.TypeKind == TypeKind.Struct && IsStructOfScalars(named, 0))
                {
                    return ArgumentKind.Struct;
                }
            }

            return ArgumentKind.Invalid;
        }

        /// <summary>True for a generated Imp/Exp type of a contract.</summary>
        public static bool IsEndpointType(ITypeSymbol type)
        {
            return (type.Name == KnownNames.ImpName || type.Name == KnownNames.ExpName)
                && type.ContainingType is INamedTypeSymbol contract
                && ContractReader.IsContract(contract);
        }

        /// <summary>
        /// True for values whose ownership the analyzers track: subclasses of Sing.Contracts.Linear, and type
        /// parameters constrained to one (T : Linear, T : Endpoint, U : T), so generic code is checked like the rest.
        /// </summary>
        public static bool IsTracked(ITypeSymbol? type)
        {
            return IsTracked(type, 0);
        }

        private static bool IsTracked(ITypeSymbol? type, int depth)
        {
            if (type is ITypeParameterSymbol parameter)
            {
                if (depth < 8)
                {
                    foreach (ITypeSymbol constraint in parameter.ConstraintTypes)
                    {
                        if (IsTracked(constraint, depth + 1))
                        {
                            return true;
                        }
                    }
                }

                return false;
            }

            for (ITypeSymbol? t = type; t is not null; t = t.BaseType)
            {
                if (t.Name == "Linear" && t.ContainingNamespace?.ToDisplayString() == KnownNames.Namespace)
                {
                    return true;
                }
            }

            return false;
        }

        public static string MetadataName(INamedTypeSymbol type)
        {
            string ns = type.ContainingNamespace is { IsGlobalNamespace: false } n ? n.ToDisplayString() + "." : "";
            return ns + type.MetadataName;
        }

        private static bool IsStructOfScalars(INamedTypeSymbol type, int depth)
        {
            if (depth > 8 || !type.IsUnmanagedType)
            {
                return false;
            }

            foreach (ISymbol member in type.GetMembers())
            {
                if (member is IFieldSymbol { IsStatic: false } field)
                {
                    ITypeSymbol ft = field.Type;
                    if (ft.TypeKind == TypeKind.Pointer || ft.TypeKind == TypeKind.FunctionPointer)
                    {
                        return false;
                    }

                    if (ft.TypeKind == TypeKind.Struct && ft.SpecialType == SpecialType.None && ft is INamedTypeSymbol nested && !IsStructOfScalars(nested, depth + 1))
                    {
                        return false;
                    }
                }
            }

            return true;
        }
    }
}

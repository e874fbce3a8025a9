using Microsoft.CodeAnalysis;
using Sing.Contracts.Model;

namespace Sing.Analyzers
{
    /// <summary>Tuple types with a tracked element (nested tuples included): values the analysis cannot follow while kept whole.</summary>
    internal static class TrackedTuples
    {
        public static bool Holds(ITypeSymbol? type, int depth = 0)
        {
            if (depth > 8 || type is not INamedTypeSymbol { IsTupleType: true } tuple)
            {
                return false;
            }

            foreach (IFieldSymbol element in tuple.TupleElements)
            {
                if (ArgumentKinds.IsTracked(element.Type) || Holds(element.Type, depth + 1))
                {
                    return true;
                }
            }

            return false;
        }
    }
}

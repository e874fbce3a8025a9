using System.Collections.Concurrent;
using Microsoft.CodeAnalysis;
using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>Contract models per compilation, read once and shared by all methods analysed in parallel.</summary>
    internal sealed class ContractCache
    {
        private readonly ConcurrentDictionary<INamedTypeSymbol, ContractModel> _models = new ConcurrentDictionary<INamedTypeSymbol, ContractModel>(SymbolEqualityComparer.Default);

        /// <summary>The contract of an endpoint type (C.Imp / C.Exp), or null.</summary>
        public ContractModel? ForEndpoint(ITypeSymbol? type, out bool isImp)
        {
            isImp = false;
            if (type is not INamedTypeSymbol named || !ArgumentKinds.IsEndpointType(named))
            {
                return null;
            }

            isImp = named.Name == KnownNames.ImpName;
            return _models.GetOrAdd(named.ContainingType!, ContractReader.Read);
        }

        /// <summary>For a generated receive-result struct (C.Imp.SReceived): its contract, side and state.</summary>
        public ContractModel? ForReceiveResult(ITypeSymbol? type, out bool isImp, out int state)
        {
            state = -1;
            isImp = false;
            if (type is not INamedTypeSymbol { TypeKind: TypeKind.Struct } named || !named.Name.EndsWith("Received", System.StringComparison.Ordinal))
            {
                return null;
            }

            ContractModel? model = ForEndpoint(named.ContainingType, out isImp);
            if (model is not null)
            {
                state = model.FindState(named.Name.Substring(0, named.Name.Length - "Received".Length));
            }

            return state < 0 ? null : model;
        }
    }
}

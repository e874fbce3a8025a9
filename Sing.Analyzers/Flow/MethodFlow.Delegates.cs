using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>
    /// Invoking a delegate lends its tracked arguments unless the delegate type's parameter is [Claims], as for a
    /// method. One exception the analysis can see exactly: a local of this method that only ever holds lambdas or
    /// method groups claiming a parameter moves the argument it is given there (DelegateConversionAnalyzer accepts
    /// such a conversion into a local and reports it anywhere else).
    /// </summary>
    internal sealed partial class MethodFlow
    {
        /// <summary>Delegate locals: bit i set when every target assigned to the local claims its parameter i.</summary>
        private readonly Dictionary<ILocalSymbol, ulong> _claimingDelegates = new Dictionary<ILocalSymbol, ulong>(SymbolEqualityComparer.Default);

        /// <summary>Delegate locals given targets that disagree on which parameters they claim.</summary>
        private readonly HashSet<ILocalSymbol> _mixedDelegates = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);

        private void CollectClaimingDelegates()
        {
            foreach (IOperation operation in _cfg.OriginalOperation.Descendants())
            {
                if (operation is not IDelegateCreationOperation creation || LocalReceiving(creation) is not ILocalSymbol local)
                {
                    continue;
                }

                ulong mask = ClaimedParameters(creation.Target);
                if (_claimingDelegates.TryGetValue(local, out ulong previous) && previous != mask)
                {
                    _mixedDelegates.Add(local);
                }

                _claimingDelegates[local] = mask;
            }

            foreach (ILocalSymbol local in _mixedDelegates)
            {
                // Targets that disagree: a call through the local cannot be followed (see MixedDelegate).
                _claimingDelegates.Remove(local);
            }
        }

        /// <summary>The local a delegate creation is stored in (its declaration or a plain assignment), or null.</summary>
        internal static ILocalSymbol? LocalReceiving(IOperation creation)
        {
            IOperation? parent = creation.Parent;
            while (parent is IConversionOperation)
            {
                parent = parent.Parent;
            }

            return parent switch
            {
                IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => declarator.Symbol,
                ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } => target.Local,
                _ => null,
            };
        }

        /// <summary>Bit i: parameter i of the lambda or method behind a delegate creation is [Claims].</summary>
        private static ulong ClaimedParameters(IOperation target)
        {
            IMethodSymbol? method = target switch
            {
                IAnonymousFunctionOperation lambda => lambda.Symbol,
                IMethodReferenceOperation group => group.Method,
                _ => null,
            };
            ulong mask = 0;
            if (method is not null)
            {
                for (int i = 0; i < method.Parameters.Length && i < 64; i++)
                {
                    if (ContractReader.FindAttribute(method.Parameters[i], KnownNames.Claims) is not null)
                    {
                        mask |= 1UL << i;
                    }
                }
            }

            return mask;
        }

        /// <summary>True when the call invokes a delegate local whose targets disagree on claiming this argument.</summary>
        private bool InvokedMixedDelegate(IMethodSymbol? method, IOperation? instance)
        {
            return method?.MethodKind == MethodKind.DelegateInvoke && instance is not null
                && Unwrap(instance) is ILocalReferenceOperation local && _mixedDelegates.Contains(local.Local);
        }

        /// <summary>True when the call invokes a delegate local whose targets all claim this parameter.</summary>
        private bool InvokedDelegateClaims(IMethodSymbol? method, IOperation? instance, IParameterSymbol? parameter)
        {
            return method?.MethodKind == MethodKind.DelegateInvoke && parameter is not null && parameter.Ordinal < 64 && instance is not null
                && Unwrap(instance) is ILocalReferenceOperation local && _claimingDelegates.TryGetValue(local.Local, out ulong mask)
                && (mask & (1UL << parameter.Ordinal)) != 0;
        }
    }
}

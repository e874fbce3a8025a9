using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Sing.Contracts.Model;

namespace Sing.Contracts.Generator
{
    /// <summary>
    /// Incremental generator: for each <c>[Contract] partial class</c>, emits its endpoint types.
    /// Contract errors are reported by Sing.Analyzers; here a contract with errors still produces
    /// its best-effort types so the rest of the program keeps compiling while it is being edited.
    /// </summary>
    [Generator(LanguageNames.CSharp)]
    public sealed class ContractGenerator : IIncrementalGenerator
    {
        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            IncrementalValuesProvider<GeneratedContract> contracts = context.SyntaxProvider.ForAttributeWithMetadataName(
                KnownNames.Contract,
                static (node, _) => node is ClassDeclarationSyntax,
                static (ctx, _) => Build(ctx));

            context.RegisterSourceOutput(contracts, static (spc, contract) =>
            {
                if (contract.Source.Length > 0)
                {
                    spc.AddSource(contract.HintName, contract.Source);
                }
            });
        }

        private static GeneratedContract Build(GeneratorAttributeSyntaxContext ctx)
        {
            if (ctx.TargetSymbol is not INamedTypeSymbol type || type.ContainingType is not null || type.IsGenericType
                || ctx.TargetNode is not ClassDeclarationSyntax declaration || !declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
            {
                return new GeneratedContract("", "");
            }

            // Only the first partial declaration produces output.
            if (type.DeclaringSyntaxReferences.Length > 1 && type.DeclaringSyntaxReferences[0].GetSyntax() != ctx.TargetNode)
            {
                return new GeneratedContract("", "");
            }

            ContractModel model = ContractReader.Read(type);
            if (model.States.Count == 0)
            {
                return new GeneratedContract("", "");
            }

            string hint = (model.Namespace is null ? "" : model.Namespace + ".") + model.Name + ".Contract.g.cs";
            return new GeneratedContract(hint, ContractEmitter.Emit(model));
        }
    }
}

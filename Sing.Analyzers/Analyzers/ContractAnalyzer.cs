using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Sing.Contracts.Model;

namespace Sing.Analyzers
{
    /// <summary>Contract well-formedness: the problems the shared contract model finds, at their source locations.</summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class ContractAnalyzer : DiagnosticAnalyzer
    {
        private static readonly Dictionary<string, DiagnosticDescriptor> ById = new Dictionary<string, DiagnosticDescriptor>
        {
            [ProblemIds.BranchSyntax] = Descriptors.BranchSyntax,
            [ProblemIds.UnknownMessage] = Descriptors.UnknownMessage,
            [ProblemIds.UnknownState] = Descriptors.UnknownState,
            [ProblemIds.DirectionMismatch] = Descriptors.DirectionMismatch,
            [ProblemIds.UnboundedQueue] = Descriptors.UnboundedQueue,
            [ProblemIds.UnreachableState] = Descriptors.UnreachableState,
            [ProblemIds.MixedState] = Descriptors.MixedState,
            [ProblemIds.NotExchangeable] = Descriptors.NotExchangeable,
            [ProblemIds.EndpointArgumentState] = Descriptors.EndpointArgumentState,
            [ProblemIds.Duplicate] = Descriptors.Duplicate,
            [ProblemIds.ExtensionMustStartWithIn] = Descriptors.ExtensionMustStartWithIn,
            [ProblemIds.NoStates] = Descriptors.NoStates,
            [ProblemIds.ReservedName] = Descriptors.ReservedName,
        };

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(
            Descriptors.BranchSyntax,
            Descriptors.UnknownMessage,
            Descriptors.UnknownState,
            Descriptors.DirectionMismatch,
            Descriptors.UnboundedQueue,
            Descriptors.UnreachableState,
            Descriptors.MixedState,
            Descriptors.NotExchangeable,
            Descriptors.EndpointArgumentState,
            Descriptors.Duplicate,
            Descriptors.ExtensionMustStartWithIn,
            Descriptors.NoStates,
            Descriptors.NotPartial,
            Descriptors.ReservedName);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterSymbolAction(AnalyzeType, SymbolKind.NamedType);
        }

        private static void AnalyzeType(SymbolAnalysisContext context)
        {
            var type = (INamedTypeSymbol)context.Symbol;
            if (!ContractReader.IsContract(type))
            {
                return;
            }

            if (type.ContainingType is not null || type.IsGenericType || !IsPartial(type))
            {
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.NotPartial, type.Locations.Length > 0 ? type.Locations[0] : Location.None, type.Name));
            }

            ContractModel model = ContractReader.Read(type);
            var seen = new HashSet<string>();
            foreach (ContractProblem problem in model.Problems)
            {
                if (!ById.TryGetValue(problem.Id, out DiagnosticDescriptor? descriptor))
                {
                    continue;
                }

                Location location = problem.Location is { IsInSource: true } l ? l : (type.Locations.Length > 0 ? type.Locations[0] : Location.None);
                if (seen.Add(problem.Id + location.SourceSpan.ToString() + string.Join("|", problem.Arguments)))
                {
                    context.ReportDiagnostic(Diagnostic.Create(descriptor, location, problem.Arguments));
                }
            }
        }

        private static bool IsPartial(INamedTypeSymbol type)
        {
            foreach (SyntaxReference reference in type.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax() is ClassDeclarationSyntax declaration)
                {
                    foreach (SyntaxToken modifier in declaration.Modifiers)
                    {
                        if (modifier.IsKind(SyntaxKind.PartialKeyword))
                        {
                            return true;
                        }
                    }
                }
            }

            return false;
        }
    }
}

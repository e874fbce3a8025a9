using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Sing.Contracts.Model;

namespace Sing.Analyzers
{
    /// <summary>
    /// Where tracked values may not live: ordinary fields, properties and collections (use TRef),
    /// lambda and local-function closures, async/iterator state machines; and one value may not be
    /// passed twice in a call (the callee would see two owners).
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class CaptureAndStorageAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(
            Descriptors.StoredInField,
            Descriptors.Captured,
            Descriptors.InAsync,
            Descriptors.PassedTwice,
            Descriptors.CannotFollow);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterSymbolAction(AnalyzeField, SymbolKind.Field, SymbolKind.Property);
            context.RegisterSymbolAction(AnalyzeMethod, SymbolKind.Method);
            context.RegisterOperationAction(AnalyzeLocal, OperationKind.VariableDeclarator);
            context.RegisterOperationAction(AnalyzeCapture, OperationKind.AnonymousFunction, OperationKind.LocalFunction);
            context.RegisterOperationAction(AnalyzeCall, OperationKind.Invocation, OperationKind.ObjectCreation);
            // A plain operation action with a cheap first test, not a symbol-start action per type: in the IDE a symbol-start
            // action makes Roslyn's driver do per-type bookkeeping on every keystroke that cost several times the check itself.
            context.RegisterOperationAction(AnalyzePrimaryConstructorCapture, OperationKind.ParameterReference);
        }

        /// <summary>True if the type is tracked or holds tracked values (arrays, generic arguments); TRef, EndpointSet and
        /// ReconnectingEndpoint excepted: they own what they hold and hand it out only through calls the flow analysis follows.</summary>
        private static bool HoldsTracked(ITypeSymbol? type, int depth = 0)
        {
            if (type is null || depth > 6)
            {
                return false;
            }

            if (ArgumentKinds.IsTracked(type))
            {
                return true;
            }

            if (type is IArrayTypeSymbol array)
            {
                return HoldsTracked(array.ElementType, depth + 1);
            }

            if (type is INamedTypeSymbol named && named.IsGenericType && !IsOwningHolder(named))
            {
                foreach (ITypeSymbol argument in named.TypeArguments)
                {
                    if (HoldsTracked(argument, depth + 1))
                    {
                        return true;
                    }
                }
            }

            return false;
        }

        private static bool IsOwningHolder(INamedTypeSymbol type)
        {
            string name = ArgumentKinds.MetadataName(type.OriginalDefinition);
            return name == KnownNames.TRef || name == KnownNames.EndpointSet || name == KnownNames.ReconnectingEndpoint;
        }

        private static void AnalyzeField(SymbolAnalysisContext context)
        {
            ISymbol symbol = context.Symbol;
            if (symbol.IsImplicitlyDeclared || symbol.Locations.Length == 0 || !symbol.Locations[0].IsInSource)
            {
                return;
            }

            ITypeSymbol? type = symbol switch
            {
                IFieldSymbol field => field.Type,
                IPropertySymbol property when IsAutoProperty(property) => property.Type,
                _ => null,
            };
            if (HoldsTracked(type))
            {
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.StoredInField, symbol.Locations[0], symbol.Name, type!.ToDisplayString()));
            }
        }

        private static bool IsAutoProperty(IPropertySymbol property)
        {
            foreach (ISymbol member in property.ContainingType.GetMembers())
            {
                if (member is IFieldSymbol field && SymbolEqualityComparer.Default.Equals(field.AssociatedSymbol, property))
                {
                    return true;
                }
            }

            return false;
        }

        private static void AnalyzeMethod(SymbolAnalysisContext context)
        {
            var method = (IMethodSymbol)context.Symbol;
            if (!method.IsImplicitlyDeclared)
            {
                TupleParameters(method, context.ReportDiagnostic);
            }

            if (!method.IsAsync && !IsIterator(method))
            {
                return;
            }

            foreach (IParameterSymbol parameter in method.Parameters)
            {
                if (ArgumentKinds.IsTracked(parameter.Type) && parameter.Locations.Length > 0)
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.InAsync, parameter.Locations[0], parameter.Name));
                }
            }
        }

        private static void AnalyzeLocal(OperationAnalysisContext context)
        {
            var declarator = (IVariableDeclaratorOperation)context.Operation;
            ILocalSymbol local = declarator.Symbol;
            if (ArgumentKinds.IsTracked(local.Type) && local.ContainingSymbol is IMethodSymbol method && (method.IsAsync || IsIterator(method)))
            {
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.InAsync, local.Locations[0], local.Name));
            }
        }

        private static bool IsIterator(IMethodSymbol method)
        {
            foreach (SyntaxReference reference in method.DeclaringSyntaxReferences)
            {
                SyntaxNode declaration = reference.GetSyntax();

                // A yield in a local function makes that function the iterator, not the method around it.
                foreach (SyntaxNode node in declaration.DescendantNodes(n => n == declaration
                    || n is not (Microsoft.CodeAnalysis.CSharp.Syntax.LocalFunctionStatementSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.AnonymousFunctionExpressionSyntax)))
                {
                    if (node is Microsoft.CodeAnalysis.CSharp.Syntax.YieldStatementSyntax)
                    {
                        return true;
                    }
                }
            }

            return false;
        }

        private static void AnalyzeCapture(OperationAnalysisContext context)
        {
            IMethodSymbol? function = context.Operation switch
            {
                IAnonymousFunctionOperation lambda => lambda.Symbol,
                ILocalFunctionOperation local => local.Symbol,
                _ => null,
            };
            if (function is null)
            {
                return;
            }

            if (function.IsAsync || (context.Operation is ILocalFunctionOperation && IsIterator(function)))
            {
                // An async lambda or local function keeps its parameters in a state machine object.
                foreach (IParameterSymbol parameter in function.Parameters)
                {
                    if (ArgumentKinds.IsTracked(parameter.Type) && parameter.Locations.Length > 0)
                    {
                        context.ReportDiagnostic(Diagnostic.Create(Descriptors.InAsync, parameter.Locations[0], parameter.Name));
                    }
                }
            }

            TupleParameters(function, context.ReportDiagnostic);
            var seen = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            foreach (IOperation operation in context.Operation.Descendants())
            {
                ISymbol? variable = operation switch
                {
                    ILocalReferenceOperation local => local.Local,
                    IParameterReferenceOperation parameter => parameter.Parameter,
                    _ => null,
                };
                if (variable is null || !ArgumentKinds.IsTracked(((ILocalSymbol?)(variable as ILocalSymbol))?.Type ?? (variable as IParameterSymbol)?.Type))
                {
                    continue;
                }

                if (!DeclaredInside(variable, function) && seen.Add(variable))
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.Captured, operation.Syntax.GetLocation(), variable.Name));
                }
            }
        }

        /// <summary>
        /// A parameter holding tracked values in a tuple: its elements can be read any number of times (t.Item1 twice),
        /// so the analysis cannot follow them (SING0211). Deconstructing at the call site gives each value a variable.
        /// </summary>
        private static void TupleParameters(IMethodSymbol method, System.Action<Diagnostic> report)
        {
            foreach (IParameterSymbol parameter in method.Parameters)
            {
                if (TrackedTuples.Holds(parameter.Type) && parameter.Locations.Length > 0 && parameter.Locations[0].IsInSource)
                {
                    report(Diagnostic.Create(Descriptors.CannotFollow, parameter.Locations[0], parameter.Name, "holds tracked values in a tuple kept whole",
                        "pass each value as a parameter of its own type"));
                }
            }
        }

        /// <summary>A primary-constructor parameter used in a member body lives in a hidden field of the object.</summary>
        private static void AnalyzePrimaryConstructorCapture(OperationAnalysisContext context)
        {
            var reference = (IParameterReferenceOperation)context.Operation;
            IParameterSymbol parameter = reference.Parameter;

            // Most references are to a parameter of the method they are in: the first two tests end those.
            if (parameter.ContainingSymbol is not IMethodSymbol { MethodKind: MethodKind.Constructor } constructor
                || SymbolEqualityComparer.Default.Equals(context.ContainingSymbol, constructor)
                || !ArgumentKinds.IsTracked(parameter.Type) || !IsPrimaryConstructor(constructor)
                || context.ContainingSymbol is IFieldSymbol or IPropertySymbol)
            {
                // Field and property initializers run in the constructor: not a capture.
                return;
            }

            context.ReportDiagnostic(Diagnostic.Create(Descriptors.StoredInField, reference.Syntax.GetLocation(), parameter.Name + " (a primary-constructor parameter captured into a hidden field)", parameter.Type.ToDisplayString()));
        }

        private static bool IsPrimaryConstructor(IMethodSymbol constructor)
        {
            foreach (SyntaxReference reference in constructor.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax() is Microsoft.CodeAnalysis.CSharp.Syntax.TypeDeclarationSyntax)
                {
                    return true;
                }
            }

            return false;
        }

        private static bool DeclaredInside(ISymbol variable, IMethodSymbol function)
        {
            for (ISymbol? owner = variable.ContainingSymbol; owner is not null; owner = owner.ContainingSymbol)
            {
                if (SymbolEqualityComparer.Default.Equals(owner, function))
                {
                    return true;
                }

                if (owner is not IMethodSymbol { MethodKind: MethodKind.AnonymousFunction or MethodKind.LocalFunction })
                {
                    return false;
                }
            }

            return false;
        }

        private static void AnalyzeCall(OperationAnalysisContext context)
        {
            ImmutableArray<IArgumentOperation> arguments = context.Operation switch
            {
                IInvocationOperation invocation => invocation.Arguments,
                IObjectCreationOperation creation => creation.Arguments,
                _ => ImmutableArray<IArgumentOperation>.Empty,
            };
            var seen = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            if (context.Operation is IInvocationOperation { Instance: { } instance } && Variable(instance) is ISymbol receiver)
            {
                seen.Add(receiver);
            }

            foreach (IArgumentOperation argument in arguments)
            {
                if (Variable(argument.Value) is ISymbol variable && !seen.Add(variable))
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.PassedTwice, argument.Value.Syntax.GetLocation(), variable.Name));
                }
            }
        }

        private static ISymbol? Variable(IOperation operation)
        {
            while (operation is IConversionOperation conversion)
            {
                operation = conversion.Operand;
            }

            return operation switch
            {
                ILocalReferenceOperation local when ArgumentKinds.IsTracked(local.Local.Type) => local.Local,
                IParameterReferenceOperation parameter when ArgumentKinds.IsTracked(parameter.Parameter.Type) => parameter.Parameter,
                _ => null,
            };
        }
    }
}

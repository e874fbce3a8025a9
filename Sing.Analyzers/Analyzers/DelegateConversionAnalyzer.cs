using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Sing.Contracts.Model;

namespace Sing.Analyzers
{
    /// <summary>
    /// A delegate's callers follow its type: invoking it lends a tracked argument unless the delegate type's parameter
    /// is [Claims]. A lambda or method converted to that type must agree, or the value would be released twice
    /// (the lambda claims what callers only lend) or never (callers give away what the lambda only borrows): SING0211
    /// where the conversion is made, the one place that sees both sides. A claiming lambda kept in a local is the
    /// exception: the flow analysis moves the argument at each invocation through that local.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class DelegateConversionAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Descriptors.CannotFollow);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterOperationAction(AnalyzeConversion, OperationKind.DelegateCreation);
        }

        private static void AnalyzeConversion(OperationAnalysisContext context)
        {
            var creation = (IDelegateCreationOperation)context.Operation;
            IMethodSymbol? invoke = (creation.Type as INamedTypeSymbol)?.DelegateInvokeMethod;
            (IMethodSymbol? target, string kind) = creation.Target switch
            {
                IAnonymousFunctionOperation lambda => (lambda.Symbol, "lambda"),
                IMethodReferenceOperation group => (group.Method, "method '" + group.Method.Name + "'"),
                _ => ((IMethodSymbol?)null, string.Empty),
            };
            if (invoke is null || target is null || target.Parameters.Length != invoke.Parameters.Length)
            {
                return;
            }

            // Kept in a local of the method: the flow analysis sees every invocation through it and moves what a claiming target takes.
            bool inLocal = Flow.MethodFlow.LocalReceiving(creation) is not null;

            string delegateType = creation.Type!.ToDisplayString();
            for (int i = 0; i < invoke.Parameters.Length; i++)
            {
                IParameterSymbol given = target.Parameters[i];
                IParameterSymbol declared = invoke.Parameters[i];
                if (given.RefKind != RefKind.None || !(ArgumentKinds.IsTracked(given.Type) || ArgumentKinds.IsTracked(declared.Type)))
                {
                    continue;
                }

                bool claims = ContractReader.FindAttribute(given, KnownNames.Claims) is not null;
                if (claims == (ContractReader.FindAttribute(declared, KnownNames.Claims) is not null) || (claims && inLocal))
                {
                    continue;
                }

                Location location = creation.Target is IAnonymousFunctionOperation && given.Locations.Length > 0 && given.Locations[0].IsInSource
                    ? given.Locations[0]
                    : creation.Target.Syntax.GetLocation();
                string where = claims
                    ? "is claimed by the " + kind + ", but callers of '" + delegateType + "' only lend it (they would release it again)"
                    : "is given away by callers of '" + delegateType + "' ([Claims]), but the " + kind + " only borrows it (nobody would release it)";
                string advice = claims
                    ? "declare a delegate type whose parameter is [Claims] (delegate void Handler([Claims] ...)), or borrow the value and release it after the call"
                    : "mark the parameter [Claims] and release it";
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.CannotFollow, location, given.Name, where, advice));
            }
        }
    }
}

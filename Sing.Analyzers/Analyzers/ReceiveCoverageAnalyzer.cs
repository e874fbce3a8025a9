using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Sing.Analyzers.Flow;

namespace Sing.Analyzers
{
    /// <summary>
    /// A switch (statement or expression) on a typed receive's Tag, or on the receive result itself,
    /// must handle every message the state allows, and ChannelClosed, with any pattern shape: this is
    /// how Singularity's verifier caught the web server that forgot a NO_DATA reply. Arms with a
    /// <c>when</c> guard or that test other properties do not count as handling their messages.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class ReceiveCoverageAnalyzer : DiagnosticAnalyzer
    {
        internal const string MissingProperty = "Missing";
        internal const string OnResultProperty = "OnResult";

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Descriptors.ReceiveNotCovered);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterOperationAction(AnalyzeSwitch, OperationKind.Switch);
            context.RegisterOperationAction(AnalyzeSwitchExpression, OperationKind.SwitchExpression);
        }

        /// <summary>The per-state tag enum (C.Imp.STag / C.Exp.STag), or null.</summary>
        internal static INamedTypeSymbol? TagEnum(ITypeSymbol? type)
        {
            if (type is INamedTypeSymbol { TypeKind: TypeKind.Enum } e && e.Name.EndsWith("Tag", System.StringComparison.Ordinal)
                && e.ContainingType is { } side && Sing.Contracts.Model.ArgumentKinds.IsEndpointType(side))
            {
                return e;
            }

            return null;
        }

        /// <summary>The tag enum a switch governs, and whether the switch is on the receive result rather than its Tag.</summary>
        internal static INamedTypeSymbol? Governed(ITypeSymbol? type, out bool onResult)
        {
            INamedTypeSymbol? tags = TagEnum(type);
            onResult = tags is null;
            return tags ?? TagPatterns.TagsOfResult(type);
        }

        /// <summary>The messages a switch statement handles (Must of its unguarded clauses), or null if it has a default.</summary>
        internal static ulong? Handled(ISwitchOperation switchOperation, INamedTypeSymbol tags, List<IFieldSymbol> members, bool onResult)
        {
            ulong handled = 0;
            foreach (ISwitchCaseOperation section in switchOperation.Cases)
            {
                foreach (ICaseClauseOperation clause in section.Clauses)
                {
                    switch (clause)
                    {
                        case IDefaultCaseClauseOperation:
                            return null;
                        case ISingleValueCaseClauseOperation single when !onResult:
                            handled |= TagPatterns.BitOf(single.Value, members);
                            break;
                        case IPatternCaseClauseOperation { Guard: null } pattern:
                            handled |= TagPatterns.Match(pattern.Pattern, tags, members, onResult).Must;
                            break;
                    }
                }
            }

            return handled;
        }

        /// <summary>The messages a switch expression handles (Must of its unguarded arms).</summary>
        internal static ulong Handled(ISwitchExpressionOperation switchExpression, INamedTypeSymbol tags, List<IFieldSymbol> members, bool onResult)
        {
            ulong handled = 0;
            foreach (ISwitchExpressionArmOperation arm in switchExpression.Arms)
            {
                if (arm.Guard is null)
                {
                    handled |= TagPatterns.Match(arm.Pattern, tags, members, onResult).Must;
                }
            }

            return handled;
        }

        private static void AnalyzeSwitch(OperationAnalysisContext context)
        {
            var switchOperation = (ISwitchOperation)context.Operation;
            INamedTypeSymbol? tags = Governed(switchOperation.Value.Type, out bool onResult);
            if (tags is null)
            {
                return;
            }

            List<IFieldSymbol> members = TagPatterns.Members(tags);
            ulong? handled = Handled(switchOperation, tags, members, onResult);
            if (handled is ulong bits)
            {
                Report(context, tags, members, bits, switchOperation.Syntax, onResult);
            }
        }

        private static void AnalyzeSwitchExpression(OperationAnalysisContext context)
        {
            var switchExpression = (ISwitchExpressionOperation)context.Operation;
            INamedTypeSymbol? tags = Governed(switchExpression.Value.Type, out bool onResult);
            if (tags is null)
            {
                return;
            }

            List<IFieldSymbol> members = TagPatterns.Members(tags);
            Report(context, tags, members, Handled(switchExpression, tags, members, onResult), switchExpression.Syntax, onResult);
        }

        private static void Report(OperationAnalysisContext context, INamedTypeSymbol tags, List<IFieldSymbol> members, ulong handled, SyntaxNode syntax, bool onResult)
        {
            ulong all = members.Count >= 64 ? ulong.MaxValue : (1UL << members.Count) - 1;
            List<string> missing = TagPatterns.Names(all & ~handled, members);
            if (missing.Count > 0)
            {
                string state = tags.Name.Substring(0, tags.Name.Length - 3);
                Location location = syntax is Microsoft.CodeAnalysis.CSharp.Syntax.SwitchStatementSyntax statement
                    ? statement.SwitchKeyword.GetLocation()
                    : syntax is Microsoft.CodeAnalysis.CSharp.Syntax.SwitchExpressionSyntax expression ? expression.SwitchKeyword.GetLocation() : syntax.GetLocation();
                // The code fix adds exactly these (it cannot re-run the pattern analysis: it lives in another assembly).
                ImmutableDictionary<string, string?> properties = ImmutableDictionary<string, string?>.Empty
                    .Add(MissingProperty, string.Join(",", missing))
                    .Add(OnResultProperty, onResult ? "true" : "false");
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.ReceiveNotCovered, location, properties, state, string.Join(", ", missing)));
            }
        }
    }
}

using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Sing.Analyzers
{
    /// <summary>
    /// A switch on a typed receive's Tag must handle every message the state allows, and
    /// ChannelClosed, unless it has a default. This is how Singularity's verifier caught the web
    /// server that forgot a NO_DATA reply.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class ReceiveCoverageAnalyzer : DiagnosticAnalyzer
    {
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

        private static void AnalyzeSwitch(OperationAnalysisContext context)
        {
            var switchOperation = (ISwitchOperation)context.Operation;
            INamedTypeSymbol? tags = TagEnum(switchOperation.Value.Type);
            if (tags is null)
            {
                return;
            }

            var handled = new HashSet<string>();
            foreach (ISwitchCaseOperation section in switchOperation.Cases)
            {
                foreach (ICaseClauseOperation clause in section.Clauses)
                {
                    switch (clause)
                    {
                        case IDefaultCaseClauseOperation:
                            return;
                        case ISingleValueCaseClauseOperation single when Member(single.Value) is string name:
                            handled.Add(name);
                            break;
                        case IPatternCaseClauseOperation { Guard: null } pattern:
                            if (pattern.Pattern is IDiscardPatternOperation)
                            {
                                return;
                            }

                            if (pattern.Pattern is IConstantPatternOperation constant && Member(constant.Value) is string patternName)
                            {
                                handled.Add(patternName);
                            }

                            break;
                    }
                }
            }

            Report(context, tags, handled, switchOperation.Syntax);
        }

        private static void AnalyzeSwitchExpression(OperationAnalysisContext context)
        {
            var switchExpression = (ISwitchExpressionOperation)context.Operation;
            INamedTypeSymbol? tags = TagEnum(switchExpression.Value.Type);
            if (tags is null)
            {
                return;
            }

            var handled = new HashSet<string>();
            foreach (ISwitchExpressionArmOperation arm in switchExpression.Arms)
            {
                if (arm.Guard is not null)
                {
                    continue;
                }

                if (arm.Pattern is IDiscardPatternOperation)
                {
                    return;
                }

                if (arm.Pattern is IConstantPatternOperation constant && Member(constant.Value) is string name)
                {
                    handled.Add(name);
                }
            }

            Report(context, tags, handled, switchExpression.Syntax);
        }

        private static void Report(OperationAnalysisContext context, INamedTypeSymbol tags, HashSet<string> handled, SyntaxNode syntax)
        {
            var missing = new List<string>();
            foreach (ISymbol member in tags.GetMembers())
            {
                if (member is IFieldSymbol { HasConstantValue: true } field && !handled.Contains(field.Name))
                {
                    missing.Add(field.Name);
                }
            }

            if (missing.Count > 0)
            {
                string state = tags.Name.Substring(0, tags.Name.Length - 3);
                Location location = syntax is Microsoft.CodeAnalysis.CSharp.Syntax.SwitchStatementSyntax statement
                    ? statement.SwitchKeyword.GetLocation()
                    : syntax is Microsoft.CodeAnalysis.CSharp.Syntax.SwitchExpressionSyntax expression ? expression.SwitchKeyword.GetLocation() : syntax.GetLocation();
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.ReceiveNotCovered, location, state, string.Join(", ", missing)));
            }
        }

        private static string? Member(IOperation value)
        {
            while (value is IConversionOperation conversion)
            {
                value = conversion.Operand;
            }

            return value is IFieldReferenceOperation field ? field.Field.Name : null;
        }
    }
}

using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;

namespace Sing.Analyzers.CodeFixes
{
    /// <summary>
    /// SING0103: add a case (switch statement) or an arm (switch expression) for every message the
    /// analyzer found unhandled, each throwing until it is written. The analyzer computes the missing
    /// messages with every pattern shape counted (or, not, property patterns) and passes them in the
    /// diagnostic's properties, so the fix never duplicates a handled message.
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(AddMissingReceiveCasesCodeFix))]
    [Shared]
    public sealed class AddMissingReceiveCasesCodeFix : CodeFixProvider
    {
        public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create("SING0103");

        public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

        public override async Task RegisterCodeFixesAsync(CodeFixContext context)
        {
            SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
            SemanticModel? model = await context.Document.GetSemanticModelAsync(context.CancellationToken).ConfigureAwait(false);
            if (root is null || model is null)
            {
                return;
            }

            foreach (Diagnostic diagnostic in context.Diagnostics)
            {
                if (!diagnostic.Properties.TryGetValue("Missing", out string? missingList) || string.IsNullOrEmpty(missingList))
                {
                    continue;
                }

                bool onResult = diagnostic.Properties.TryGetValue("OnResult", out string? flag) && flag == "true";
                SyntaxNode? node = root.FindToken(diagnostic.Location.SourceSpan.Start).Parent;
                SwitchStatementSyntax? switchStatement = node?.FirstAncestorOrSelf<SwitchStatementSyntax>();
                SwitchExpressionSyntax? switchExpression = node?.FirstAncestorOrSelf<SwitchExpressionSyntax>();
                ExpressionSyntax? governing = switchExpression is not null && (switchStatement is null || switchExpression.SpanStart > switchStatement.SpanStart)
                    ? switchExpression.GoverningExpression
                    : switchStatement?.Expression;
                if (governing is null || model.GetTypeInfo(governing, context.CancellationToken).Type is not INamedTypeSymbol type)
                {
                    continue;
                }

                INamedTypeSymbol? tags = onResult ? TagsOf(type) : type;
                if (tags is null)
                {
                    continue;
                }

                string typeName = tags.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                string[] missing = missingList!.Split(',');
                SyntaxNode original;
                SyntaxNode updated;
                if (switchExpression is not null && governing == switchExpression.GoverningExpression)
                {
                    // Arms are parsed from text so the pattern keeps its usual spacing, and indented like the existing ones.
                    SyntaxTriviaList indent = switchExpression.Arms.Count > 0 ? switchExpression.Arms[0].GetLeadingTrivia() : SyntaxFactory.TriviaList();
                    var nodes = new List<SyntaxNodeOrToken>();
                    foreach (SwitchExpressionArmSyntax existing in switchExpression.Arms)
                    {
                        nodes.Add(existing);
                        nodes.Add(SyntaxFactory.Token(SyntaxKind.CommaToken).WithTrailingTrivia(SyntaxFactory.ElasticCarriageReturnLineFeed));
                    }

                    foreach (string name in missing)
                    {
                        string pattern = onResult ? "{ Tag: " + typeName + "." + name + " }" : typeName + "." + name;
                        var parsed = (SwitchExpressionSyntax)SyntaxFactory.ParseExpression("_ switch { " + pattern + " => throw new System.NotImplementedException(\"" + name + "\") }");
                        SwitchExpressionArmSyntax arm = parsed.Arms[0];
                        var names = new List<ExpressionSyntax>();
                        foreach (SyntaxNode inner in arm.Pattern.DescendantNodesAndSelf())
                        {
                            if (inner is MemberAccessExpressionSyntax access && access.ToString() == typeName + "." + name)
                            {
                                names.Add(access);
                            }
                        }

                        arm = arm.ReplaceNodes(names, (_, rewritten) => rewritten.WithAdditionalAnnotations(Simplifier.Annotation));
                        nodes.Add(arm.WithLeadingTrivia(indent).WithTrailingTrivia());
                        nodes.Add(SyntaxFactory.Token(SyntaxKind.CommaToken).WithTrailingTrivia(SyntaxFactory.ElasticCarriageReturnLineFeed));
                    }

                    original = switchExpression;
                    updated = switchExpression.WithArms(SyntaxFactory.SeparatedList<SwitchExpressionArmSyntax>(nodes));
                }
                else
                {
                    var sections = new List<SwitchSectionSyntax>();
                    foreach (string name in missing)
                    {
                        SwitchLabelSyntax label = onResult
                            ? SyntaxFactory.CasePatternSwitchLabel(Pattern(typeName, name, onResult), SyntaxFactory.Token(SyntaxKind.ColonToken))
                            : SyntaxFactory.CaseSwitchLabel(SyntaxFactory.ParseExpression(typeName + "." + name).WithAdditionalAnnotations(Simplifier.Annotation));
                        sections.Add(SyntaxFactory.SwitchSection(
                            SyntaxFactory.SingletonList(label),
                            SyntaxFactory.SingletonList<StatementSyntax>(SyntaxFactory.ParseStatement("throw new System.NotImplementedException(\"" + name + "\");"))));
                    }

                    original = switchStatement!;
                    updated = switchStatement!.AddSections(sections.ToArray()).WithAdditionalAnnotations(Formatter.Annotation);
                }

                context.RegisterCodeFix(
                    CodeAction.Create("Handle every message", _ => Task.FromResult(context.Document.WithSyntaxRoot(root.ReplaceNode(original, updated))), nameof(AddMissingReceiveCasesCodeFix)),
                    diagnostic);
            }
        }

        private static PatternSyntax Pattern(string typeName, string name, bool onResult)
        {
            PatternSyntax constant = SyntaxFactory.ConstantPattern(SyntaxFactory.ParseExpression(typeName + "." + name).WithAdditionalAnnotations(Simplifier.Annotation));
            if (!onResult)
            {
                return constant;
            }

            return SyntaxFactory.RecursivePattern(
                null,
                null,
                SyntaxFactory.PropertyPatternClause(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Subpattern(SyntaxFactory.NameColon("Tag"), constant))),
                null);
        }

        private static INamedTypeSymbol? TagsOf(INamedTypeSymbol result)
        {
            foreach (ISymbol member in result.GetMembers("Tag"))
            {
                if (member is IPropertySymbol { Type: INamedTypeSymbol { TypeKind: TypeKind.Enum } tags })
                {
                    return tags;
                }
            }

            return null;
        }
    }
}

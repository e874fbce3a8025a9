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
    /// <summary>SING0103: add a case for every unhandled message, each throwing until it is written.</summary>
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
                SwitchStatementSyntax? switchStatement = root.FindToken(diagnostic.Location.SourceSpan.Start).Parent?.FirstAncestorOrSelf<SwitchStatementSyntax>();
                if (switchStatement is null || model.GetTypeInfo(switchStatement.Expression, context.CancellationToken).Type is not INamedTypeSymbol tags)
                {
                    continue;
                }

                var handled = new HashSet<string>();
                foreach (SwitchSectionSyntax section in switchStatement.Sections)
                {
                    foreach (SwitchLabelSyntax label in section.Labels)
                    {
                        if (label is CaseSwitchLabelSyntax caseLabel && model.GetSymbolInfo(caseLabel.Value, context.CancellationToken).Symbol is IFieldSymbol field)
                        {
                            handled.Add(field.Name);
                        }
                    }
                }

                string typeName = tags.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                var sections = new List<SwitchSectionSyntax>();
                foreach (ISymbol member in tags.GetMembers())
                {
                    if (member is IFieldSymbol { HasConstantValue: true } field && !handled.Contains(field.Name))
                    {
                        sections.Add(SyntaxFactory.SwitchSection(
                            SyntaxFactory.SingletonList<SwitchLabelSyntax>(SyntaxFactory.CaseSwitchLabel(SyntaxFactory.ParseExpression(typeName + "." + field.Name).WithAdditionalAnnotations(Simplifier.Annotation))),
                            SyntaxFactory.SingletonList<StatementSyntax>(SyntaxFactory.ParseStatement("throw new System.NotImplementedException(\"" + field.Name + "\");"))));
                    }
                }

                if (sections.Count == 0)
                {
                    continue;
                }

                SwitchStatementSyntax updated = switchStatement.AddSections(sections.ToArray()).WithAdditionalAnnotations(Formatter.Annotation);
                context.RegisterCodeFix(
                    CodeAction.Create("Handle every message", _ => Task.FromResult(context.Document.WithSyntaxRoot(root.ReplaceNode(switchStatement, updated))), nameof(AddMissingReceiveCasesCodeFix)),
                    diagnostic);
            }
        }
    }
}

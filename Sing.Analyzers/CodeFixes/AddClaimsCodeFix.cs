using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Sing.Analyzers.CodeFixes
{
    /// <summary>SING0208: a borrowed parameter is given away, so the method must claim it: add [Claims].</summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(AddClaimsCodeFix))]
    [Shared]
    public sealed class AddClaimsCodeFix : CodeFixProvider
    {
        public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create("SING0208");

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
                SyntaxNode node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
                IParameterSymbol? parameter = model.GetSymbolInfo(node, context.CancellationToken).Symbol as IParameterSymbol;
                if (parameter is null)
                {
                    // The diagnostic may sit on an invocation (p.Free()): find the parameter inside it.
                    foreach (SyntaxNode name in node.DescendantNodesAndSelf())
                    {
                        if (name is IdentifierNameSyntax && model.GetSymbolInfo(name, context.CancellationToken).Symbol is IParameterSymbol p)
                        {
                            parameter = p;
                            break;
                        }
                    }
                }

                if (parameter?.DeclaringSyntaxReferences.Length > 0
                    && parameter.DeclaringSyntaxReferences[0].GetSyntax(context.CancellationToken) is ParameterSyntax declaration
                    && declaration.SyntaxTree == root.SyntaxTree)
                {
                    context.RegisterCodeFix(
                        CodeAction.Create("Claim parameter '" + parameter.Name + "'", c => AddAttribute(context.Document, root, declaration, c), nameof(AddClaimsCodeFix)),
                        diagnostic);
                }
            }
        }

        private static Task<Document> AddAttribute(Document document, SyntaxNode root, ParameterSyntax declaration, CancellationToken cancellation)
        {
            AttributeListSyntax claims = SyntaxFactory.AttributeList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Attribute(SyntaxFactory.IdentifierName("Claims"))));
            ParameterSyntax updated = declaration.WithAttributeLists(declaration.AttributeLists.Insert(0, claims.WithTrailingTrivia(SyntaxFactory.Space)))
                .WithLeadingTrivia(declaration.GetLeadingTrivia());
            cancellation.ThrowIfCancellationRequested();
            return Task.FromResult(document.WithSyntaxRoot(root.ReplaceNode(declaration, updated)));
        }
    }
}

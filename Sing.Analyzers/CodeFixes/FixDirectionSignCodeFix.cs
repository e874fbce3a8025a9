using System.Collections.Immutable;
using System.Composition;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Sing.Analyzers.CodeFixes
{
    /// <summary>SING0004: the sign in a branch contradicts the message declaration: flip it.</summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(FixDirectionSignCodeFix))]
    [Shared]
    public sealed class FixDirectionSignCodeFix : CodeFixProvider
    {
        public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create("SING0004");

        public override FixAllProvider GetFixAllProvider() => WellKnownFixAllProviders.BatchFixer;

        public override async Task RegisterCodeFixesAsync(CodeFixContext context)
        {
            SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
            if (root is null)
            {
                return;
            }

            foreach (Diagnostic diagnostic in context.Diagnostics)
            {
                // The message argument is "Name?" or "Name!" as written in the branch.
                string written = diagnostic.GetMessage();
                int quote = written.IndexOf('\'');
                int end = quote < 0 ? -1 : written.IndexOf('\'', quote + 1);
                if (end <= quote + 1)
                {
                    continue;
                }

                string wrong = written.Substring(quote + 1, end - quote - 1);
                string right = wrong.Substring(0, wrong.Length - 1) + (wrong.EndsWith("?", System.StringComparison.Ordinal) ? "!" : "?");
                SyntaxNode node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
                LiteralExpressionSyntax? literal = node as LiteralExpressionSyntax ?? (node as AttributeArgumentSyntax)?.Expression as LiteralExpressionSyntax;
                if (literal is null || !literal.IsKind(SyntaxKind.StringLiteralExpression))
                {
                    continue;
                }

                string text = literal.Token.ValueText;
                int at = IndexOfMessage(text, wrong);
                if (at < 0)
                {
                    continue;
                }

                string fixedText = text.Substring(0, at) + right + text.Substring(at + wrong.Length);
                LiteralExpressionSyntax replacement = SyntaxFactory.LiteralExpression(SyntaxKind.StringLiteralExpression, SyntaxFactory.Literal(fixedText)).WithTriviaFrom(literal);
                context.RegisterCodeFix(
                    CodeAction.Create("Write '" + right + "'", _ => Task.FromResult(context.Document.WithSyntaxRoot(root.ReplaceNode(literal, replacement))), nameof(FixDirectionSignCodeFix)),
                    diagnostic);
            }
        }

        /// <summary>Finds "Name?" as a whole word (not as the tail of a longer message name).</summary>
        private static int IndexOfMessage(string text, string message)
        {
            for (int at = text.IndexOf(message, System.StringComparison.Ordinal); at >= 0; at = text.IndexOf(message, at + 1, System.StringComparison.Ordinal))
            {
                if (at == 0 || !(char.IsLetterOrDigit(text[at - 1]) || text[at - 1] == '_'))
                {
                    return at;
                }
            }

            return -1;
        }
    }
}
